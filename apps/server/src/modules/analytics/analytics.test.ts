import { type AnalyticsDashboard, analyticsRoutes, type FlagCode, type FlagList } from '@zakupki/shared';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/harness.js';
import type { Db } from '../../db/client.js';
import {
  auditLog,
  bids,
  contractDuties,
  contractEvents,
  contractItems,
  contracts,
  contractVersions,
  eisPlanPositions,
  eisPlanPositionVersions,
  eisPlans,
  eisPlanVersions,
  procurementLots,
  procurementProtocols,
} from '../../db/schema/index.js';
import { insertProcurement } from '../procurements/procurements.factories.js';
import { loadRnp } from '../rnp/rnp.service.js';
import { ANALYTICS_SHEETS } from './analytics.xlsx.js';
import { countFlags, flagCounts, flagsOf } from './analytics-flags.service.js';

/**
 * A small constructed set in 2021 (the demo's data are dated around today): every figure below is
 * computed by hand from the rows inserted here (docs/analytics.md gives the definitions).
 */
const t = testAppForFile();
let c1: number;
let c2: number;
const ids: Record<string, number> = {};
const Q = { from: '2021-01', to: '2021-12' };

const A = { inn: '7701000001', name: 'ООО «Альфа»' };
const B = { inn: '7702000002', name: 'ООО «Бета»' };
const S = { inn: '7704123450', name: 'ООО «ЭлектроСнаб»' };
const S2 = { inn: '7810456789', name: 'АО «Северная»' };

async function contract(
  db: Db,
  key: string,
  v: {
    company?: number;
    date: string;
    price: string;
    supplier: { inn: string; name: string };
    sme?: boolean;
    procurementId?: number;
    okpd2?: string;
    firstPrice?: string;
    plan?: string;
  },
) {
  const [row] = await db
    .insert(contracts)
    .values({
      companyId: v.company ?? c1,
      number: `АН-${key}`,
      contractDate: v.date,
      subject: `Договор ${key}`,
      customerName: 'Заказчик',
      customerInn: '7700000000',
      supplierInn: v.supplier.inn,
      supplierName: v.supplier.name,
      supplierIsSme: v.sme ?? false,
      price: v.price,
      status: 'concluded',
      procurementId: v.procurementId ?? null,
      planPositionNumber: v.plan ?? null,
    })
    .returning({ id: contracts.id });
  ids[key] = row.id;
  await db.insert(contractVersions).values({
    contractId: row.id,
    companyId: v.company ?? c1,
    revision: 1,
    action: 'create',
    snapshot: { price: v.firstPrice ?? v.price },
  });
  if (v.firstPrice) {
    await db.insert(contractVersions).values({
      contractId: row.id,
      companyId: v.company ?? c1,
      revision: 2,
      action: 'update',
      snapshot: { price: v.price },
    });
    await db
      .insert(contractEvents)
      .values({ contractId: row.id, companyId: v.company ?? c1, kind: 'change', eventDate: v.date });
  }
  if (v.okpd2)
    await db.insert(contractItems).values({
      contractId: row.id,
      lineNo: 1,
      name: 'Позиция',
      okpd2Code: v.okpd2,
      quantity: '1',
      price: v.price,
      vatRate: 'без НДС',
      amount: v.price,
    });
  return row.id;
}

const lot = (price: string) => [
  {
    subject: 'Лот',
    items: [{ name: 'Товар', okpd2_code: '26.20.11.110', unit_name: 'шт', quantity: '1', unit_price: price }],
  },
];

