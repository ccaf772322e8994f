import { exportRoutes } from '@zakupki/shared';
import { and, eq, isNull } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/harness.js';
import { catalogEntries, contracts } from '../../db/schema/index.js';
import { MONEY_FORMAT } from '../../kernel/xlsx/xlsx-formats.js';
import { SUPPLIER2 } from '../contracts/contracts.factories.js';
import { createContract2024, download, reportNotification, runExport } from './exports.factories.js';
import { MONTHLY_ROWS, MONTHLY_SECTIONS } from './monthly-223-form.js';
import { MONTHLY_SHEETS, MONTHLY_TABLE_HEADER_ROW } from './monthly-report.xlsx.js';

const t = testAppForFile();
let token: string;
let company: number;

async function basisId(code: string) {
  const [row] = await t.app.deps.db
    .select({ id: catalogEntries.id, title: catalogEntries.title })
    .from(catalogEntries)
    .where(
      and(
        eq(catalogEntries.kind, 'generic'),
        eq(catalogEntries.typeCode, 9),
        eq(catalogEntries.code, code),
        isNull(catalogEntries.companyId),
      ),
    );
  return row;
}

const FEB = '2024-02-';
const plain = { items: [], start_date: null, end_date: null };
const notSme = {
  supplier_is_sme: false,
  supplier_inn: SUPPLIER2.inn,
  supplier_kpp: SUPPLIER2.kpp,
  supplier_name: SUPPLIER2.name,
};

