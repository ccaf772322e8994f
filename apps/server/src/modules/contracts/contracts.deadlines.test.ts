import {
  ContractCreateInput,
  calendarRoutes,
  contractRoutes,
  fromKopecks,
  lineKopecks,
} from '@zakupki/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/harness.js';
import { ENERGY_CONTRACTS } from '../../db/seed/demo/contracts.demo-data.js';
import { WATER_CONTRACTS } from '../../db/seed/demo/contracts.demo-water.js';
import { SME_YEAR_CONTRACTS } from '../../db/seed/demo/sme-report.demo-data.js';
import { todayMoscow } from '../../lib/moscow-time.js';
import { addDays } from '../calendar/iso-date.js';
import { createRuCalendar } from '../calendar/production-calendar.js';
import { createContract, day, errorOf } from './contracts.factories.js';

const t = testAppForFile();
let token: string;
let company: number;
const calendar = createRuCalendar();

beforeAll(async () => {
  token = await t.login('specialist');
  company = t.ids.companies.provider;
});

/** The working day `n` working days before today. */
function workingDaysAgo(n: number): string {
  const today = todayMoscow();
  let d = addDays(today, -1);
  while (calendar.workingDaysBetween(d, today) < n || !calendar.isWorkingDay(d)) d = addDays(d, -1);
  return d;
}

