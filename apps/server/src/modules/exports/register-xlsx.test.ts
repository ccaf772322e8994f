import http from 'node:http';
import { PassThrough } from 'node:stream';
import { contractRoutes, exportRoutes } from '@zakupki/shared';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/harness.js';
import { auditLog, contracts } from '../../db/schema/index.js';
import { REGISTER_BATCH } from '../../kernel/xlsx/sheet-writer.js';
import { DATE_FORMAT, MONEY_FORMAT } from '../../kernel/xlsx/xlsx-formats.js';
import { SUPPLIER, SUPPLIER2 } from '../contracts/contracts.factories.js';
import { createContract2024, download, errorOf } from './exports.factories.js';
import { REGISTER_COLUMNS, REGISTER_SHEET } from './register.xlsx.js';

const t = testAppForFile();
/** The demo data holds contracts of recent dates: the tests look at 2024 only. */
const Y2024 = 'date_from=2024-01-01&date_to=2024-12-31';
let token: string;
let company: number;
const col = (key: (typeof REGISTER_COLUMNS)[number]['key']) =>
  REGISTER_COLUMNS.findIndex((c) => c.key === key) + 1;

async function sheetOf(body: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as never);
  const ws = wb.getWorksheet(REGISTER_SHEET);
  if (!ws) throw new Error('no register sheet');
  return ws;
}