beforeAll(async () => {
  token = await t.login('client');
  company = t.ids.companies.client1;
  const failed = await basisId('3');
  const exempt = await basisId('10');
  expect(failed.title).toContain('несостоявшейся');
  expect(exempt.title).toContain('не распространяется');
  const add = (number: string, over: Record<string, unknown>) =>
    createContract2024(t, token, company, { ...plain, number, contract_date: `${FEB}15`, ...over });
  // counted
  await add('М-1', { price: '1250000.00', procurement_method_code: 'e_auction' }); // competitive, SME
  await add('М-2', {
    price: '300000.00',
    procurement_method_code: 'e_auction_sme',
    contract_date: `${FEB}01`,
  }); // SME-only
  await add('М-3', {
    ...notSme,
    price: '500000.00',
    procurement_method_code: 'single_supplier',
    contract_basis_id: failed.id,
  });
  await add('М-4', {
    ...notSme,
    price: '200000.00',
    procurement_method_code: 'single_supplier',
    contract_date: `${FEB}29`,
  });
  await add('М-5', {
    ...notSme,
    price: '100000.00',
    procurement_method_code: null,
    procurement_method_name: null,
  });
  // a method as an EIS import writes it (the API takes methods from the catalogue only)
  const m6 = await add('М-6', {
    price: '150000.00',
    procurement_method_code: null,
    procurement_method_name: null,
  });
  await t.app.deps.db
    .update(contracts)
    .set({
      procurementMethodCode: '30000',
      procurementMethodName: 'Закупка у единственного поставщика (подрядчика, исполнителя)',
    })
    .where(eq(contracts.id, m6.id));
  await add('М-7', {
    ...notSme,
    price: '10000.00',
    currency_code: 'USD',
    procurement_method_code: 'e_auction',
  });
  // not counted
  await add('М-8', {
    price: '700000.00',
    procurement_method_code: 'single_supplier',
    contract_basis_id: exempt.id,
  });
  await add('М-9', { price: '800000.00', status: 'draft', procurement_method_code: 'e_auction' });
  await add('М-10', { price: '900000.00', law: '44', procurement_method_code: 'e_auction' });
  await add('М-11', {
    price: '990000.00',
    contract_date: '2024-03-01',
    procurement_method_code: 'e_auction',
  });
  await add('М-12', { price: '60000.00', contract_date: '2024-01-31', procurement_method_code: 'e_auction' });
});
describe('monthly report of ч. 19 ст. 4 223-ФЗ', () => {
  it('encodes 4 sections and 16 codes', () => {
    expect(Object.keys(MONTHLY_SECTIONS)).toHaveLength(4);
    expect(MONTHLY_ROWS).toHaveLength(16);
    expect(new Set(MONTHLY_ROWS.map((r) => r.code)).size).toBe(16);
    expect(new Set(MONTHLY_ROWS.map((r) => r.section))).toEqual(new Set([1, 2, 3, 4]));
  });

  it('fills the form from the month’s contracts, lists what it cannot tell and shows the due date', async () => {
    const report = await runExport(
      t,
      token,
      exportRoutes.monthly,
      { company_id: company },
      {
        year: 2024,
        month: 2,
      },
    );
    expect(report.status).toBe('done');
    expect(report.title).toBe('Ежемесячный отчёт о договорах за февраль 2024 г.');
    // 10.03.2024 is a Sunday: the report is due on Monday 11.03.2024
    expect(report.params).toMatchObject({ year: 2024, month: 2, due_date: '2024-03-11' });
    const file = await download(t, token, `/api/files/${report.file_id}`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.body as never);
    const ws = wb.getWorksheet(MONTHLY_SHEETS.report)!;
    expect(String(ws.getRow(5).getCell(1).value)).toContain('не позднее 11.03.2024');
    expect(String(ws.getRow(4).getCell(1).value)).toContain('февраль 2024 г. (с 01.02.2024 по 29.02.2024)');
    expect(String(ws.getRow(3).getCell(1).value)).toContain('ИНН 5003123458, КПП 500301001');

    const figures = new Map<string, { value: unknown; numFmt: string }>();
    ws.eachRow((row, n) => {
      const code = String(row.getCell(1).value ?? '');
      if (n > MONTHLY_TABLE_HEADER_ROW && /^0\d{3}$/.test(code)) {
        figures.set(code, { value: row.getCell(3).value, numFmt: row.getCell(3).numFmt });
      }
    });
    expect([...figures.keys()]).toEqual(MONTHLY_ROWS.map((r) => r.code));
    const values = Object.fromEntries([...figures].map(([k, v]) => [k, v.value]));
    expect(values).toEqual({
      '0101': 7,
      '0102': 2500000,
      '0103': 3,
      '0104': 1550000,
      '0201': 3,
      '0202': 850000,
      '0203': 1,
      '0204': 500000,
      '0301': 0,
      '0302': 0,
      '0303': 0,
      '0304': 0,
      '0401': 3,
      '0402': 1700000,
      '0403': 1,
      '0404': 300000,
    });
    expect(figures.get('0102')?.numFmt).toBe(MONEY_FORMAT);

    const notes = wb.getWorksheet(MONTHLY_SHEETS.notes)!;
    const noteText = notes.getSheetValues().flat().map(String).join('\n');
    expect(noteText).toContain('№ М-8'); // exempt, ч. 4 ст. 1
    expect(noteText).toContain('№ М-7 — 10000.00 USD');
    expect(noteText).toMatch(/Способ закупки не указан[^\n]*№ М-5/);
    expect(noteText).toMatch(/не указано основание заключения[^\n]*№ М-4/);
    expect(noteText).toContain('0301–0304');
    expect(noteText).not.toContain('№ М-9');
    expect(report.warnings).toHaveLength(notes.rowCount - 1);

    const lines = wb.getWorksheet(MONTHLY_SHEETS.lines)!;
    expect(lines.rowCount).toBe(1 + 7);
    const numbers = [...Array(7)].map((_, i) => lines.getRow(i + 2).getCell(2).value);
    expect(numbers).toEqual(['М-2', 'М-1', 'М-3', 'М-5', 'М-6', 'М-7', 'М-4']);
    expect(lines.getRow(4).getCell(12).value).toBe('0101, 0201, 0203');

    const n = await reportNotification(t, report.id);
    expect(n.payload).toMatchObject({
      report_code: 'monthly-223-19',
      contract_guid: null,
      contract_regnumber: null,
      error: null,
      file_id: report.file_id,
    });
    expect(n.message).toContain('договоров — 7');
  });

  it('a month without contracts gives zeros, not an error', async () => {
    const report = await runExport(
      t,
      token,
      exportRoutes.monthly,
      { company_id: company },
      {
        year: 2023,
        month: 7,
      },
    );
    expect(report.status).toBe('done');
    expect(report.params).toMatchObject({ due_date: '2023-08-10' });
  });

  it('checks year and month', async () => {
    const r = await t.call(exportRoutes.monthly, {
      params: { company_id: company },
      invalidBody: { year: 2024, month: 13 },
      as: { token },
    });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toContain('Месяц от 1 до 12');
  });
});
