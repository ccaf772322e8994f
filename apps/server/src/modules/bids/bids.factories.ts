import { type BidInput, bidRoutes as b, contractRoutes, procurementRoutes } from '@zakupki/shared';
import ExcelJS from 'exceljs';
import PizZip from 'pizzip';
import type { TestApp } from '../../../test/harness.js';
import { companyMembers } from '../../db/schema/index.js';
import { multipart } from '../imports/import-uploads.factories.js';
import { newCompany } from '../imports/imports.factories.js';
import { versionBody } from '../procurement-rules/procurement-rules.factories.js';
import { publishedRule } from '../procurements/eis-procurement.factories.js';
import { publishedProcurement } from '../procurements/procurements.factories.js';

/** Test data of the bids module: a company whose Положение sets the evaluation, bids, uploads, DOCX text. */

/** ИНН with valid checksums (10 digits). */
export const INN = {
  alfa: '7707083893',
  beta: '7736050003',
  gamma: '7702070139',
  delta: '7728168971',
  foreign: '9909000011',
} as const;

/**
 * A company with a published Положение: a competition (e_tender) scored by price 60 % and
 * qualification 40 %, a request for proposals (e_proposal) by price alone with a 15 % preference
 * for Russian goods and «не состоялась» for a single participant, an auction (e_auction) and a
 * request for quotations (e_quotation).
 */
export async function bidsCompany(t: TestApp, title: string) {
  const company = await newCompany(t, title);
  // the demo specialist and client act for it (a client reads its results)
  for (const user of [t.ids.users['specialist@demo.local'], t.ids.users['client@demo.local']])
    await t.app.deps.db.insert(companyMembers).values({ userId: user, companyId: company });
  const { methods } = await publishedRule(t, company, '2010-01-01', (m) =>
    versionBody(m, {
      methods: [
        { method_id: m.e_auction, notice_days: 15, notice_day_kind: 'calendar', needs_documentation: false },
        { method_id: m.e_quotation, notice_days: 5, notice_day_kind: 'working', needs_documentation: false },
        {
          method_id: m.e_tender,
          notice_days: 15,
          notice_day_kind: 'calendar',
          needs_documentation: false,
          evaluation: {
            criteria: [
              { code: 'price', title: 'Цена договора', weight: 60 },
              { code: 'qualification', title: 'Квалификация участника', weight: 40 },
            ],
            national_preference_percent: null,
            single_participant: 'contract',
          },
        },
        {
          method_id: m.e_proposal,
          notice_days: 7,
          notice_day_kind: 'working',
          needs_documentation: false,
          evaluation: {
            criteria: [{ code: 'price', title: 'Цена договора', weight: 100 }],
            national_preference_percent: 15,
            single_participant: 'failed',
          },
        },
      ],
    }),
  );
  return { company, methods };
}

export async function published(t: TestApp, company: number, methodId: number) {
  return publishedProcurement(t, company, { e_auction: methodId }, 25);
}

export const bidBody = (lotId: number, over: Partial<BidInput> = {}): BidInput => ({
  lot_id: lotId,
  participant_inn: INN.alfa,
  participant_kpp: '770701001',
  participant_name: 'ООО «Альфа»',
  participant_address: 'г. Москва, ул. Тверская, д. 1',
  participant_is_sme: true,
  received_at: '2026-01-10T10:00',
  price: null,
  items: [],
  country_code: '643',
  ...over,
});

export async function addBid(t: TestApp, company: number, id: number, body: BidInput) {
  const res = await t.call(b.create, { params: { company_id: company, id }, body, as: 'specialist' });
  if (res.status !== 201) throw new Error(`bid: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function results(
  t: TestApp,
  company: number,
  id: number,
  as: 'specialist' | 'client' = 'specialist',
) {
  const res = await t.call(b.results, { params: { company_id: company, id }, as });
  if (res.status !== 200) throw new Error(`results: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** An XLSX of bids from rows keyed by column title. */
export async function bidsXlsx(rows: Record<string, string | number | undefined>[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Заявки');
  const titles = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  ws.addRow(titles);
  for (const r of rows) ws.addRow(titles.map((k) => r[k] ?? null));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function uploadXlsx(t: TestApp, company: number, id: number, data: Buffer) {
  const token = await t.login('specialist');
  const body = multipart([{ name: 'bids.xlsx', data }]);
  return t.req('POST', `/api/companies/${company}/procurements/${id}/bids/upload`, {
    token,
    body: body.payload,
    headers: body.headers,
  });
}

/** The text of a stored DOCX (the paragraphs' runs, tags included if any were left). */
export async function docxText(t: TestApp, fileId: number): Promise<string> {
  const [row] = await t.db.database.query<{ content: Buffer }>('select content from files where id = $1', [
    fileId,
  ]);
  const xml = new PizZip(row.content).file('word/document.xml')?.asText() ?? '';
  return xml
    .replace(/<\/w:p>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

export { contractRoutes, procurementRoutes };
