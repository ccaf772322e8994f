import { eisPlanRoutes } from '@zakupki/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/harness.js';
import { addCustomer, runImport } from '../imports/import-uploads.factories.js';
import { positionTotals, versionTotalsCells } from './eis-plan-positions.repository.js';
import { PLAN_FILE, PLAN_INN, realPlan } from './eis-plans.factories.js';
import { toTotals } from './eis-plans.presenter.js';

/**
 * The positions page's totals without reading its rows (issue 27 item 2): a status, method or
 * month filter sums the version's cells kept at import; a search counts at most its cap.
 */

const t = testAppForFile();
let company: number;
let planId: number;
let versionId: number;

const page = (query: Record<string, string | number | undefined>) =>
  t.call(eisPlanRoutes.positions, {
    params: { company_id: company, plan_id: planId, version: 63 },
    query: query as never,
    as: 'specialist',
  });

beforeAll(async () => {
  company = t.ids.companies.provider;
  const token = await t.login('specialist');
  await addCustomer(t, company, PLAN_INN);
  const run = await runImport(t, token, company, 'eis-plans', [
    { name: PLAN_FILE, data: Buffer.from(realPlan(), 'utf8') },
  ]);
  expect(run.status, run.error).toBe('done');
  planId = run.result.plan_id;
  const [v] = await t.app.deps.database.query<{ id: number }>(
    'select id from eis_plan_versions where plan_id = $1 and version = 63',
    [planId],
  );
  versionId = v.id;
});

describe('positions page totals', () => {
  it('a status, method or month filter gives the totals its rows give, from the cells kept at import', async () => {
    const [{ code }] = await t.app.deps.database.query<{ code: string }>(
      'select method_code as code from eis_plan_position_versions where version_id = $1 group by 1 order by count(*) desc limit 1',
      [versionId],
    );
    // the real plan: 209 positions, every one placed (P); 39 in November, 198 of the sole supplier
    const filters = [{ status: 'P' }, { month: 11 }, { method: code }, { month: 11, method: code }];
    for (const f of filters) {
      const res = await page({ ...f, limit: 10 });
      expect(res.status).toBe(200);
      const rows = await positionTotals(t.app.deps.db, company, versionId, f);
      expect(rows.total, JSON.stringify(f)).toBeGreaterThan(0);
      expect(rows.total, JSON.stringify(f)).toBeLessThanOrEqual(209);
      expect(res.body.total, JSON.stringify(f)).toBe(rows.total);
      expect(res.body.total_capped).toBe(false);
      expect(res.body.totals, JSON.stringify(f)).toEqual(toTotals(rows));
    }
    // the cells are what is read: changed in the table, the page follows them
    await t.app.deps.database.query(
      `update eis_plan_versions set totals_cube = '[["X", "Способ X", 2020, 11, "P", true, 3, "30.50"], ["X", null, 2020, 11, "A", false, 2, "7.00"], ["Y", "Способ Y", 2020, 10, "P", false, 1, "1.00"]]' where id = $1`,
      [versionId],
    );
    const fake = await page({ month: 11, limit: 10 });
    expect(fake.body.total).toBe(5);
    expect(fake.body.totals).toEqual({
      positions: 3,
      total_price: '30.50',
      sme_price: '30.50',
      sme_share: '100.00',
      by_method: [{ code: 'X', name: 'Способ X', count: 3, sum: '30.50' }],
      by_month: [{ year: 2020, month: 11, count: 3, sum: '30.50' }],
    });
    await t.app.deps.db.execute(
      sql`update eis_plan_versions set totals_cube = ${versionTotalsCells(versionId)} where id = ${versionId}`,
    );
    const back = await page({ month: 11, limit: 10 });
    expect(back.body.totals).toEqual(
      toTotals(await positionTotals(t.app.deps.db, company, versionId, { month: 11 })),
    );
  });

  it('a search counts at most its cap and then says so, without totals', async () => {
    const all = await positionTotals(t.app.deps.db, company, versionId, { q: 'о' });
    expect(all.total).toBeGreaterThan(20);
    const capped = await positionTotals(t.app.deps.db, company, versionId, { q: 'о' }, 20);
    expect(capped).toMatchObject({ total: 20, capped: true });
    const under = await positionTotals(t.app.deps.db, company, versionId, { q: 'о' }, all.total);
    expect(under).toEqual({ ...all, capped: false });
    // the API's cap (1 000) is above the real plan's 209 positions: counted whole
    const res = await page({ q: 'о', limit: 10 });
    expect(res.body).toMatchObject({ total: all.total, total_capped: false, totals: toTotals(all) });
  });
});
