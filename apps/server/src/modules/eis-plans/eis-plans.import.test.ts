import { eisPlanRoutes } from '@zakupki/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/harness.js';
import {
  contracts,
  eisPlanPositions,
  eisPlanPositionVersions,
  eisPlans,
  eisPlanVersions,
  notifications,
} from '../../db/schema/index.js';
import { addCustomer, runImport } from '../imports/import-uploads.factories.js';
import {
  addPosition,
  annulPosition,
  PLAN_FILE,
  PLAN_INN,
  PLAN_NUMBER,
  realPlan,
  setHeader,
  setPositionField,
} from './eis-plans.factories.js';

/**
 * The EIS plan import and the plan API over the real plan (229 entries, 209 positions) and versions
 * made from it, in the provider company (the client companies have demo plans of their own).
 */
const t = testAppForFile();
let company: number;
let token: string;

const CHANGED = '0edbb9f0-5be2-478f-a971-9b78878a40d0'; // position 1, 290 000.00
const ANNULLED = '28bae3a8-685b-47e7-b037-bf1532f9ef3e'; // position 166
const ADDED = '11111111-2222-4333-8444-555555555555';

const v64 = () => {
  let xml = setHeader(realPlan(), 'version', '64');
  xml = setHeader(xml, 'approveDate', '2020-01-20');
  xml = setHeader(xml, 'publicationDateTime', '2020-01-22T10:00:00');
  xml = setPositionField(xml, CHANGED, 'maximumContractPrice', '310000.00');
  xml = setPositionField(xml, CHANGED, 'contractSubject', 'Поставка питьевой воды в бутылях');
  xml = annulPosition(xml, ANNULLED);
  return addPosition(xml, { guid: ADDED, ordinal: 300, subject: 'Поставка бумаги', price: '150000.00' });
};

const counts = async () => {
  const db = t.app.deps.db;
  return {
    plans: (await db.select().from(eisPlans).where(eq(eisPlans.companyId, company))).length,
    versions: (await db.select().from(eisPlanVersions).where(eq(eisPlanVersions.companyId, company))).length,
    positions: (await db.select().from(eisPlanPositions).where(eq(eisPlanPositions.companyId, company)))
      .length,
    rows: (
      await db.select().from(eisPlanPositionVersions).where(eq(eisPlanPositionVersions.companyId, company))
    ).length,
  };
};

const importXml = (xml: string, name = PLAN_FILE, who: string = token) =>
  runImport(t, who, company, 'eis-plans', [{ name, data: Buffer.from(xml, 'utf8') }]);

beforeAll(async () => {
  company = t.ids.companies.provider;
  token = await t.login('specialist');
  await addCustomer(t, company, PLAN_INN);
});

