import { bidRoutes as b, contractRoutes } from '@zakupki/shared';
import { and, asc, eq, notLike } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../../test/harness.js';
import { procurements } from '../../schema/index.js';

const t = testAppForFile({}, { demoProcurements: 'plain' });

/**
 * The demo's bids (bids.demo-seed.ts): each client company has a finished procurement (its
 * contract concluded) with bids, the commission's points, the four signed protocols and the lot
 * linked to its contract; and the competition in summing up with lot 1's contract drawn.
 */
describe('demo bids', () => {
  it('each client has a finished procurement with bids, scores, protocols and its contract', async () => {
    for (const key of ['client1', 'client2'] as const) {
      const companyId = t.ids.companies[key];
      const rows = await t.app.deps.db
        .select()
        .from(procurements)
        .where(and(eq(procurements.companyId, companyId), notLike(procurements.number, 'З-АН-%')))
        .orderBy(asc(procurements.id));
      const finished = rows.find((r) => r.status === 'contract_concluded');
      expect(finished, key).toBeDefined();
      const res = await t.call(b.results, {
        params: { company_id: companyId, id: finished!.id },
        as: 'specialist',
      });
      expect(res.status).toBe(200);
      const r = res.body;
      expect(r).toMatchObject({ bids_stage: 'closed', can_write: false });
      const [lot] = r.lots;
      expect(lot.bids).toHaveLength(3);
      expect(lot.evaluation).toMatchObject({ complete: true, outcome: 'competitive' });
      const winner = lot.bids.find((x) => x.id === lot.evaluation.winner_bid_id)!;
      if (r.method.ranking === 'score')
        expect(lot.evaluation.bids.every((x) => x.criteria.some((c) => c.member_points.length === 3))).toBe(
          true,
        );
      expect(r.protocols.map((p) => [p.kind, p.signed_on !== null])).toEqual([
        ['opening', true],
        ['review', true],
        ['evaluation', true],
        ['final', true],
      ]);
      expect(lot.contract?.bid_id).toBe(winner.id);
      const c = await t.call(contractRoutes.get, {
        params: { company_id: companyId, id: lot.contract!.contract_id },
        as: 'specialist',
      });
      expect(c.body).toMatchObject({
        status: 'concluded',
        procurement_id: finished!.id,
        supplier_inn: winner.participant_inn,
      });
      expect(winner.items.map((i) => i.unit_price)).toEqual(
        c.body.items.map((i) => Number(i.price).toFixed(2)),
      );

      // the competition in summing up: scored, its final protocol signed, lot 1's contract drawn
      const kasko = rows.find((x) => x.status === 'summing_up')!;
      const k = (
        await t.call(b.results, { params: { company_id: companyId, id: kasko.id }, as: 'specialist' })
      ).body;
      expect(k.lots.map((l) => [l.bids.length, l.contract !== null])).toEqual([
        [4, true],
        [3, false],
      ]);
      expect(k.protocols.find((p) => p.kind === 'final')?.signed_on).not.toBeNull();
    }
  });
});