beforeAll(async () => {
  c1 = t.ids.companies.client1;
  c2 = t.ids.companies.client2;
  const db = t.app.deps.db;
  // P1: auction, НМЦД 1 000 000, bids deadline at the 15-day minimum; protocol 20.03.2021
  const p1 = await insertProcurement(db, {
    companyId: c1,
    number: 'АН-З1',
    method: 'e_auction',
    published_on: '2021-03-01',
    bids_deadline: '2021-03-16',
    lots: lot('1000000.00'),
  });
  // P2: quotation, НМЦД 500 000, bids deadline a working day past the 5-working-day minimum
  const p2 = await insertProcurement(db, {
    companyId: c1,
    number: 'АН-З2',
    method: 'e_quotation',
    published_on: '2021-04-01',
    bids_deadline: '2021-04-09',
    lots: lot('500000.00'),
  });
  ids.p1 = p1.id;
  ids.p2 = p2.id;
  // bids: two on P1's lot (near miss), one on P2's (a single participant)
  const lotOf = async (id: number) =>
    (await db.select().from(procurementLots).where(eq(procurementLots.procurementId, id)))[0].id;
  const bid = (procurementId: number, lotId: number, inn: string, name: string, price: string) => ({
    companyId: c1,
    procurementId,
    lotId,
    participantInn: inn,
    participantName: name,
    receivedAt: new Date('2021-03-10T07:00:00Z'),
    price,
  });
  const l1 = await lotOf(p1.id);
  const l2 = await lotOf(p2.id);
  await db
    .insert(bids)
    .values([
      bid(p1.id, l1, '7707083893', 'ООО «Альфа»', '900000.00'),
      bid(p1.id, l1, '7736050003', 'ООО «Бета»', '950000.00'),
      bid(p2.id, l2, '7702070139', 'ООО «Гамма»', '500000.00'),
    ]);
  await db.insert(procurementProtocols).values([
    {
      procurementId: p1.id,
      kind: 'summing_up',
      final: true,
      signedOn: '2021-03-19',
      publishedOn: '2021-03-20',
    },
    {
      procurementId: p2.id,
      kind: 'summing_up',
      final: true,
      signedOn: '2021-04-20',
      publishedOn: '2021-04-20',
    },
  ]);
  // C1 in the window (30.03–09.04), C2 a day early (window 30.04–10.05) and at the НМЦД
  await contract(db, 'C1', {
    date: '2021-03-30',
    price: '900000.00',
    supplier: A,
    procurementId: p1.id,
    okpd2: '26.20.11.110',
    plan: 'ПЛ-1',
  });
  await contract(db, 'C2', { date: '2021-04-29', price: '500000.00', supplier: A, procurementId: p2.id });
  await contract(db, 'C3', { date: '2021-05-03', price: '200000.00', supplier: B });
  // splitting: S, class 17, Q2: 300 000 + 350 000 > 600 000; S2: 250 000 + 300 000 = 550 000 (near miss)
  await contract(db, 'C4', {
    date: '2021-05-10',
    price: '300000.00',
    supplier: S,
    sme: true,
    okpd2: '17.12.14.129',
  });
  await contract(db, 'C5', {
    date: '2021-06-10',
    price: '350000.00',
    supplier: S,
    sme: true,
    okpd2: '17.23.13.191',
  });
  await contract(db, 'C6', { date: '2021-05-11', price: '250000.00', supplier: S2, okpd2: '17.12.14.129' });
  await contract(db, 'C7', { date: '2021-05-12', price: '300000.00', supplier: S2, okpd2: '17.12.14.129' });
  // price rise: +15 % (flag) and +10 % exactly (near miss)
  await contract(db, 'C8', { date: '2021-07-01', price: '115000.00', firstPrice: '100000.00', supplier: B });
  await contract(db, 'C9', { date: '2021-07-02', price: '110000.00', firstPrice: '100000.00', supplier: B });
  // late placement on C1 (done after due), on time on C2 (near miss)
  await db.insert(contractDuties).values([
    {
      contractId: ids.C1,
      companyId: c1,
      kind: 'register',
      title: 'Сведения о договоре в реестре',
      baseDate: '2021-03-30',
      dueDate: '2021-04-02',
      doneOn: '2021-04-05',
    },
    {
      contractId: ids.C2,
      companyId: c1,
      kind: 'register',
      title: 'Сведения о договоре в реестре',
      baseDate: '2021-04-29',
      dueDate: '2021-05-05',
      doneOn: '2021-05-04',
    },
  ]);
  // another company's contract in the same period: never in client1's figures
  await contract(db, 'X1', {
    company: c2,
    date: '2021-03-15',
    price: '777000.00',
    supplier: A,
    okpd2: '26.20.11.110',
  });
  // a plan of 2021: two positions (1 000 000 and 400 000), the first with P1 and C1
  const [plan] = await db
    .insert(eisPlans)
    .values({
      companyId: c1,
      registrationNumber: 'АН-ПЛАН',
      planType: 'COMMODITY',
      year: 2021,
      currentVersion: 1,
    })
    .returning();
  const [ver] = await db
    .insert(eisPlanVersions)
    .values({
      planId: plan.id,
      companyId: c1,
      version: 1,
      positions: 2,
      totalPrice: '1400000.00',
      fileName: 'p.xml',
      fileSha256: 'x',
    })
    .returning();
  for (const [n, price] of [
    [1, '1000000.00'],
    [2, '400000.00'],
  ] as const) {
    const [pos] = await db
      .insert(eisPlanPositions)
      .values({
        planId: plan.id,
        companyId: c1,
        guid: `g${n}`,
        number: `ПЛ-${n}`,
        ordinalNumber: n,
        firstVersion: 1,
      })
      .returning();
    if (n === 1) ids.pos1 = pos.id;
    await db.insert(eisPlanPositionVersions).values({
      versionId: ver.id,
      positionId: pos.id,
      companyId: c1,
      sort: n,
      ordinalNumber: n,
      subject: `Позиция ${n}`,
      price,
      year: 2021,
      smeOnly: false,
      innovation: false,
      rows: [],
      okpd2Codes: ' ',
    });
  }
  const { procurements } = await import('../../db/schema/index.js');
  await db.update(procurements).set({ planPositionId: ids.pos1 }).where(eq(procurements.id, p1.id));
});

