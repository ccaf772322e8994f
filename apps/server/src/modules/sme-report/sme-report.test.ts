import { type SmeReport, smeReportRoutes } from '@zakupki/shared';
import { and, between, eq, notLike } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorOf, testAppForFile } from '../../../test/harness.js';
import { auditLog, contracts } from '../../db/schema/index.js';
import { DEMO_SME_EIS_NUMBER } from '../../db/seed/demo/sme-report.demo-seed.js';
import { todayMoscow } from '../../lib/moscow-time.js';
import { looksLikePdf, PDF_UNAVAILABLE } from '../../lib/pdf/pdf-converter.js';
import { smeReportFiling } from './sme-report.service.js';
import { SME_SHEETS, SME_TABLE_HEADER_ROW } from './sme-report.xlsx.js';

const t = testAppForFile();
const today = todayMoscow();
/** The demo's SME year: last year (`db/seed/demo/sme-report.demo-data.ts`). */
const YEAR = Number(today.slice(0, 4)) - 1;
const yy = String(YEAR).slice(2);
let company: number;
let token: string;
const numbers = (list: { number: string }[]) => list.map((c) => c.number).sort();
const params = (year = YEAR) => ({ company_id: company, year });

async function download(url: string) {
  const r = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  return { status: r.statusCode, headers: r.headers, body: r.rawPayload };
}

beforeAll(async () => {
  company = t.ids.companies.client1;
  token = await t.login('client');
  // the demo's other contracts are dated relative to today: early in a year some fall into the
  // last one; move them to today so that last year holds the SME set alone
  await t.app.deps.db
    .update(contracts)
    .set({ contractDate: today })
    .where(
      and(
        eq(contracts.companyId, company),
        notLike(contracts.number, 'МСП-%'),
        between(contracts.contractDate, `${YEAR}-01-01`, `${YEAR}-12-31`),
      ),
    );
});

describe('the SME report of the demo year', () => {
  it('gives the figures checked by hand, with the contracts behind each', async () => {
    const r = await t.call(smeReportRoutes.get, { params: params(), as: 'client' });
    expect(r.status).toBe(200);
    const report = r.body as SmeReport;
    expect(report).toMatchObject({
      year: YEAR,
      period_from: `${YEAR}-01-01`,
      period_to: `${YEAR}-12-31`,
      partial: false,
      total: { amount: '12240000.00', count: 7 },
      excluded: { amount: '1720000.00', count: 2 },
      base: { amount: '10520000.00', count: 5 },
      sme: { amount: '5960000.00', count: 4 },
      sme_only: { amount: '4340000.00', count: 2 },
    });
    expect(report.due_date >= `${YEAR + 1}-02-01`).toBe(true);
    const m = (n: number) => `МСП-0${n}/${yy}`;
    // the cancelled МСП-08 was never concluded
    expect(numbers(report.total.contracts)).toEqual([1, 2, 3, 4, 5, 6, 7].map(m));
    const removed = Object.fromEntries(report.exclusions.map((e) => [e.code, numbers(e.contracts)]));
    expect(removed).toMatchObject({
      natural_monopoly: [m(5)],
      regulated_utilities: [m(6)],
      not_223: [],
      foreign: [],
    });
    expect(report.exclusions.find((e) => e.code === 'state_secret')).toMatchObject({
      detectable: false,
      count: 0,
    });
    expect(numbers(report.base.contracts)).toEqual([1, 2, 3, 4, 7].map(m));
    expect(numbers(report.sme.contracts)).toEqual([1, 2, 3, 7].map(m));
    expect(numbers(report.sme_only.contracts)).toEqual([1, 2].map(m));
    expect(report.quotas.map((q) => [q.code, q.required_percent, q.share_percent, q.met])).toEqual([
      ['sme', '25', '56.65', true],
      ['sme_only', '20', '41.25', true],
    ]);
    // the demo filed it, with these figures
    expect(report.filing).toMatchObject({
      eis_number: DEMO_SME_EIS_NUMBER,
      figures: { base: '10520000.00', sme_share_percent: '56.65', sme_only_share_percent: '41.25' },
    });
  });

  it('opens as XLSX with numbers in its cells and a sheet of contracts per figure', async () => {
    const r = await download(`/api/companies/${company}/sme-reports/${YEAR}/report.xlsx`);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.body as never);
    expect(wb.worksheets.map((w) => w.name)).toEqual(Object.values(SME_SHEETS));
    const ws = wb.getWorksheet(SME_SHEETS.report);
    if (!ws) throw new Error('no report sheet');
    const rows: unknown[][] = [];
    ws.eachRow((row, n) => {
      if (n > SME_TABLE_HEADER_ROW)
        rows.push([row.getCell(1).value, row.getCell(2).value, row.getCell(3).value, row.getCell(4).value]);
    });
    const byTitle = (start: string) => rows.find((row) => String(row[0]).trim().startsWith(start));
    expect(byTitle('1.')?.slice(1, 3)).toEqual([12240000, 7]);
    expect(byTitle('3.')?.slice(1, 3)).toEqual([10520000, 5]);
    expect(byTitle('4.')?.slice(1, 4)).toEqual([5960000, 4, 56.65]);
    expect(byTitle('5.')?.slice(1, 4)).toEqual([4340000, 2, 41.25]);
    const smeOnly = wb.getWorksheet(SME_SHEETS.smeOnly);
    const prices: unknown[] = [];
    smeOnly?.eachRow((row, n) => {
      if (n > 1) prices.push(row.getCell('L').value);
    });
    expect(prices.sort()).toEqual([1740000, 2600000]);
    expect(smeOnly?.getCell('D2').value).toBeInstanceOf(Date);
  });

  it('is produced as PDF (where LibreOffice is installed)', async (ctx) => {
    const reason = await t.app.deps.pdf.unavailableReason();
    const r = await download(`/api/companies/${company}/sme-reports/${YEAR}/report.pdf`);
    if (reason) {
      expect(r.status).toBe(503);
      ctx.skip();
    }
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(looksLikePdf(r.body)).toBe(true);
  }, 180_000);

  it('answers 503 in Russian where the node has no LibreOffice', async () => {
    const real = t.app.deps.pdf;
    t.app.deps.pdf = {
      unavailableReason: async () => PDF_UNAVAILABLE,
      toPdf: async () => {
        throw new Error('not called');
      },
    };
    try {
      const r = await download(`/api/companies/${company}/sme-reports/${YEAR}/report.pdf`);
      expect(r.status).toBe(503);
      expect(JSON.parse(r.body.toString()).error.message).toBe(PDF_UNAVAILABLE);
    } finally {
      t.app.deps.pdf = real;
    }
  });

  it('is not shown to another company', async () => {
    const r = await t.call(smeReportRoutes.get, { params: params(), as: 'client2' });
    expect(r.status).toBe(404);
  });
});