beforeAll(async () => {
  token = await t.login('client');
  company = t.ids.companies.client1;
  const noItems = { items: [] };
  await createContract2024(t, token, company, {
    number: 'Р-1',
    price: '1250000.00',
    contract_date: '2024-03-12',
  });
  await createContract2024(t, token, company, {
    ...noItems,
    number: 'Р-2',
    price: '99000.50',
    contract_date: '2024-02-01',
    subject: 'Техническое обслуживание насосного оборудования',
  });
  await createContract2024(t, token, company, {
    ...noItems,
    number: 'Р-3',
    price: '480000.00',
    contract_date: '2024-04-15',
    supplier_inn: SUPPLIER2.inn,
    supplier_kpp: SUPPLIER2.kpp,
    supplier_name: SUPPLIER2.name,
    supplier_is_sme: false,
  });
  await createContract2024(t, token, company, {
    ...noItems,
    number: 'Р-4',
    price: '15000.00',
    status: 'draft',
  });
  await createContract2024(t, token, company, {
    ...noItems,
    number: 'Р-5',
    price: '2750000.00',
    contract_date: '2024-05-20',
    supplier_inn: SUPPLIER2.inn,
    supplier_kpp: SUPPLIER2.kpp,
    supplier_name: SUPPLIER2.name,
  });
});
describe('XLSX of a register view', () => {
  it('has the rows of the list with the same filters and sort, money as numbers and dates as dates', async () => {
    const query = `status=concluded&sort=price&order=asc&price_min=50000&${Y2024}`;
    const list = await t.call(contractRoutes.list, {
      params: { company_id: company },
      query: Object.fromEntries(new URLSearchParams(`${query}&limit=100`)),
      as: { token },
    });
    expect(list.body.total).toBe(4);
    const file = await download(
      t,
      token,
      `/api/companies/${company}/contracts/export.xlsx?${query}&page=3&limit=1`,
    );
    expect(file.status).toBe(200);
    expect(String(file.headers['content-type'])).toContain('spreadsheetml.sheet');
    expect(String(file.headers['content-disposition'])).toContain("filename*=UTF-8''");
    expect(file.headers['x-total-count']).toBe('4');
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toBeDefined();
    const ws = await sheetOf(file.body);
    expect(ws.getRow(1).values).toEqual([undefined, ...REGISTER_COLUMNS.map((c) => c.header)]);
    expect(ws.rowCount).toBe(1 + list.body.total);
    const numbers = [2, 3, 4, 5].map((r) => ws.getRow(r).getCell(col('number')).value);
    expect(numbers).toEqual(list.body.items.map((i) => i.number));
    expect(numbers).toEqual(['Р-2', 'Р-3', 'Р-1', 'Р-5']);

    const first = ws.getRow(2);
    const price = first.getCell(col('price'));
    expect(price.value).toBe(99000.5);
    expect(price.numFmt).toBe(MONEY_FORMAT);
    const date = first.getCell(col('date'));
    expect(date.value).toBeInstanceOf(Date);
    expect((date.value as Date).toISOString()).toBe('2024-02-01T00:00:00.000Z');
    expect(date.numFmt).toBe(DATE_FORMAT);
    expect(first.getCell(col('status')).value).toBe('Заключен');
    expect(first.getCell(col('subject')).value).toBe('Техническое обслуживание насосного оборудования');
    expect(first.getCell(col('n')).value).toBe(1);
    expect(first.getCell(col('sme')).value).toBe('да');
    expect(ws.getRow(3).getCell(col('sme')).value).toBe('нет');
    expect(first.getCell(col('law')).value).toBe('223-ФЗ');
  });

  it('filters by supplier and by words of the subject', async () => {
    const bySupplier = await sheetOf(
      (
        await download(
          t,
          token,
          `/api/companies/${company}/contracts/export.xlsx?supplier=${SUPPLIER2.inn}&sort=number&order=asc&${Y2024}`,
        )
      ).body,
    );
    expect(bySupplier.rowCount).toBe(3);
    expect([2, 3].map((r) => bySupplier.getRow(r).getCell(col('supplierInn')).value)).toEqual([
      SUPPLIER2.inn,
      SUPPLIER2.inn,
    ]);
    const byText = await sheetOf(
      (
        await download(
          t,
          token,
          `/api/companies/${company}/contracts/export.xlsx?q=${encodeURIComponent('насосного')}&${Y2024}`,
        )
      ).body,
    );
    expect(byText.rowCount).toBe(2);
    expect(byText.getRow(2).getCell(col('number')).value).toBe('Р-2');
    const empty = await sheetOf(
      (
        await download(
          t,
          token,
          `/api/companies/${company}/contracts/export.xlsx?supplier=${SUPPLIER.inn}&status=terminated&${Y2024}`,
        )
      ).body,
    );
    expect(empty.rowCount).toBe(1);
  });

  it('keeps the order across database batches and numbers every row', async () => {
    const other = t.ids.companies.client2;
    const n = REGISTER_BATCH + 57;
    await t.app.deps.db.insert(contracts).values(
      Array.from({ length: n }, (_, i) => ({
        companyId: other,
        number: `М-${String(i + 1).padStart(5, '0')}`,
        contractDate: '2024-06-01',
        subject: `Поставка материалов, партия ${i + 1}`,
        customerName: 'ГУП «Водоканал Северо-Запад»',
        customerInn: '7802123456',
        supplierInn: SUPPLIER.inn,
        supplierName: SUPPLIER.name,
        price: `${1000 + i}.25`,
        status: 'concluded' as const,
      })),
    );
    const token2 = await t.login('client2');
    const file = await download(
      t,
      token2,
      `/api/companies/${other}/contracts/export.xlsx?sort=number&order=desc&date_from=2024-06-01&date_to=2024-06-01`,
    );
    expect(file.status).toBe(200);
    const ws = await sheetOf(file.body);
    expect(ws.rowCount).toBe(n + 1);
    expect(ws.getRow(2).getCell(col('number')).value).toBe(`М-${String(n).padStart(5, '0')}`);
    expect(ws.getRow(n + 1).getCell(col('number')).value).toBe('М-00001');
    expect(ws.getRow(REGISTER_BATCH + 1).getCell(col('n')).value).toBe(REGISTER_BATCH);
    expect(ws.getRow(REGISTER_BATCH + 2).getCell(col('number')).value).toBe(
      `М-${String(n - REGISTER_BATCH).padStart(5, '0')}`,
    );
    expect(ws.getRow(n + 1).getCell(col('price')).value).toBe(1000.25);
  });

  it('records the export in the audit log', async () => {
    const rows = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'export'), eq(auditLog.companyId, company)));
    expect(rows.length).toBe(4);
    expect(rows[0].userId).toBe(t.ids.users['client@demo.local']);
    expect(rows[0].after).toMatchObject({
      format: 'xlsx',
      rows: 4,
      filters: { status: ['concluded'], sort: 'price', order: 'asc', date_from: '2024-01-01' },
    });
  });

  it('answers a bad filter with a validation error, not a file', async () => {
    const r = await t.call(exportRoutes.registerXlsx, {
      params: { company_id: company },
      query: { date_from: '2024-02-30' },
      as: { token },
    });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toContain('Такой даты нет в календаре');
  });

  it('answers a refusal of the handler itself with the JSON error, not a file', async () => {
    const r = await t.call(exportRoutes.registerXlsx, {
      params: { company_id: t.ids.companies.client2 },
      as: { token },
    });
    expect(r.status).toBe(404);
    expect(String(r.headers['content-type'])).toContain('application/json');
    expect(errorOf(r).message).toBe('Запрашиваемый ресурс не найден');
  });
});