const dash = async (as: 'client' | 'specialist' = 'client', query: Record<string, unknown> = Q) => {
  const r = await t.call(analyticsRoutes.dashboard, { params: { company_id: c1 }, query, as });
  expect(r.status).toBe(200);
  return r.body as AnalyticsDashboard;
};

describe('the dashboard on a constructed set', () => {
  it('savings: НМЦД against the contract price by month, by method and in total', async () => {
    const d = await dash();
    expect(d).toMatchObject({
      from: '2021-01',
      to: '2021-12',
      date_from: '2021-01-01',
      date_to: '2021-12-31',
    });
    expect(d.savings.total).toMatchObject({
      count: 2,
      nmcd: '1500000.00',
      price: '1400000.00',
      saving: '100000.00',
      saving_percent: '6.67',
    });
    expect(d.savings.by_month.map((r) => [r.key, r.nmcd, r.price, r.saving, r.saving_percent])).toEqual([
      ['2021-03', '1000000.00', '900000.00', '100000.00', '10.00'],
      ['2021-04', '500000.00', '500000.00', '0.00', '0.00'],
    ]);
    expect(d.savings.by_method.map((r) => [r.title, r.count, r.saving])).toEqual(
      expect.arrayContaining([
        ['Аукцион в электронной форме', 1, '100000.00'],
        ['Запрос котировок в электронной форме', 1, '0.00'],
      ]),
    );
  });

  it('competition: bids per lot and the share of lots with one bid, by method', async () => {
    const d = await dash();
    expect(d.competition.available).toBe(true);
    expect(
      d.competition.by_method.map((r) => [r.method, r.lots, r.bids_per_lot, r.single_bid_percent]),
    ).toEqual([
      ['Аукцион в электронной форме', 1, '2.00', '0.00'],
      ['Запрос котировок в электронной форме', 1, '1.00', '100.00'],
    ]);
  });

  it('spending: the top suppliers and ОКПД2 classes with their shares; client2’s contract is not counted', async () => {
    const d = await dash();
    // 900 + 500 + 200 + 300 + 350 + 250 + 300 + 115 + 110 thousand
    expect(d.spending.total).toBe('3025000.00');
    expect(d.spending.suppliers.map((r) => [r.key, r.amount, r.share_percent])).toEqual([
      [A.inn, '1400000.00', '46.28'],
      [S.inn, '650000.00', '21.49'],
      [S2.inn, '550000.00', '18.18'],
      [B.inn, '425000.00', '14.05'],
    ]);
    expect(d.spending.okpd2.map((r) => [r.key, r.amount, r.share_percent])).toEqual([
      ['17', '1200000.00', '57.14'],
      ['26', '900000.00', '42.86'],
    ]);
  });

  it('the SME share is the annual SME report’s: 650 000 of 3 025 000', async () => {
    const d = await dash();
    expect(d.sme.year).toBe(2021);
    expect(d.sme.base).toBe('3025000.00');
    const sme = d.sme.quotas.find((q) => q.code === 'sme');
    expect(sme).toMatchObject({
      required_percent: '25',
      share_percent: '21.49',
      amount: '650000.00',
      met: false,
    });
  });

  it('plan execution: two positions, one with a procurement and a contract', async () => {
    const d = await dash();
    expect(d.plan).toEqual({
      year: 2021,
      positions: 2,
      with_procurement: 1,
      with_contract: 1,
      plan_amount: '1400000.00',
      contracted_amount: '900000.00',
      contracted_percent: '64.29',
    });
  });

  it('deadlines: the late register duty in April, the one on time in May', async () => {
    const d = await dash();
    expect(d.deadlines.months).toHaveLength(12);
    // March: P1's protocol (due 22.03, placed 20.03). April: C1's register duty late (due 02.04,
    // placed 05.04); C1's conclusion (due 09.04) and P2's protocol (due 23.04) on time. May: C2's
    // register duty (due 05.05, placed 04.05) and its conclusion (due 10.05) on time
    expect(d.deadlines.months.slice(2, 6)).toEqual([
      { month: '2021-03', on_time: 1, late: 0, overdue: 0 },
      { month: '2021-04', on_time: 2, late: 1, overdue: 0 },
      { month: '2021-05', on_time: 2, late: 0, overdue: 0 },
      { month: '2021-06', on_time: 0, late: 0, overdue: 0 },
    ]);
  });

  it('a customer narrows the contract panels; a period without data is zero', async () => {
    const d = await dash('client', { from: '2020-01', to: '2020-06' });
    expect(d.savings.total).toMatchObject({ count: 0, nmcd: '0.00', saving_percent: null });
    expect(d.spending.total).toBe('0.00');
    const customerless = await dash('client', { ...Q, customer_id: 999999 });
    expect(customerless.savings.total.count).toBe(0);
    expect(customerless.spending.suppliers).toEqual([]);
  });

  it('refuses a period backwards or longer than five years, naming it', async () => {
    const r = await t.call(analyticsRoutes.dashboard, {
      params: { company_id: c1 },
      query: { from: '2021-05', to: '2021-01' },
      as: 'client',
    });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toContain('Начало периода позже его конца');
  });
});