describe('EIS plan import', () => {
  let planId: number;

  it('imports the real plan: 209 positions from 229 entries, with its totals, and says so on the socket', async () => {
    const run = await importXml(realPlan());
    expect(run.status, run.error).toBe('done');
    expect(run.kind).toBe('eis-plans');
    expect(run.result).toMatchObject({
      registration_number: PLAN_NUMBER,
      version: 63,
      positions: 209,
      plans: [
        { registration_number: PLAN_NUMBER, version: 63, positions: 209, unchanged: false, added: 209 },
      ],
    });
    planId = run.result.plan_id;
    expect(await counts()).toEqual({ plans: 1, versions: 1, positions: 209, rows: 209 });

    const [note] = await t.app.deps.db
      .select()
      .from(notifications)
      .where(eq(notifications.kind, 'eisPlanResponse'));
    expect(note).toMatchObject({ status: 'success', companyId: company });
    expect(note.payload).toMatchObject({
      upload_file_name: PLAN_FILE,
      plan_id: planId,
      registration_number: PLAN_NUMBER,
      version: 63,
      positions: 209,
      error: null,
    });

    const plan = await t.call(eisPlanRoutes.get, {
      params: { company_id: company, plan_id: planId },
      as: 'specialist',
    });
    expect(plan.status).toBe(200);
    expect(plan.body).toMatchObject({
      registration_number: PLAN_NUMBER,
      plan_type: 'COMMODITY',
      year: 2019,
      customer_inn: PLAN_INN,
      versions: 1,
      current: { version: 63, positions: 209, total_price: '1166063136.93', approve_date: '2019-12-30' },
    });
    expect(plan.body.history[0]).toMatchObject({
      annual_volume: '409901014.60',
      volume_sme: '94518312.04',
      percent_sme: '23.0600',
    });
    expect(plan.body.totals).toMatchObject({ positions: 209, total_price: '1166063136.93' });
    const byMethod = plan.body.totals.by_method.reduce((s, m) => s + m.count, 0);
    expect(byMethod).toBe(209);
    expect(plan.body.totals.by_month.reduce((s, m) => s + Number(m.sum), 0).toFixed(2)).toBe('1166063136.93');
    expect(Number(plan.body.totals.sme_share)).toBeGreaterThan(0);
  });

  it('pages the positions with filters and opens a position by its number (carried-over ones with the year)', async () => {
    const page = await t.call(eisPlanRoutes.positions, {
      params: { company_id: company, plan_id: planId, version: 63 },
      query: { page: 1, limit: 20 },
      as: 'specialist',
    });
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(209);
    expect(page.body.items).toHaveLength(20);
    expect(page.body.items[0]).toMatchObject({
      number: `${PLAN_NUMBER}-1`,
      subject: 'Поставка питьевой воды',
      price: '290000.00',
      sme_only: true,
      okpd2_codes: ['11.07.11.121'],
      contracts: 0,
    });
    const carried = await t.call(eisPlanRoutes.positions, {
      params: { company_id: company, plan_id: planId, version: 63 },
      query: { q: `${PLAN_NUMBER}-126-2018` },
      as: 'specialist',
    });
    expect(carried.body.items.map((i) => [i.number, i.year])).toEqual([[`${PLAN_NUMBER}-126-2018`, 2018]]);
    const okpd = await t.call(eisPlanRoutes.positions, {
      params: { company_id: company, plan_id: planId, version: 63 },
      query: { okpd2: '26.20.40', month: 11 },
      as: 'specialist',
    });
    expect(okpd.body.total).toBeGreaterThan(0);
    expect(
      okpd.body.items.every((i) => i.month === 11 && i.okpd2_codes.some((c) => c.startsWith('26.20.40'))),
    ).toBe(true);

    const item = await t.call(eisPlanRoutes.item, {
      params: { company_id: company, number: `${PLAN_NUMBER}-166` },
      as: 'specialist',
    });
    expect(item.status).toBe(200);
    expect(item.body).toMatchObject({ guid: ANNULLED, plan_id: planId, version: 63, customer_inn: PLAN_INN });
    expect(item.body.rows).toHaveLength(40);
    expect(item.body.history).toHaveLength(1);
  });

  it('the same file twice changes nothing', async () => {
    const before = await counts();
    const run = await importXml(realPlan());
    expect(run.status).toBe('done');
    expect(run.result.plans).toEqual([expect.objectContaining({ unchanged: true, version: 63 })]);
    expect(await counts()).toEqual(before);
  });

  it('a second version: the diff lists exactly the changed, added and annulled positions', async () => {
    const run = await importXml(v64(), 'plan-64.xml');
    expect(run.status, run.error).toBe('done');
    expect(run.result.plans[0]).toMatchObject({
      version: 64,
      positions: 210,
      added: 1,
      changed: 1,
      annulled: 1,
    });
    expect(await counts()).toEqual({ plans: 1, versions: 2, positions: 210, rows: 419 });

    const diff = await t.call(eisPlanRoutes.diff, {
      params: { company_id: company, plan_id: planId },
      query: { from: 63, to: 64 },
      as: 'specialist',
    });
    expect(diff.status).toBe(200);
    expect(diff.body.added).toEqual([
      { number: `${PLAN_NUMBER}-300`, guid: ADDED, subject: 'Поставка бумаги', price: '150000.00' },
    ]);
    expect(diff.body.changed).toEqual([
      {
        number: `${PLAN_NUMBER}-1`,
        guid: CHANGED,
        subject: 'Поставка питьевой воды в бутылях',
        price: '310000.00',
        changes: [
          {
            field: 'subject',
            title: 'Предмет договора',
            from: 'Поставка питьевой воды',
            to: 'Поставка питьевой воды в бутылях',
          },
          { field: 'price', title: 'НМЦД', from: '290000.00', to: '310000.00' },
        ],
      },
    ]);
    expect(diff.body.annulled).toEqual([
      expect.objectContaining({
        number: `${PLAN_NUMBER}-166`,
        guid: ANNULLED,
        removed: false,
        cancellation_reason: 'REJECT',
      }),
    ]);
    expect(diff.body.unchanged).toBe(207);

    const plan = await t.call(eisPlanRoutes.get, {
      params: { company_id: company, plan_id: planId },
      as: 'specialist',
    });
    expect(plan.body.current.version).toBe(64);
    expect(plan.body.history.map((h) => h.version)).toEqual([64, 63]);
    // 290 000 -> 310 000, +150 000, position 166 (2 623 744.90) annulled
    expect(plan.body.current.total_price).toBe('1163609392.03');

    const item = await t.call(eisPlanRoutes.item, {
      params: { company_id: company, number: `${PLAN_NUMBER}-1` },
      as: 'specialist',
    });
    expect(item.body.history.map((h) => [h.version, h.changes.map((c) => c.field)])).toEqual([
      [63, []],
      [64, ['subject', 'price']],
    ]);
    const annulled = await t.call(eisPlanRoutes.positions, {
      params: { company_id: company, plan_id: planId, version: 64 },
      query: { status: 'A' },
      as: 'specialist',
    });
    expect(annulled.body.items.map((i) => i.number)).toEqual([`${PLAN_NUMBER}-166`]);
  });

  it('an older version imported after a newer one is kept without becoming the version in force', async () => {
    const run = await importXml(setHeader(realPlan(), 'version', '62'), 'plan-62.xml');
    expect(run.status, run.error).toBe('done');
    const plan = await t.call(eisPlanRoutes.get, {
      params: { company_id: company, plan_id: planId },
      as: 'specialist',
    });
    expect(plan.body.current.version).toBe(64);
    expect(plan.body.history.map((h) => h.version)).toEqual([64, 63, 62]);
  });

  it('a plan of another customer is refused with its ИНН, and nothing is written', async () => {
    const other = t.ids.companies.client2;
    const before = await counts();
    const run = await runImport(t, await t.login('client2'), other, 'eis-plans', [
      { name: PLAN_FILE, data: Buffer.from(realPlan(), 'utf8') },
    ]);
    expect(run.status).toBe('failed');
    expect(run.error).toMatch(
      /^Не удалось загрузить план закупки из ЕИС: файл «homyakin__purchasePlan_test\.xml»: план закупки заказчика с ИНН 7710043065/,
    );
    expect(await counts()).toEqual(before);
    const rows = await t.app.deps.db.select().from(eisPlans).where(eq(eisPlans.companyId, other));
    expect(rows.map((r) => r.registrationNumber)).not.toContain(PLAN_NUMBER);
  });

  it('a broken file fails naming the element and writes nothing', async () => {
    const before = await counts();
    const broken = setPositionField(
      setHeader(realPlan(), 'version', '65'),
      ANNULLED,
      'purchasePeriodMonth',
      'ноябрь',
    );
    const run = await importXml(broken, 'broken.xml');
    expect(run.status).toBe('failed');
    expect(run.error).toMatch(
      /файл «broken\.xml»: body\/item\[1\]\/purchasePlanData\/purchasePlanItems\/purchasePlanItem\[\d+\]\/purchasePeriodMonth: неверное целое число «ноябрь»/,
    );
    expect(await counts()).toEqual(before);
    // a good file and a broken one together: each file is all or nothing on its own — the good
    // version is written, the broken file is named and the run ends as a warning
    const both = await runImport(t, token, company, 'eis-plans', [
      { name: 'good.xml', data: Buffer.from(setHeader(realPlan(), 'version', '66'), 'utf8') },
      { name: 'broken.xml', data: Buffer.from(broken, 'utf8') },
    ]);
    expect(both.status).toBe('warning');
    expect(both.files).toEqual([
      { file_name: 'good.xml', status: 'done', error: null },
      {
        file_name: 'broken.xml',
        status: 'failed',
        error: expect.stringContaining('неверное целое число «ноябрь»'),
      },
    ]);
    expect(both.result.plans.map((p: { version: number }) => p.version)).toEqual([66]);
  });

  it('a contract file is not a plan: the plan import says where it goes', async () => {
    const contract =
      '<?xml version="1.0"?><ns2:contract xmlns:ns2="http://zakupki.gov.ru/223fz/contract/1"><ns2:body/></ns2:contract>';
    const run = await importXml(contract, 'contract.xml');
    expect(run.status).toBe('failed');
    expect(run.error).toContain('файл «contract.xml»');
  });

  it('a contract above the position’s НМЦД is a violation of the plan and of the position', async () => {
    const db = t.app.deps.db;
    // a contract of the provider company naming the added position (a copy of a demo contract)
    const [demo] = await db
      .select()
      .from(contracts)
      .where(eq(contracts.companyId, t.ids.companies.client1))
      .limit(1);
    const { id: _id, search: _search, ...copy } = demo;
    const [c] = await db
      .insert(contracts)
      .values({
        ...copy,
        companyId: company,
        customerId: null,
        eisRegistryNumber: null,
        eisGuid: null,
        planPositionNumber: `${PLAN_NUMBER}-300`,
        price: '200000.00',
        status: 'concluded',
      })
      .returning();
    const plan = await t.call(eisPlanRoutes.get, {
      params: { company_id: company, plan_id: planId },
      as: 'specialist',
    });
    expect(plan.body.violations.filter((v) => v.code === 'contract_over_price')).toEqual([
      expect.objectContaining({ position_number: `${PLAN_NUMBER}-300` }),
    ]);
    const item = await t.call(eisPlanRoutes.item, {
      params: { company_id: company, number: `${PLAN_NUMBER}-300` },
      as: 'specialist',
    });
    expect(item.body.links).toEqual([
      expect.objectContaining({ kind: 'contract', id: c.id, amount: '200000.00' }),
    ]);
    expect(item.body.contracts).toBe(1);
    expect(item.body.violations[0].message).toMatch(/200 000,00 ₽ больше НМЦД позиции 150 000,00 ₽/);
    const linked = await t.call(eisPlanRoutes.positions, {
      params: { company_id: company, plan_id: planId, version: 64 },
      query: { has_contract: 'true' },
      as: 'specialist',
    });
    expect(linked.body.items.map((i) => [i.number, i.contracts, i.contract_amount])).toEqual([
      [`${PLAN_NUMBER}-300`, 1, '200000.00'],
    ]);
    // no procurement module yet: no position has a procurement
    const procured = await t.call(eisPlanRoutes.positions, {
      params: { company_id: company, plan_id: planId, version: 64 },
      query: { has_procurement: 'true' },
      as: 'specialist',
    });
    expect(procured.body.total).toBe(0);
    // the complement: every other position, in file order, its totals adding up to the version's
    const all = await t.call(eisPlanRoutes.positions, {
      params: { company_id: company, plan_id: planId, version: 64 },
      query: { page: 1, limit: 500 },
      as: 'specialist',
    });
    const others = await t.call(eisPlanRoutes.positions, {
      params: { company_id: company, plan_id: planId, version: 64 },
      query: { has_contract: 'false', page: 2, limit: 20 },
      as: 'specialist',
    });
    expect(others.body.total).toBe(all.body.total - 1);
    const expected = all.body.items.map((i) => i.number).filter((n) => n !== `${PLAN_NUMBER}-300`);
    expect(others.body.items.map((i) => i.number)).toEqual(expected.slice(20, 40));
    expect(others.body.items.every((i) => i.contracts === 0)).toBe(true);
  });

  it('a version placed more than 10 days after its approval breaks the placement rule; the duties are listed', async () => {
    let xml = setHeader(realPlan(), 'version', '67');
    xml = setHeader(xml, 'approveDate', '2020-02-03');
    xml = setHeader(xml, 'publicationDateTime', '2020-02-20T10:00:00');
    const run = await importXml(xml, 'late.xml');
    expect(run.status, run.error).toBe('done');
    expect(
      run.result.violations.map((v: { code: string; version: number }) => [v.code, v.version]),
    ).toContainEqual(['plan_publish_late', 67]);
    const plan = await t.call(eisPlanRoutes.get, {
      params: { company_id: company, plan_id: planId },
      as: 'specialist',
    });
    const duty = plan.body.duties.find((d) => d.version === 67);
    expect(duty).toMatchObject({
      duty: 'plan_publish',
      due_date: '2020-02-13',
      done_on: '2020-02-20',
      status: 'done_late',
    });
    expect(plan.body.duties.find((d) => d.version === 64)).toMatchObject({ status: 'done' });
  });

  it('the plan for a year placed after 31 December of the year before breaks the next-year rule (31.12.2018 was a day off: due 09.01.2019)', async () => {
    let xml = realPlan().replaceAll(PLAN_NUMBER, '2180316899');
    xml = setHeader(xml, 'version', '1');
    xml = setHeader(xml, 'approveDate', '2019-01-09');
    xml = setHeader(xml, 'publicationDateTime', '2019-01-10T10:00:00');
    const run = await importXml(xml, 'first.xml');
    expect(run.status, run.error).toBe('done');
    expect(run.result.violations).toContainEqual(
      expect.objectContaining({
        code: 'plan_next_year_late',
        version: 1,
        due_date: '2019-01-09',
        done_date: '2019-01-10',
      }),
    );
  });

  it('lists the plans with filters and exports a version as XLSX', async () => {
    const list = await t.call(eisPlanRoutes.list, {
      params: { company_id: company },
      query: { year: 2019, type: 'COMMODITY' },
      as: 'specialist',
    });
    expect(list.status).toBe(200);
    expect(list.body.items.map((p) => [p.registration_number, p.current.version, p.versions])).toEqual([
      [PLAN_NUMBER, 67, 5],
      ['2180316899', 1, 1],
    ]);
    // the EIS publishes plans without a status element: the list names them, never «—»
    expect(list.body.items.map((p) => [p.current.status, p.current.status_title])).toEqual([
      [null, 'Размещён в ЕИС'],
      [null, 'Размещён в ЕИС'],
    ]);
    const none = await t.call(eisPlanRoutes.list, {
      params: { company_id: company },
      query: { year: 2020 },
      as: 'specialist',
    });
    expect(none.body.total).toBe(0);
    const file = await t.call(eisPlanRoutes.xlsx, {
      params: { company_id: company, plan_id: planId, version: 64 },
      as: { token },
    });
    expect(file.status).toBe(200);
    expect(String(file.headers['content-type'])).toContain('spreadsheetml');
  });
  it('an import stores the violations of the positions it changes, in its own transaction', async () => {
    const db = t.app.deps.database;
    const [pos] = await db.query<{ id: number }>(
      'select id from eis_plan_positions where company_id = $1 and number = $2',
      [company, `${PLAN_NUMBER}-300`],
    );
    const stored = async () =>
      (
        await db.query<{ code: string }>('select code from eis_plan_violations where position_id = $1', [
          pos.id,
        ])
      ).map((r) => r.code);
    const queued = async () =>
      (
        await db.query<{ n: number }>(
          'select count(*)::int as n from eis_plan_violation_queue where company_id = $1',
          [company],
        )
      )[0].n;
    // the position (its contract of 200 000.00) at 150 000.00 again, then at 250 000.00: no read between
    const version = (n: number, price: string) => {
      let xml = setHeader(v64(), 'version', String(n));
      xml = setHeader(xml, 'approveDate', '2020-03-02');
      xml = setHeader(xml, 'publicationDateTime', '2020-03-03T10:00:00');
      return setPositionField(xml, ADDED, 'maximumContractPrice', price);
    };
    const over = await importXml(version(68, '150000.00'), 'plan-68.xml');
    expect(over.status, over.error).toBe('done');
    expect(await queued()).toBe(0);
    expect(await stored()).toEqual(['contract_over_price']);
    const within = await importXml(version(69, '250000.00'), 'plan-69.xml');
    expect(within.status, within.error).toBe('done');
    expect(await queued()).toBe(0);
    expect(await stored()).toEqual([]);
  });
});
