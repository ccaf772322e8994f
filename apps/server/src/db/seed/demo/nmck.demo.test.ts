import { nmckRoutes } from '@zakupki/shared';
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../../test/harness.js';
import { nmckJustifications } from '../../schema/index.js';

/** The demo: a draft procurement of each client company has a finished НМЦД justification. */
const t = testAppForFile({}, { demoProcurements: 'plain' });

describe('demo НМЦД justifications', () => {
  it('each client company has one applied, with every item justified and its document generated', async () => {
    const rows = await t.app.deps.db.select().from(nmckJustifications);
    expect(rows.map((r) => r.companyId).sort()).toEqual(
      [t.ids.companies.client1, t.ids.companies.client2].sort(),
    );
    for (const row of rows) {
      const j = await t.call(nmckRoutes.get, {
        params: { company_id: row.companyId, id: row.procurementId },
        as: 'specialist',
      });
      expect(j.status).toBe(200);
      expect(j.body.applied_at).not.toBeNull();
      expect(j.body.document.state).toBe('generated');
      expect(j.body.items.every((i) => i.sources.length === 3 && i.refusal === null)).toBe(true);
      expect(j.body.result_nmcd).toBe(j.body.nmcd);
    }
  });
});