const flags = async (query: Record<string, unknown> = Q, as: 'client' | 'specialist' = 'client') => {
  const r = await t.call(analyticsRoutes.flags, { params: { company_id: c1 }, query, as });
  expect(r.status).toBe(200);
  return r.body as FlagList;
};
const on = (list: FlagList, code: string) =>
  list.items
    .filter((f) => f.code === code)
    .map((f) => f.object_number)
    .sort();

describe('red flags: each fires on its case and not on the near miss', () => {
  it('price equal to the НМЦД: C2, not C1 (10 % below)', async () => {
    expect(on(await flags(), 'price_equals_nmcd')).toEqual(['АН-C2']);
  });
  it('notice period at the minimum: P1 (15 days), not P2 (a working day more)', async () => {
    expect(on(await flags(), 'notice_minimum')).toEqual(['АН-З1']);
  });
  it('possible splitting: S’s two contracts, not S2’s (together below the threshold)', async () => {
    expect(on(await flags(), 'splitting')).toEqual(['АН-C4', 'АН-C5']);
  });
  it('price rise over 10 %: C8, not C9 (exactly 10 %)', async () => {
    expect(on(await flags(), 'price_rise')).toEqual(['АН-C8']);
  });
  it('outside the window of ч. 15 ст. 3.2: C2 (a day early), not C1 (the first day)', async () => {
    expect(on(await flags(), 'conclusion_window')).toEqual(['АН-C2']);
  });
  it('late placement: C1, not C2 (placed a day before the due date)', async () => {
    expect(on(await flags(), 'late_placement')).toEqual(['АН-C1']);
  });
  it('a single participant: P2 (one bid on its lot), not P1 (two bids); the РНП rule is listed inactive', async () => {
    const list = await flags();
    expect(list.rules.filter((r) => !r.active).map((r) => r.code)).toEqual(['rnp_supplier']);
    expect(on(list, 'single_participant')).toEqual(['АН-З2']);
    expect(list.items.find((f) => f.code === 'single_participant')?.reason).toBe(
      'Лот № 1: подана одна заявка (ООО «Гамма»)',
    );
  });
  it('the dashboard counts the active flags by rule', async () => {
    const d = await dash();
    expect(d.flags).toMatchObject({
      single_participant: 1,
      price_equals_nmcd: 1,
      notice_minimum: 1,
      splitting: 2,
      price_rise: 1,
      conclusion_window: 1,
      late_placement: 1,
    });
  });
  it('one object’s flags for its card', async () => {
    const list = await flags({ object_type: 'contract', object_id: ids.C2 });
    expect(list.items.map((f) => f.code).sort()).toEqual(['conclusion_window', 'price_equals_nmcd']);
    // a procurement's card: its own flags and those of the contracts concluded from it
    const p = await flags({ object_type: 'procurement', object_id: ids.p1 });
    expect(p.items.map((f) => [f.code, f.object_number])).toEqual([
      ['notice_minimum', 'АН-З1'],
      ['late_placement', 'АН-C1'],
    ]);
  });
});

