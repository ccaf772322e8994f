import { type Procurement, procurementRoutes as r } from '@zakupki/shared';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/harness.js';
import {
  addProtocol,
  amountBody,
  createProcurement,
  day,
  methodIds,
  moveTo,
  procurementBody,
} from './procurements.factories.js';

const t = testAppForFile();
let company: number;
let cable: Procurement;
let roof: Procurement;
let cleaning: Procurement;

beforeAll(async () => {
  company = t.ids.companies.client1;
  const methods = await methodIds(t);
  cable = await createProcurement(t, company, procurementBody(methods));
  roof = await createProcurement(
    t,
    company,
    amountBody(methods, '50000.00', {
      method_id: methods.e_quotation,
      subject: 'Ремонт кровли административного здания',
      subject_type: 'works',
      planned_publication_date: day(-40),
      bids_deadline: day(-30),
      review_date: null,
      summing_up_date: null,
    }),
  );
  await moveTo(t, company, roof.id, { status: 'published', date: day(-40) });
  // a protocol signed 10 days ago and not placed: its 3-day duty is overdue
  roof = await addProtocol(t, company, roof.id, { kind: 'review', signed_on: day(-10) });
  cleaning = await createProcurement(
    t,
    company,
    amountBody(methods, '300000.00', {
      subject: 'Услуги по уборке помещений',
      subject_type: 'services',
      sme_only: true,
      planned_publication_date: day(60),
      bids_deadline: day(80),
      review_date: null,
      summing_up_date: null,
    }),
  );
});

const list = (query: Record<string, unknown>, as: 'client' | 'specialist' = 'client') =>
  t.call(r.list, { params: { company_id: company }, query, as });
const numbers = (res: Awaited<ReturnType<typeof list>>) => res.body.items.map((i) => i.id);

describe('the register', () => {
  it('pages and sorts', async () => {
    const all = await list({});
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(3);
    expect(numbers(all)).toEqual([cleaning.id, roof.id, cable.id]);
    expect(numbers(await list({ sort: 'nmcd', order: 'asc' }))).toEqual([roof.id, cable.id, cleaning.id]);
    expect(numbers(await list({ sort: 'planned_publication_date', order: 'asc' }))).toEqual([
      roof.id,
      cable.id,
      cleaning.id,
    ]);
    expect(numbers(await list({ sort: 'status', order: 'desc' }))[0]).toBe(roof.id);
    const page2 = await list({ limit: 2, page: 2 });
    expect(page2.body).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(numbers(page2)).toEqual([cable.id]);
  });

  it('shows the nearest duty, the method and the customer', async () => {
    const row = (await list({})).body.items.find((i) => i.id === roof.id)!;
    expect(row).toMatchObject({
      method_title: 'Запрос котировок в электронной форме',
      status: 'published',
      lots_count: 1,
      deadline: { duty: 'protocol_placement', status: 'overdue', base_date: day(-10) },
    });
    expect(row.customer_title).toBeTruthy();
  });

  it.each([
    ['status', { status: 'published' }, () => [roof.id]],
    [
      'several statuses',
      { status: 'published,draft', sort: 'nmcd', order: 'asc' },
      () => [roof.id, cable.id, cleaning.id],
    ],
    ['words of the subject', { q: 'кровля' }, () => [roof.id]],
    ['the start of a word', { q: 'кабел' }, () => [cable.id]],
    ['the start of the number', { q: () => cable.number }, () => [cable.id]],
    ['method', { method_id: () => cable.method_id }, () => [cleaning.id, cable.id]],
    ['НМЦД from', { nmcd_min: 60000 }, () => [cleaning.id, cable.id]],
    ['НМЦД up to', { nmcd_max: 60000 }, () => [roof.id]],
    ['SME only', { sme_only: 'true' }, () => [cleaning.id]],
    ['overdue', { overdue: 'true' }, () => [roof.id]],
    ['not overdue', { overdue: 'false' }, () => [cleaning.id, cable.id]],
    ['publication dates', { date_from: day(0), date_to: day(30) }, () => [cable.id]],
    ['source', { source: 'plan' }, () => []],
  ] as const)('filters by %s', async (_n, query, expected) => {
    const q = Object.fromEntries(
      Object.entries(query).map(([k, v]) => [k, typeof v === 'function' ? v() : v]),
    );
    const res = await list(q);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(numbers(res)).toEqual(expected());
  });

  it('refuses an unknown parameter with a 400 naming it', async () => {
    const res = await list({ stauts: 'draft' });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('Неизвестный параметр «stauts»');
  });
});

describe('the XLSX export of the view', () => {
  it('opens with the rows of the same filters and sort', async () => {
    const token = await t.login('client');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/companies/${company}/procurements/export.xlsx?sort=nmcd&order=asc&status=draft,published`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('3');
    expect(String(res.headers['content-disposition'])).toContain('filename*=');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Реестр закупок')!;
    expect(ws.getRow(1).getCell(2).value).toBe('Номер закупки');
    const rows = [2, 3, 4].map((i) => ws.getRow(i));
    expect(rows.map((row) => row.getCell(2).value)).toEqual([roof.number, cable.number, cleaning.number]);
    expect(rows.map((row) => row.getCell(7).value)).toEqual([50000, 90000, 300000]);
    expect(rows[0].getCell(9).value).toBe('Извещение размещено');
    expect(rows[0].getCell(16).value).toBe('да');
    expect(rows[2].getCell(10).value).toBe('да');
    expect(ws.rowCount).toBe(4);
  });
});

describe('the deadlines', () => {
  it('lists the open duties nearest first, with counts', async () => {
    const res = await t.call(r.deadlines, { params: { company_id: company }, as: 'operator' });
    expect(res.status).toBe(200);
    expect(res.body.items.map((d) => [d.procurement_id, d.duty, d.status])).toEqual([
      [roof.id, 'protocol_placement', 'overdue'],
      [cable.id, 'notice_placement', 'due'],
      [cleaning.id, 'notice_placement', 'due'],
    ]);
    expect(res.body.counts).toEqual({ overdue: 1, due_soon: 0, due: 2 });
    expect(res.body.items[0]).toMatchObject({ procurement_number: roof.number, subject: roof.subject });
  });

  it('placing the protocol closes its duty and the overdue filter lets the procurement go', async () => {
    const res = await t.call(r.updateProtocol, {
      params: { company_id: company, id: roof.id, protocol_id: roof.protocols[0].id },
      body: { kind: 'review', signed_on: day(-10), published_on: day(-9) },
      as: 'specialist',
    });
    expect(res.status).toBe(200);
    expect(numbers(await list({ overdue: 'true' }))).toEqual([]);
    const deadlines = await t.call(r.deadlines, { params: { company_id: company }, as: 'client' });
    expect(deadlines.body.counts.overdue).toBe(0);
  });
});
