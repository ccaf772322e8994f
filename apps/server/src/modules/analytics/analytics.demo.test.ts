import { type AnalyticsDashboard, analyticsRoutes, type FlagList } from '@zakupki/shared';
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/harness.js';
import { todayMoscow } from '../../lib/moscow-time.js';
import { addDays } from '../calendar/iso-date.js';

/** The demo data (db/seed/demo/analytics.demo-seed.ts) fill every panel and raise at least four flags. */
const t = testAppForFile({}, { demoProcurements: 'plain' });
const today = todayMoscow();
const query = { from: addDays(today, -90).slice(0, 7), to: today.slice(0, 7) };

describe('the demo dashboard', () => {
  it('has figures in every panel', async () => {
    const r = await t.call(analyticsRoutes.dashboard, {
      params: { company_id: t.ids.companies.client1 },
      query,
      as: 'client',
    });
    expect(r.status).toBe(200);
    const d = r.body as AnalyticsDashboard;
    expect(d.savings.total.count).toBeGreaterThanOrEqual(2);
    expect(Number(d.savings.total.saving)).toBeGreaterThan(0);
    expect(d.competition.message.length).toBeGreaterThan(0);
    expect(d.competition.by_method.some((m) => m.lots > 0)).toBe(true);
    expect(Number(d.sme.base)).toBeGreaterThan(0);
    expect(d.plan.positions).toBeGreaterThan(0);
    expect(d.plan.with_contract).toBeGreaterThan(0);
    expect(d.deadlines.months.some((m) => m.on_time + m.late + m.overdue > 0)).toBe(true);
    expect(d.spending.okpd2.length).toBeGreaterThan(0);
    expect(d.spending.suppliers.length).toBeGreaterThan(0);
  });

  it('raises at least four kinds of flags', async () => {
    const r = await t.call(analyticsRoutes.flags, {
      params: { company_id: t.ids.companies.client1 },
      query,
      as: 'client',
    });
    const list = r.body as FlagList;
    const codes = new Set(list.items.map((f) => f.code));
    // the demo loads no РНП register (docs/rnp.md: no real file): its rule is listed inactive
    expect(list.rules.find((x) => x.code === 'rnp_supplier')?.active).toBe(false);
    expect([...codes].sort()).toEqual(
      expect.arrayContaining([
        'conclusion_window',
        'late_placement',
        'notice_minimum',
        'price_equals_nmcd',
        'price_rise',
        'splitting',
      ]),
    );
  });
});