describe('thresholds and dismissals', () => {
  it('a threshold changed moves the near miss across: tolerance 10 % flags C1 too', async () => {
    const put = await t.call(analyticsRoutes.saveSettings, {
      params: { company_id: c1 },
      body: {
        price_equal_tolerance_percent: 10,
        notice_margin_days: 0,
        split_threshold: '600000.00',
        split_min_count: 2,
        price_rise_percent: 10,
      },
      as: 'client',
    });
    expect(put.status).toBe(200);
    expect(on(await flags(), 'price_equals_nmcd')).toEqual(['АН-C1', 'АН-C2']);
    const back = await t.call(analyticsRoutes.saveSettings, {
      params: { company_id: c1 },
      body: {
        price_equal_tolerance_percent: 0,
        notice_margin_days: 0,
        split_threshold: '600000.00',
        split_min_count: 2,
        price_rise_percent: 10,
      },
      as: 'client',
    });
    expect(back.body).toMatchObject({ price_equal_tolerance_percent: 0 });
  });

  it('refuses a bad threshold with a Russian message', async () => {
    const r = await t.call(analyticsRoutes.saveSettings, {
      params: { company_id: c1 },
      invalidBody: {
        price_equal_tolerance_percent: 0,
        notice_margin_days: 0,
        split_threshold: 'много',
        split_min_count: 2,
        price_rise_percent: 10,
      },
      as: 'client',
    });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toContain('Сумма в рублях');
  });

  it('a specialist dismisses a flag with a comment: listed dismissed, no longer counted, audited', async () => {
    const r = await t.call(analyticsRoutes.dismiss, {
      params: { company_id: c1 },
      body: {
        code: 'price_rise',
        object_type: 'contract',
        object_id: ids.C8,
        comment: 'Рост цены согласован дополнительным соглашением',
      },
      as: 'specialist',
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      code: 'price_rise',
      dismissal: { comment: 'Рост цены согласован дополнительным соглашением' },
    });
    expect((await dash()).flags.price_rise).toBe(0);
    const entries = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'analytics_flag_dismissal'));
    expect(entries).toHaveLength(1);
  });

  it('refuses to dismiss a flag that is not raised, and a foreign object as missing', async () => {
    const r = await t.call(analyticsRoutes.dismiss, {
      params: { company_id: c1 },
      body: { code: 'price_rise', object_type: 'contract', object_id: ids.C9, comment: 'нечего снимать' },
      as: 'specialist',
    });
    expect(r.status).toBe(400);
    const foreign = await t.call(analyticsRoutes.dismiss, {
      params: { company_id: c1 },
      body: { code: 'price_rise', object_type: 'contract', object_id: ids.X1, comment: 'чужой договор' },
      as: 'specialist',
    });
    expect(foreign.status).toBe(404);
  });
});

