import {
  procurementDocumentRoutes as docs,
  fileRoutes,
  type NmckSourceInput,
  procurementRoutes,
  nmckRoutes as r,
} from '@zakupki/shared';
import PizZip from 'pizzip';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/harness.js';
import type { PdfConverter } from '../../lib/pdf/pdf-converter.types.js';
import { SUPPLIER, SUPPLIER2 } from '../contracts/contracts.factories.js';
import { readFiles, storeFile } from '../files/files.service.js';
import { addDocumentsRule } from '../procurement-documents/procurement-documents.factories.js';
import { checkTags } from '../procurement-rules/procurement-rules.policy.js';
import {
  createProcurement,
  day,
  methodIds,
  procurementBody,
  publishedVersion,
} from '../procurements/procurements.factories.js';

/**
 * The «Обоснование НМЦД» among the procurement's documentation (docs/nmck.md, docs/procurement-documents.md
 * «Generated documents»): a documents rule of kind «Обоснование НМЦД» is built by the nmck module,
 * generated as DOCX and PDF with the values it was built from, and outdated by a changed price.
 */

const t = testAppForFile();
let company: number;
let id: number;
let realPdf: PdfConverter;
const P = () => ({ company_id: company, id });
const KIND = 'Обоснование начальной (максимальной) цены договора';

const offer = (line_no: number, price: string, inn: string, name: string) =>
  ({
    kind: 'offer',
    lot_number: 1,
    line_no,
    price,
    includes_vat: true,
    vat_rate: '22%',
    source_date: day(-5),
    supplier_inn: inn,
    supplier_name: name,
  }) as NmckSourceInput;
const add = (body: NmckSourceInput) => t.call(r.addSource, { params: P(), body, as: 'specialist' });
const documentation = async () => (await t.call(docs.get, { params: P(), as: 'specialist' })).body;
const nmckDocument = async () =>
  (await documentation()).documents.find((d) => d.document_kind_title === KIND);

async function finished(jobId: string, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const rows = await t.db.database.query<{ finished_at: string | null }>(
      'select finished_at from procurement_document_runs where job_id = $1',
      [jobId],
    );
    if (rows[0]?.finished_at) return;
    if (Date.now() > until) throw new Error(`generation ${jobId} still running`);
    await new Promise((res) => setTimeout(res, 100));
  }
}

beforeAll(async () => {
  company = t.ids.companies.client1;
  realPdf = t.app.deps.pdf;
  id = (await createProcurement(t, company, procurementBody(await methodIds(t)))).id;
  for (const line of [1, 2])
    for (const [price, s] of [
      ['1000', SUPPLIER],
      ['1050', SUPPLIER2],
      ['1100', { inn: '7707083893', name: 'ПАО «Торговый дом»' }],
    ] as const) {
      const res = await add(offer(line, String(Number(price) * line), s.inn, s.name));
      if (res.status !== 201) throw new Error(JSON.stringify(res.body));
    }
}, 120_000);
afterEach(() => {
  t.app.deps.pdf = realPdf;
});