describe('filing the SME report', () => {
  const EARLIER = YEAR - 1;

  it('is read-only for the client', async () => {
    const r = await t.call(smeReportRoutes.file, {
      params: params(EARLIER),
      body: { filed_on: `${EARLIER + 1}-01-25`, eis_number: '32400000001' },
      as: 'client',
    });
    expect(r.status).toBe(403);
    expect(await smeReportFiling(t.app.deps.db, company, EARLIER)).toBeNull();
  });

  it.each<[string, { filed_on: string; eis_number: string }, string]>([
    [
      'a day to come',
      { filed_on: '2099-01-10', eis_number: '32400000001' },
      'Дата размещения не может быть в будущем',
    ],
    [
      'a day of the year itself',
      { filed_on: `${YEAR - 1}-12-30`, eis_number: '32400000001' },
      `Отчёт за ${YEAR - 1} год размещается после окончания года: дата размещения не ранее 01.01.${YEAR}`,
    ],
    [
      'a number with letters',
      { filed_on: `${YEAR}-01-25`, eis_number: '3240А0001' },
      'Регистрационный номер ЕИС — от 5 до 30 цифр, без пробелов и букв',
    ],
    [
      'a date that does not exist',
      { filed_on: `${YEAR}-02-30`, eis_number: '32400000001' },
      'Такой даты нет в календаре',
    ],
  ])('refuses %s in Russian and writes nothing', async (_what, body, message) => {
    const r = await t.call(smeReportRoutes.file, { params: params(EARLIER), body, as: 'specialist' });
    expect(r.status).toBe(400);
    expect(errorOf(r).details.issues.map((i) => i.message)).toContain(message);
    expect(await smeReportFiling(t.app.deps.db, company, EARLIER)).toBeNull();
  });

  it('closes the duty: the filing is kept with its figures, listed and audited; a correction replaces it', async () => {
    const filed = await t.call(smeReportRoutes.file, {
      params: params(EARLIER),
      body: { filed_on: `${YEAR}-01-28`, eis_number: ' 32400000001 ' },
      as: 'specialist',
    });
    expect(filed.status).toBe(200);
    expect(filed.body).toMatchObject({
      year: EARLIER,
      filed_on: `${YEAR}-01-28`,
      eis_number: '32400000001',
      figures: { total: '0.00', base: '0.00', sme_share_percent: null },
      filed_by: { id: t.ids.users['specialist@demo.local'] },
    });
    expect(await smeReportFiling(t.app.deps.db, company, EARLIER)).toEqual({
      filedOn: `${YEAR}-01-28`,
      eisNumber: '32400000001',
    });
    const again = await t.call(smeReportRoutes.file, {
      params: params(EARLIER),
      body: { filed_on: `${YEAR}-01-30`, eis_number: '32400000002' },
      as: 'specialist',
    });
    expect(again.status).toBe(200);
    expect(await smeReportFiling(t.app.deps.db, company, EARLIER)).toEqual({
      filedOn: `${YEAR}-01-30`,
      eisNumber: '32400000002',
    });
    const list = await t.call(smeReportRoutes.filings, { params: { company_id: company }, as: 'client' });
    expect(list.body.items.map((f) => [f.year, f.eis_number])).toEqual([
      [YEAR, DEMO_SME_EIS_NUMBER],
      [EARLIER, '32400000002'],
    ]);
    const audits = await t.app.deps.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'sme_report'), eq(auditLog.companyId, company)));
    expect(audits.map((a) => a.action).sort()).toEqual(['create', 'update']);
  });
});