/** The dashboard's counting path against the listing's flags counted, on one company's period. */
const countsAgree = async (companyId: number, from: string, to: string) => {
  const db = t.app.deps.db;
  const scope = { companyId, dateFrom: from, dateTo: to };
  const listed = flagCounts(await flagsOf(db, scope));
  expect(await countFlags(db, scope)).toEqual(listed);
  return listed;
};

describe('the dashboard’s counts equal the listing’s', () => {
  it('every rule, before and after dismissals of each kind of rule (SQL-decided, law-decided, per procurement)', async () => {
    const before = await countsAgree(c1, '2021-01-01', '2021-12-31');
    // C8's price rise is already dismissed above
    expect(before).toMatchObject({ splitting: 2, price_rise: 0, notice_minimum: 1, single_participant: 1 });
    const dismiss = async (code: FlagCode, object_type: 'contract' | 'procurement', object_id: number) => {
      const r = await t.call(analyticsRoutes.dismiss, {
        params: { company_id: c1 },
        body: { code, object_type, object_id, comment: 'Проверено' },
        as: 'specialist',
      });
      expect(r.status).toBe(200);
    };
    await dismiss('splitting', 'contract', ids.C4);
    await dismiss('conclusion_window', 'contract', ids.C2);
    await dismiss('notice_minimum', 'procurement', ids.p1);
    await dismiss('single_participant', 'procurement', ids.p2);
    const after = await countsAgree(c1, '2021-01-01', '2021-12-31');
    expect(after).toMatchObject({
      splitting: 1,
      conclusion_window: 0,
      notice_minimum: 0,
      single_participant: 0,
      price_equals_nmcd: 1,
      late_placement: 1,
    });
    expect((await dash()).flags).toEqual(after);
    await countsAgree(c2, '2021-01-01', '2021-12-31');
  });
});

describe('tenancy', () => {
  it('client1’s client gets 404 for client2 on every company route', async () => {
    for (const route of [
      analyticsRoutes.dashboard,
      analyticsRoutes.flags,
      analyticsRoutes.settings,
      analyticsRoutes.xlsx,
    ]) {
      const r = await t.call(route, { params: { company_id: c2 }, as: 'client' });
      expect(r.status).toBe(404);
    }
  });

  it('the staff comparison is staff only and keeps each company to its own figures', async () => {
    expect((await t.call(analyticsRoutes.companies, { query: Q, as: 'client' })).status).toBe(403);
    const r = await t.call(analyticsRoutes.companies, { query: Q, as: 'specialist' });
    expect(r.status).toBe(200);
    const body = r.body as { items: { company_id: number; contracts: number; amount: string }[] };
    expect(body.items.find((x) => x.company_id === c1)).toMatchObject({ contracts: 9, amount: '3025000.00' });
    expect(body.items.find((x) => x.company_id === c2)).toMatchObject({ contracts: 1, amount: '777000.00' });
  });
});