describe('the «Обоснование НМЦД» in the documentation', () => {
  it('after applying, the documentation lists it generated as DOCX and PDF with its values; a price change outdates it', async () => {
    const applied = await t.call(r.apply, { params: P(), body: { method: 'market' }, as: 'specialist' });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    const d = await nmckDocument();
    expect(d, 'the pinned version asks for the НМЦД justification').toBeDefined();
    expect(d!.state).toBe('ready');
    expect(d!.template_name, 'built by the nmck module, not from the rule’s template').toBeNull();
    t.app.deps.pdf = { unavailableReason: async () => null, toPdf: async () => Buffer.from('%PDF-1.4 test') };
    const gen = await t.call(docs.generate, {
      params: P(),
      body: { document_ids: [d!.document_id], formats: ['docx', 'pdf'] },
      as: 'specialist',
    });
    expect(gen.status, JSON.stringify(gen.body)).toBe(202);
    await finished(gen.body.job_id);
    const done = (await nmckDocument())!;
    expect(done.state).toBe('generated');
    expect(done.latest?.error).toBeNull();
    expect(done.latest?.pdf_file_id).not.toBeNull();
    const [file] = await readFiles(t.app.deps.db, [done.latest!.docx_file_id!]);
    const text = new PizZip(file.content).file('word/document.xml')!.asText();
    expect(text).toContain('Обоснование начальной (максимальной) цены договора');
    for (const inn of [SUPPLIER.inn, SUPPLIER2.inn, '7707083893']) expect(text).toContain(inn);
    expect(text).toContain('1 050,00 ₽');
    // the values it was built from are kept with the version
    const outputs = await t.call(docs.outputs, {
      params: { ...P(), document_id: d!.document_id },
      as: 'specialist',
    });
    const values = outputs.body.items[0].values;
    expect(values['nmck.nmcd']).toBe('18900.00'); // 1 050,00 × 10 + 2 100,00 × 4
    expect((values['nmck.sources'] as unknown[]).length).toBe(6);
    // a new price makes it outdated, as a changed value outdates a template's document
    expect((await add(offer(1, '1040', SUPPLIER.inn, SUPPLIER.name))).status).toBe(201);
    expect((await nmckDocument())!.state).toBe('outdated');
  });

  it('a quantity changed on the card outdates it too', async () => {
    const d = (await nmckDocument())!;
    const gen = await t.call(docs.generate, {
      params: P(),
      body: { document_ids: [d.document_id], formats: ['docx'] },
      as: 'specialist',
    });
    await finished(gen.body.job_id);
    expect((await nmckDocument())!.state).toBe('generated');
    const card = (await t.call(procurementRoutes.get, { params: P(), as: 'specialist' })).body;
    const lots = card.lots.map((l) => ({
      ...l,
      items: l.items.map((it, i) => (i === 1 ? { ...it, quantity: '5' } : it)),
    }));
    const sum = lots[0].items
      .reduce((s, it) => s + Number(it.quantity) * Number(it.unit_price), 0)
      .toFixed(2);
    const res = await t.call(procurementRoutes.update, {
      params: P(),
      body: { lots: [{ ...lots[0], nmcd: sum }], nmcd: sum },
      as: 'specialist',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await nmckDocument())!.state).toBe('outdated');
  });

  it('an offer’s file names its offer on the file page and is read only within its company', async () => {
    const file = await storeFile(t.app.deps.db, {
      companyId: company,
      userId: t.ids.users['specialist@demo.local'],
      purpose: 'document',
      name: 'КП ЭлектроСнаб.pdf',
      mime: 'application/pdf',
      content: Buffer.from(`%PDF-1.4 offer ${Math.random()}`),
    });
    const added = await add({
      ...offer(2, '2050', SUPPLIER.inn, SUPPLIER.name),
      file_id: file.id,
    } as NmckSourceInput);
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const meta = await t.call(fileRoutes.meta, { params: { id: file.id }, as: 'client' });
    expect(meta.status).toBe(200);
    expect(meta.body.owner).toMatchObject({
      kind: 'nmck_offer',
      kind_title: 'Коммерческое предложение (обоснование НМЦД)',
      link: `/procurements/${id}`,
    });
    expect(meta.body.owner?.title).toContain(SUPPLIER.inn);
    expect((await t.call(fileRoutes.get, { params: { id: file.id }, as: 'client' })).status).toBe(200);
    // the other company's user: the file and its owner answer like missing ones
    expect((await t.call(fileRoutes.meta, { params: { id: file.id }, as: 'client2' })).status).toBe(404);
    expect((await t.call(fileRoutes.get, { params: { id: file.id }, as: 'client2' })).status).toBe(404);
    // and the other company's file is not accepted as an offer's
    const foreign = await storeFile(t.app.deps.db, {
      companyId: t.ids.companies.client2,
      userId: null,
      purpose: 'document',
      name: 'чужое.pdf',
      mime: 'application/pdf',
      content: Buffer.from(`%PDF-1.4 foreign ${Math.random()}`),
    });
    const refused = await add({
      ...offer(2, '2050', SUPPLIER.inn, SUPPLIER.name),
      file_id: foreign.id,
    } as NmckSourceInput);
    expect(refused.status).toBe(400);
  });

  it('the request letter is filled from the version’s template of its kind: no tag left, every item', async () => {
    const tags = [
      'company.title',
      'customer.title',
      'procurement.subject',
      'request.number',
      'request.date',
      'request.suppliers',
      'request.terms',
      'request.answer_until',
    ];
    expect(checkTags(tags, []).unknown, 'an upload accepts the request’s fields').toEqual([]);
    await addDocumentsRule(t.app.deps.db, {
      versionId: await publishedVersion(t.app.deps.db, company),
      companyId: company,
      method: 'e_auction',
      kind: 'price_request',
      title: 'Запрос коммерческих предложений',
      blocks: [
        'ЗАПРОС КП № {request.number} от {request.date}',
        'Кому: {request.suppliers}',
        '{company.title} ({customer.title}) просит представить цены по закупке «{procurement.subject}»:',
        {
          table: {
            header: ['№', 'Наименование', 'ОКПД2', 'Ед.', 'Кол-во'],
            rows: [
              ['{#items}{item.no}', '{item.name}', '{item.okpd2}', '{item.unit}', '{item.quantity}{/items}'],
            ],
          },
        },
        'Условия: {request.terms}. Ответ до {request.answer_until}.',
      ],
    });
    // a letter template is no document of the procurement
    expect((await documentation()).documents.map((d) => d.title)).not.toContain(
      'Запрос коммерческих предложений',
    );
    const req = await t.call(r.addRequest, {
      params: P(),
      body: {
        suppliers: [{ inn: SUPPLIER.inn, name: SUPPLIER.name }],
        terms: 'Поставка в течение 30 дней',
        answer_until: day(7),
      },
      as: 'specialist',
    });
    expect(req.status, JSON.stringify(req.body)).toBe(201);
    const letter = await t.app.inject({
      method: 'GET',
      url: `/api/companies/${company}/procurements/${id}/nmck/requests/${req.body.requests.at(-1)!.id}/letter.docx`,
      headers: { authorization: `Bearer ${await t.login('specialist')}` },
    });
    expect(letter.statusCode).toBe(200);
    const xml = new PizZip(letter.rawPayload).file('word/document.xml')!.asText();
    const text = [...xml.matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map((m) => m[1]).join('');
    expect(text).toContain('ЗАПРОС КП № 1 от');
    expect(text).not.toMatch(/[{}]/);
    expect(text).toContain(`${SUPPLIER.name.replace(/"/g, '&quot;')} (ИНН ${SUPPLIER.inn})`);
    expect(text).toContain('Кабель силовой АПвПу2г 1х240/50-10');
    expect(text).toContain('Муфта концевая 3ПКНтп-10-150/240');
    expect(text).toContain('27.33.13.130');
    expect(text).toContain('Поставка в течение 30 дней');
    expect(text).not.toContain('________________');
  });
});
