import { procurementDocumentRoutes as d, PROCUREMENT_STATUSES } from '@zakupki/shared';
import { and, asc, eq, inArray, notLike } from 'drizzle-orm';
import PizZip from 'pizzip';
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../../test/harness.js';
import { daysBetween } from '../../../modules/calendar/iso-date.js';
import { productionCalendar } from '../../../modules/calendar/production-calendar.js';
import { readFiles } from '../../../modules/files/files.service.js';
import {
  contracts,
  files,
  procurementDocumentOutputs,
  procurementEvents,
  procurementProtocols,
  procurementRuleVersions,
  procurements,
} from '../../schema/index.js';

const t = testAppForFile({}, { demoProcurements: 'documents' });

describe('demo procurements', () => {
  it('each demo client has a procurement in every status, pinned to the version in force, with its history', async () => {
    const db = t.app.deps.db;
    for (const key of ['client1', 'client2'] as const) {
      const companyId = t.ids.companies[key];
      const rows = await db
        .select()
        .from(procurements)
        // the analytics set's procurements (З-АН-…, analytics.demo-seed.ts) are not the cycle's demo
        .where(and(eq(procurements.companyId, companyId), notLike(procurements.number, 'З-АН-%')))
        .orderBy(asc(procurements.id));
      expect(rows.map((r) => r.status).sort()).toEqual([...PROCUREMENT_STATUSES].sort());
      const versions = await db
        .select()
        .from(procurementRuleVersions)
        .where(eq(procurementRuleVersions.companyId, companyId));
      const cal = productionCalendar();
      for (const p of rows) {
        const v = versions.find((x) => x.id === p.ruleVersionId)!;
        const created = p.createdAt.toISOString().slice(0, 10);
        expect(v.effectiveFrom! <= created && (v.effectiveTo === null || v.effectiveTo >= created)).toBe(
          true,
        );
        expect(v.methods.some((m) => m.method_id === p.methodId)).toBe(true);
        if (p.publishedOn && p.bidsDeadline) {
          const period = v.methods.find((m) => m.method_id === p.methodId)!;
          const earliest =
            period.notice_day_kind === 'working'
              ? cal.addWorkingDays(p.publishedOn, period.notice_days)
              : cal.addCalendarDays(p.publishedOn, period.notice_days, { moveToWorkingDay: true });
          expect(p.bidsDeadline >= earliest, `${p.number}: bids deadline`).toBe(true);
        }
        const events = await db
          .select()
          .from(procurementEvents)
          .where(and(eq(procurementEvents.procurementId, p.id), eq(procurementEvents.kind, 'status')));
        const last = events.sort((a, b) => a.at.getTime() - b.at.getTime()).at(-1);
        expect(last?.toStatus ?? 'draft').toBe(p.status);
      }
      expect(rows.filter((r) => r.source === 'plan' && r.planPositionId !== null)).toHaveLength(1);
      // the concluded one: a final protocol, and a contract of the register that links back
      const done = rows.find((r) => r.status === 'contract_concluded')!;
      const protocols = await db
        .select()
        .from(procurementProtocols)
        .where(eq(procurementProtocols.procurementId, done.id));
      const final = protocols.find((x) => x.final)!;
      expect(final.winnerName).toBeTruthy();
      const [contract] = await db.select().from(contracts).where(eq(contracts.procurementId, done.id));
      expect(contract).toMatchObject({
        companyId,
        noticeNumber: done.eisNoticeNumber,
        procurementMethodId: done.methodId,
        price: final.winnerPrice,
      });
      const gap = daysBetween(final.signedOn, contract.contractDate);
      expect(gap >= 10 && gap <= 20, `contract ${gap} days after the final protocol`).toBe(true);
    }
  });

  it('the documentation past the draft is generated from the demo templates, complete', async () => {
    const db = t.app.deps.db;
    for (const [key, as] of [
      ['client1', 'client'],
      ['client2', 'client2'],
    ] as const) {
      const companyId = t.ids.companies[key];
      const rows = await db
        .select()
        .from(procurements)
        .where(and(eq(procurements.companyId, companyId), notLike(procurements.number, 'З-АН-%')));
      for (const p of rows) {
        const doc = await t.call(d.get, { params: { company_id: companyId, id: p.id }, as });
        expect(doc.status).toBe(200);
        const states = doc.body.documents.map((x) => x.state);
        if (p.status === 'draft') {
          expect(states.every((s) => s === 'ready')).toBe(true);
          continue;
        }
        expect(doc.body.filled_required).toBe(doc.body.required_total);
        expect(states.length).toBeGreaterThanOrEqual(4);
        expect(
          states.every((s) => s === 'generated'),
          `${p.number}: ${states.join()}`,
        ).toBe(true);
      }
      const ids = rows.map((r) => r.id);
      const outputs = await db
        .select()
        .from(procurementDocumentOutputs)
        .where(inArray(procurementDocumentOutputs.procurementId, ids));
      expect(outputs.length).toBeGreaterThan(20);
      for (const o of outputs) {
        expect(o).toMatchObject({ error: null, missing: [], pdfFileId: null });
        const [file] = await db.select().from(files).where(eq(files.id, o.docxFileId!));
        expect(file.companyId).toBe(companyId);
      }
      // one document's text: filled, no tag left
      const [file] = await readFiles(db, [outputs[0].docxFileId!]);
      const text = new PizZip(file.content)
        .file('word/document.xml')!
        .asText()
        .replace(/<[^>]+>/g, '');
      expect(text).not.toMatch(/[{}]|undefined/);
    }
  });
  it('each demo client has a finished competition with bids, points, four protocols and the winner’s contract', async () => {
    for (const key of ['client1', 'client2'] as const) {
      const companyId = t.ids.companies[key];
      // the competition in summing up (КАСКО); the concluded procurement's bids: bids.demo.test.ts
      const [kasko] = await t.db.database.query<{ id: number }>(
        `select id from procurements where company_id = $1 and status = 'summing_up'
           and number not like 'З-АН-%' order by id limit 1`,
        [companyId],
      );
      const res = await t.db.database.query<{
        bids: number;
        rejected: number;
        scores: number;
        protocols: number;
        signed: number;
        contracts: number;
      }>(
        `select (select count(*)::int from bids where procurement_id = $1) as bids,
                (select count(*)::int from bids where procurement_id = $1 and admission = 'rejected') as rejected,
                (select count(*)::int from bid_scores s join bids b on b.id = s.bid_id where b.procurement_id = $1) as scores,
                (select count(*)::int from bid_protocols where procurement_id = $1 and docx_file_id is not null) as protocols,
                (select count(*)::int from bid_protocols where procurement_id = $1 and signed_on is not null) as signed,
                (select count(*)::int from bid_contracts where procurement_id = $1) as contracts`,
        [kasko.id],
      );
      // 4 bids on lot 1 (one rejected) and 3 on lot 2; 3 members × 2 criteria × 6 admitted bids;
      // signed: the opening and review (tied to the demo's recorded ones) and the final protocol
      expect(res[0]).toEqual({ bids: 7, rejected: 1, scores: 36, protocols: 4, signed: 3, contracts: 1 });
    }
  });
});