describe('export', () => {
  it('the XLSX carries every panel’s figures', async () => {
    const token = await t.login('client');
    const r = await t.app.inject({
      method: 'GET',
      url: `/api/companies/${c1}/analytics/xlsx?from=2021-01&to=2021-12`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(r.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(Object.values(ANALYTICS_SHEETS));
    const savings = wb.getWorksheet(ANALYTICS_SHEETS.savings);
    expect(savings?.getRow(4).values).toEqual([undefined, 'Итого', 2, 1500000, 1400000, 100000, 6.67]);
  });
});

describe('the РНП rule (docs/rnp.md): a supplier in the register on the contract’s date', () => {
  const Q22 = { from: '2022-01', to: '2022-12' };
  const R = { inn: '7701000019', name: 'ООО «Ромашка»' };
  const V = { inn: '6603000033', name: 'ООО «Вектор»' };
  const csv = [
    'Номер реестровой записи;Закон;ИНН;КПП;Наименование;Дата включения;Дата исключения;Заказчик;ИНН заказчика;Номер закупки;Причина',
    '26000001;223-ФЗ;7701000019;770101001;ООО «Ромашка»;15.01.2022;;АО «Заказчик»;7710000047;32200000001;Уклонение от заключения договора',
    '26000002;223-ФЗ;6603000033;;ООО «Вектор»;01.02.2022;10.03.2022;;;;Расторжение договора',
  ].join('\n');

  beforeAll(async () => {
    const db = t.app.deps.db;
    // 2022: none of the 2021 figures above move
    await contract(db, 'R1', { date: '2022-03-10', price: '100000.00', supplier: R }); // in force
    await contract(db, 'R2', { date: '2022-01-14', price: '100000.00', supplier: R }); // a day before inclusion
    await contract(db, 'R3', { date: '2022-03-09', price: '100000.00', supplier: V }); // the day before exclusion
    await contract(db, 'R4', { date: '2022-03-10', price: '100000.00', supplier: V }); // excluded that day
    await contract(db, 'R5', { date: '2022-03-10', price: '100000.00', supplier: A }); // another ИНН
    await contract(db, 'X2', { company: c2, date: '2022-03-10', price: '100000.00', supplier: R });
  });

  it('while no register is loaded the rule is listed inactive with its reason and flags nothing', async () => {
    const list = await flags(Q22);
    expect(list.rules.find((r) => r.code === 'rnp_supplier')).toMatchObject({
      active: false,
      inactive_reason: expect.stringContaining('не загружен'),
    });
    expect(on(list, 'rnp_supplier')).toEqual([]);
  });

  it('once loaded: R1 and R3 (entries in force), not R2 (before inclusion), R4 (excluded that day), R5', async () => {
    const r = await loadRnp(
      t.app.deps,
      null,
      { name: 'rnp.csv', data: Buffer.from(csv) },
      { source: 'тест' },
    );
    expect(r).toMatchObject({ loaded: true, rows: 2 });
    const list = await flags(Q22);
    expect(list.rules.find((x) => x.code === 'rnp_supplier')).toMatchObject({
      active: true,
      inactive_reason: null,
    });
    expect(on(list, 'rnp_supplier')).toEqual(['АН-R1', 'АН-R3']);
    const reasons = list.items.filter((f) => f.code === 'rnp_supplier').map((f) => f.reason);
    expect(reasons).toEqual([
      'Запись РНП № 26000002 (223-ФЗ): ООО «Вектор», включена 01.02.2022, исключение 10.03.2022; основание: Расторжение договора',
      'Запись РНП № 26000001 (223-ФЗ): ООО «Ромашка», включена 15.01.2022; основание: Уклонение от заключения договора; заказчик АО «Заказчик», закупка № 32200000001',
    ]);
    expect((await dash('client', Q22)).flags.rnp_supplier).toBe(2);
    const card = await flags({ object_type: 'contract', object_id: ids.R1 });
    expect(card.items.map((f) => f.code)).toEqual(['rnp_supplier']);
  });

  it('tenancy: client2’s contract with the same supplier is flagged for client2 only', async () => {
    const mine = await flags(Q22, 'specialist');
    expect(on(mine, 'rnp_supplier')).toEqual(['АН-R1', 'АН-R3']);
    const theirs = await t.call(analyticsRoutes.flags, {
      params: { company_id: c2 },
      query: Q22,
      as: 'specialist',
    });
    expect(on(theirs.body as FlagList, 'rnp_supplier')).toEqual(['АН-X2']);
    const foreign = await t.call(analyticsRoutes.flags, {
      params: { company_id: c2 },
      query: Q22,
      as: 'client',
    });
    expect(foreign.status).toBe(404);
  });

  it('a specialist dismisses it with a comment', async () => {
    const r = await t.call(analyticsRoutes.dismiss, {
      params: { company_id: c1 },
      body: {
        code: 'rnp_supplier',
        object_type: 'contract',
        object_id: ids.R3,
        comment: 'Договор заключён до решения ФАС',
      },
      as: 'specialist',
    });
    expect(r.status).toBe(200);
    expect((await dash('client', Q22)).flags.rnp_supplier).toBe(1);
    expect(await countsAgree(c1, '2022-01-01', '2022-12-31')).toMatchObject({ rnp_supplier: 1 });
    expect(await countsAgree(c2, '2022-01-01', '2022-12-31')).toMatchObject({ rnp_supplier: 1 });
  });
});

describe('the ОКПД2 sums kept by the database (migration 0041) equal a recomputation after every write', () => {
  const kept = async () =>
    (
      (await t.app.deps.db.execute(
        sql`select company_id, customer_id, month::text, cls, amount::text, lines
          from analytics_okpd2_months order by 1, 2, 3, 4`,
      )) as unknown as { rows: unknown[] }
    ).rows;
  const recomputed = async () =>
    (
      (await t.app.deps.db.execute(
        sql`select c.company_id, coalesce(c.customer_id, 0) as customer_id,
            date_trunc('month', c.contract_date)::date::text as month, coalesce(left(i.okpd2_code, 2), '—') as cls,
            sum(i.amount)::text as amount, count(*)::int as lines
          from contract_items i join contracts c on c.id = i.contract_id
          where c.archived_at is null and c.status in ('concluded', 'executed', 'terminated') and c.currency_code = 'RUB'
          group by 1, 2, 3, 4 order by 1, 2, 3, 4`,
      )) as unknown as { rows: unknown[] }
    ).rows;
  const agree = async () => {
    const k = await kept();
    expect(k).toEqual(await recomputed());
    return k;
  };

  it('insert, amount and code changed, contract moved in date, status, archived, lines and contract deleted', async () => {
    const db = t.app.deps.db;
    await agree();
    const id = await contract(db, 'K1', {
      date: '2023-02-10',
      price: '1000.00',
      supplier: A,
      okpd2: '26.20.11.110',
    });
    expect(await agree()).toContainEqual(
      expect.objectContaining({
        company_id: c1,
        month: '2023-02-01',
        cls: '26',
        amount: '1000.00',
        lines: 1,
      }),
    );
    await db.insert(contractItems).values([
      {
        contractId: id,
        lineNo: 2,
        name: 'Б',
        okpd2Code: '17.12',
        quantity: '1',
        price: '200.00',
        vatRate: 'без НДС',
        amount: '200.00',
      },
      {
        contractId: id,
        lineNo: 3,
        name: 'В',
        okpd2Code: null,
        quantity: '1',
        price: '50.00',
        vatRate: 'без НДС',
        amount: '50.00',
      },
    ]);
    await agree();
    await db.update(contractItems).set({ amount: '300.00' }).where(eq(contractItems.lineNo, 2));
    await db.update(contractItems).set({ okpd2Code: '26.30' }).where(eq(contractItems.lineNo, 3));
    await agree();
    await db.update(contracts).set({ contractDate: '2023-05-31' }).where(eq(contracts.id, id));
    const moved = await agree();
    expect(moved.filter((r) => (r as { month: string }).month === '2023-02-01')).toEqual([]);
    await db.update(contracts).set({ status: 'cancelled' }).where(eq(contracts.id, id));
    await agree();
    await db.update(contracts).set({ status: 'executed' }).where(eq(contracts.id, id));
    await db.update(contracts).set({ archivedAt: new Date() }).where(eq(contracts.id, id));
    await agree();
    await db.update(contracts).set({ archivedAt: null }).where(eq(contracts.id, id));
    await db.delete(contractItems).where(eq(contractItems.lineNo, 3));
    await agree();
    await db.delete(contracts).where(eq(contracts.id, id));
    expect((await agree()).filter((r) => (r as { month: string }).month === '2023-05-01')).toEqual([]);
    // the dashboard's classes read the sums: the constructed year is unchanged
    expect((await dash()).spending.okpd2.map((r) => [r.key, r.amount])).toEqual([
      ['17', '1200000.00'],
      ['26', '900000.00'],
    ]);
  });
});