describe('a register longer than the request time budget', () => {
  /** The budget of this app's requests (REQUEST_TIMEOUT_MS): far below how long the download runs. */
  const budget = 500;
  const slow = testAppForFile(
    { REQUEST_TIMEOUT_MS: String(budget) },
    {
      listen: true,
      extend: (app) => {
        app.get('/api/test/slow', async () => {
          await new Promise((res) => setTimeout(res, 2 * budget));
          return { ok: true };
        });
        // a stream handed over at once whose first byte comes after twice the budget
        app.get('/api/test/silent-stream', async (_req, reply) => {
          const stream = new PassThrough();
          setTimeout(() => stream.end('late but whole'), 2 * budget);
          return reply.type('text/plain').send(stream);
        });
      },
    },
  );

  it('answers a slow request with 504: the budget is in force', async () => {
    const r = await slow.req('GET', '/api/test/slow', { token: await slow.login('client2') });
    expect(r.status).toBe(504);
    expect(r.body.error.code).toBe('timeout');
  });

  it('a stream handed over in time is not answered with 504 while it is silent', async () => {
    const r = await fetch(`${slow.app.listeningOrigin}/api/test/silent-stream`, {
      headers: { authorization: `Bearer ${await slow.login('client2')}` },
    });
    expect(r.status).toBe(200);
    expect(await r.text()).toBe('late but whole');
  });

  it('streams to the end instead of being cut by the 504 timer', async () => {
    const other = slow.ids.companies.client2;
    await slow.app.deps.db.insert(contracts).values(
      Array.from({ length: 2 * REGISTER_BATCH }, (_, i) => ({
        companyId: other,
        number: `Д-${String(i + 1).padStart(5, '0')}`,
        contractDate: '2024-07-01',
        subject: `Поставка реагентов, партия ${i + 1}`,
        customerName: 'ГУП «Водоканал Северо-Запад»',
        customerInn: '7802123456',
        supplierInn: SUPPLIER.inn,
        supplierName: SUPPLIER.name,
        price: '1000.00',
        status: 'concluded' as const,
      })),
    );
    const token2 = await slow.login('client2');
    const address = slow.app.listeningOrigin;
    // the client reads the first chunk and then stops for twice the budget, so the download
    // surely outlives it; backpressure holds the server's writing meanwhile
    const { status, headers, body, pausedFor } = await new Promise<{
      status: number;
      headers: http.IncomingHttpHeaders;
      body: Buffer;
      pausedFor: number;
    }>((resolve, reject) => {
      const url = `${address}/api/companies/${other}/contracts/export.xlsx?date_from=2024-07-01&date_to=2024-07-01`;
      http
        .get(url, { headers: { authorization: `Bearer ${token2}` } }, (res) => {
          const chunks: Buffer[] = [];
          let pausedFor = 0;
          res.on('data', (chunk: Buffer) => {
            chunks.push(chunk);
            if (chunks.length === 1) {
              res.pause();
              const started = Date.now();
              setTimeout(() => {
                pausedFor = Date.now() - started;
                res.resume();
              }, 2 * budget);
            }
          });
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks),
              pausedFor,
            }),
          );
          res.on('error', reject);
        })
        .on('error', reject);
    });
    expect(pausedFor).toBeGreaterThanOrEqual(2 * budget - 5);
    expect(status).toBe(200);
    expect(String(headers['content-type'])).toContain('spreadsheetml.sheet');
    expect(headers['x-total-count']).toBe(String(2 * REGISTER_BATCH));
    expect((await sheetOf(body)).rowCount).toBe(2 * REGISTER_BATCH + 1);
  });
});