describe('deadline summary', () => {
  it('register placement: 3 working days under 223-FZ, 5 under 44-FZ; due soon, overdue, done, done late', async () => {
    const concluded = workingDaysAgo(2);
    const soon = await createContract(t, token, company, {
      number: 'D-1',
      status: 'concluded',
      contract_date: concluded,
      start_date: concluded,
    });
    expect(soon.deadline).toMatchObject({
      duty: 'register',
      title: 'Сведения о договоре в реестре договоров',
      base_date: concluded,
      due_date: calendar.addWorkingDays(concluded, 3),
      status: 'due_soon',
      working_days_left: 1,
    });
    const law44 = await createContract(t, token, company, {
      law: '44',
      number: 'D-2',
      status: 'concluded',
      contract_date: concluded,
      start_date: concluded,
    });
    expect(law44.deadline).toMatchObject({
      due_date: calendar.addWorkingDays(concluded, 5),
      status: 'due',
      working_days_left: 3,
    });
    const old = await createContract(t, token, company, {
      number: 'D-3',
      status: 'concluded',
      contract_date: day(-40),
      start_date: day(-40),
    });
    const due = calendar.addWorkingDays(day(-40), 3);
    expect(old.deadline).toMatchObject({
      status: 'overdue',
      due_date: due,
      working_days_left: null,
      days_left: -Math.round((Date.parse(todayMoscow()) - Date.parse(due)) / 86_400_000),
    });

    // placing it late: the duty is met, late; the contract no longer shows as overdue
    const placed = await t.call(contractRoutes.publication, {
      params: { company_id: company, id: old.id },
      as: 'specialist',
      body: { eis_published_at: day(-1) },
    });
    expect(placed.status).toBe(200);
    expect(placed.body.deadline).toBeNull();
    expect(placed.body.duties).toMatchObject([{ duty: 'register', status: 'done_late', done_on: day(-1) }]);
    const future = await t.call(contractRoutes.publication, {
      params: { company_id: company, id: old.id },
      as: 'specialist',
      body: { eis_published_at: day(2) },
    });
    expect(future.status).toBe(400);
  });

  it('a 223-FZ contract up to 100 000 ₽ owes the register nothing', async () => {
    const small = await createContract(t, token, company, {
      number: 'D-4',
      status: 'concluded',
      price: '100000.00',
      items: [{ name: 'Канцтовары', quantity: '100', price: '1000', vat_rate: '20%' }],
      payment_terms: [],
    });
    expect(small).toMatchObject({ duties: [], deadline: null });
  });

  it('events: execution and its publication', async () => {
    const c = await createContract(t, token, company, {
      number: 'D-5',
      status: 'concluded',
      contract_date: day(-60),
      start_date: day(-60),
      eis_published_at: day(-59),
    });
    const ex = await t.call(contractRoutes.status, {
      params: { company_id: company, id: c.id },
      as: 'specialist',
      body: { status: 'executed', date: day(-30) },
    });
    expect(ex.body.deadline).toMatchObject({ duty: 'execution', status: 'overdue', base_date: day(-30) });
    expect(ex.body.deadline?.title).toMatch(
      /^Сведения об исполнении договора в реестре договоров \(исполнение от /,
    );
    const events = await t.call(contractRoutes.events, {
      params: { company_id: company, id: c.id },
      as: 'specialist',
    });
    const eventId = events.body.items[0].id;
    const wrong = await t.call(contractRoutes.publication, {
      params: { company_id: company, id: c.id },
      as: 'specialist',
      body: { event_id: eventId, eis_published_at: day(-31) },
    });
    expect(wrong.status).toBe(400);
    expect(errorOf(wrong).details.issues[0].message).toMatch(/^Дата размещения .* раньше даты события/);
    const ok = await t.call(contractRoutes.publication, {
      params: { company_id: company, id: c.id },
      as: 'specialist',
      body: { event_id: eventId, eis_published_at: `${day(-25)}T15:30` },
    });
    expect(ok.body.duties.map((d) => [d.duty, d.status])).toEqual([
      ['register', 'done'],
      ['execution', 'done'],
    ]);
    const after = await t.call(contractRoutes.events, {
      params: { company_id: company, id: c.id },
      as: 'specialist',
    });
    expect(after.body.items[0]).toMatchObject({
      eis_published_at: `${day(-25)}T12:30:00.000Z`,
      duty: { status: 'done' },
    });
  });

  it('GET /deadlines lists due-soon and overdue duties, nearest first, with counts', async () => {
    const all = await t.call(contractRoutes.deadlines, { params: { company_id: company }, as: 'specialist' });
    expect(all.status).toBe(200);
    expect(all.body.items.map((d) => [d.contract_number, d.duty, d.status])).toEqual([
      ['D-1', 'register', 'due_soon'],
    ]);
    expect(all.body.counts).toEqual({ due_soon: 1, overdue: 0 });
    const c = await createContract(t, token, company, {
      number: 'D-6',
      status: 'concluded',
      contract_date: day(-20),
      start_date: day(-20),
    });
    const overdue = await t.call(contractRoutes.deadlines, {
      params: { company_id: company },
      query: { status: 'overdue' },
      as: 'specialist',
    });
    expect(overdue.body.items.map((d) => [d.contract_id, d.due_date])).toEqual([
      [c.id, calendar.addWorkingDays(day(-20), 3)],
    ]);
    expect(overdue.body.counts).toEqual({ due_soon: 1, overdue: 1 });
    const both = await t.call(contractRoutes.deadlines, {
      params: { company_id: company },
      query: { status: 'overdue,due_soon', limit: 1, page: 2 },
      as: 'specialist',
    });
    expect(both.body).toMatchObject({ total: 2, page: 2, items: [{ contract_number: 'D-1' }] });
  });
});

describe('GET /api/calendar/add-working-days', () => {
  it('crosses the New Year holidays and transferred days', async () => {
    const get = (date: string, days: number) =>
      t.call(calendarRoutes.addWorkingDays, { query: { date, days }, as: 'specialist' });
    // 2024: Saturday 28.12 is a working day, 29.12–08.01 are days off
    expect((await get('2024-12-27', 1)).body).toEqual({ date: '2024-12-28', coverage: 'calendar' });
    expect((await get('2024-12-27', 2)).body).toEqual({ date: '2025-01-09', coverage: 'calendar' });
    // 2021: 01.01–10.01 off, 11.01 the first working day
    expect((await get('2020-12-31', 1)).body.date).toBe('2021-01-11');
    // 0 days: the date itself when working, else the next working day
    expect((await get('2025-01-01', 0)).body.date).toBe('2025-01-09');
    expect((await get('2035-01-05', 1)).body).toEqual({ date: '2035-01-08', coverage: 'weekends-only' });
  });

  it('validates its input and needs a session', async () => {
    const bad = await t.call(calendarRoutes.addWorkingDays, {
      query: { date: '2025-02-30', days: 1 },
      as: 'specialist',
    });
    expect(bad.status).toBe(400);
    expect(errorOf(bad).details.issues).toEqual([
      { path: 'query.date', message: 'Такой даты нет в календаре' },
    ]);
    expect(
      (
        await t.call(calendarRoutes.addWorkingDays, {
          query: { date: '2025-01-10', days: -1 },
          as: 'specialist',
        })
      ).status,
    ).toBe(400);
    expect(
      (await t.call(calendarRoutes.addWorkingDays, { query: { date: '2025-01-10', days: 1 } })).status,
    ).toBe(401);
    expect(
      (await t.call(calendarRoutes.addWorkingDays, { query: { date: '2025-01-10', days: 1 }, as: 'client' }))
        .status,
    ).toBe(200);
  });
});

describe('demo register', () => {
  it('each client company has a dozen contracts in every status with due and overdue duties', async () => {
    // the grid company also has last year's contracts behind its SME report
    for (const [who, companyId, count] of [
      ['client', t.ids.companies.client1, ENERGY_CONTRACTS.length + SME_YEAR_CONTRACTS.length],
      ['client2', t.ids.companies.client2, WATER_CONTRACTS.length],
    ] as const) {
      const r = await t.call(contractRoutes.list, {
        params: { company_id: companyId },
        query: { limit: 50 },
        as: who,
      });
      expect(r.body.total).toBe(count);
      const statuses = new Set(r.body.items.map((i) => i.status));
      expect([...statuses].sort()).toEqual(
        who === 'client'
          ? ['cancelled', 'concluded', 'draft', 'executed', 'terminated']
          : ['concluded', 'draft', 'executed', 'terminated'],
      );
      const d = await t.call(contractRoutes.deadlines, { params: { company_id: companyId }, as: who });
      expect(d.body.counts.overdue).toBeGreaterThanOrEqual(3);
      expect(d.body.counts.due_soon).toBeGreaterThanOrEqual(1);
      const executed = r.body.items.find((i) => i.status === 'executed' && i.eis_registry_number);
      expect(executed!.executed_amount).toBe(executed!.price);
    }
  });

  it('the demo data pass the same validation as manual entry', () => {
    for (const c of [...ENERGY_CONTRACTS, ...WATER_CONTRACTS, ...SME_YEAR_CONTRACTS]) {
      const price = fromKopecks(c.items.reduce((s, [, , , , q, p]) => s + lineKopecks(q, p), 0n));
      const parsed = ContractCreateInput.safeParse({
        law: c.law ?? '223',
        number: c.number,
        contract_date: '2024-01-10',
        subject: c.subject,
        supplier_inn: c.supplier.inn,
        supplier_kpp: c.supplier.kpp,
        supplier_name: c.supplier.name,
        price,
        items: c.items.map(([name, okpd2_code, okei_code, unit_name, quantity, p, vat_rate]) => ({
          name,
          okpd2_code,
          okei_code,
          unit_name,
          quantity,
          price: p,
          vat_rate,
        })),
        payment_terms: c.terms.map((p) => ({
          kind: p.kind,
          share_percent: p.share,
          term_days: p.days,
          day_kind: p.dayKind,
        })),
      });
      expect(parsed.error?.issues ?? [], c.number).toEqual([]);
    }
  });
});
