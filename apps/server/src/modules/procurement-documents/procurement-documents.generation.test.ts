import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { procurementRoutes, procurementDocumentRoutes as r } from '@zakupki/shared';
import { and, eq } from 'drizzle-orm';
import PizZip from 'pizzip';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, testAppForFile } from '../../../test/harness.js';
import { files, notifications, procurementEvents, procurements } from '../../db/schema/index.js';
import type { Block } from '../../kernel/docx-builder.js';
import { AppError } from '../../lib/app-error.js';
import type { PdfConverter } from '../../lib/pdf/pdf-converter.types.js';
import { readFiles } from '../files/files.service.js';
import { insertProcurement, publishedVersion } from '../procurements/procurements.factories.js';
import { addDocumentsRule } from './procurement-documents.factories.js';
import { BLANK } from './procurement-documents.policy.js';
import { procurementDocumentFileOwners } from './procurement-documents.repository.js';

const t = testAppForFile();
let company: number;
let version: number;
let realPdf: PdfConverter;

beforeAll(async () => {
  company = t.ids.companies.client1;
  version = await publishedVersion(t.app.deps.db, company);
  realPdf = t.app.deps.pdf;
});
afterEach(() => {
  t.app.deps.pdf = realPdf;
});

const SPEC: Block = {
  table: {
    header: ['№', 'Наименование', 'Кол-во', 'Цена', 'Сумма'],
    rows: [['{#items}{item.no}', '{item.name}', '{item.quantity}', '{item.price}', '{item.sum}{/items}']],
  },
};
const NOTICE: Block[] = [
  'Извещение № {procurement.number}',
  'Заказчик: {customer.title}',
  'Место поставки: {delivery_place}',
  'НМЦД: {procurement.nmcd} ({procurement.nmcd_words})',
  'Оплата: {payment_term}',
  SPEC,
];

const params = (id: number) => ({ company_id: company, id });
const get = async (id: number) => (await t.call(r.get, { params: params(id), as: 'specialist' })).body;
const generate = (id: number, body: { document_ids?: number[]; formats?: ('docx' | 'pdf')[] } = {}) =>
  t.call(r.generate, { params: params(id), body, as: 'specialist' });

/** Waits until the generation job's run is finished. */
async function finished(jobId: string, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const rows = await t.db.database.query<{ finished_at: string | null; error: string | null }>(
      'select finished_at, error from procurement_document_runs where job_id = $1',
      [jobId],
    );
    if (rows[0]?.finished_at) return rows[0];
    if (Date.now() > until) throw new Error(`generation ${jobId} still running`);
    await new Promise((res) => setTimeout(res, 100));
  }
}

async function documentXml(fileId: number): Promise<string> {
  const [f] = await readFiles(t.app.deps.db, [fileId]);
  return new PizZip(f.content).file('word/document.xml')!.asText();
}
const textOf = (xml: string) => [...xml.matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map((m) => m[1]).join('');

describe('generation', () => {
  it('fills the template, lists what was missing, keeps versions and goes outdated on a change', async () => {
    const db = t.app.deps.db;
    const docId = await addDocumentsRule(db, {
      versionId: version,
      companyId: company,
      method: 'closed_tender',
      title: 'Извещение о закупке',
      blocks: NOTICE,
    });
    const noTemplate = await addDocumentsRule(db, {
      versionId: version,
      companyId: company,
      method: 'closed_tender',
      title: 'Без шаблона',
      blocks: null,
    });
    const p = await insertProcurement(db, { companyId: company, method: 'closed_tender' });
    let d = await get(p.id);
    expect(d.documents.map((x) => [x.document_id, x.state])).toEqual([
      [docId, 'not_filled'],
      [noTemplate, 'no_template'],
    ]);
    expect(d.documents[0].missing).toEqual([
      { code: 'delivery_place', title: 'Место поставки товара, выполнения работ, оказания услуг' },
    ]);
    const saved = await t.call(r.saveValues, {
      params: params(p.id),
      body: { values: { 'customer.title': 'ООО «Ромашка» & <Партнёры>' } },
      as: 'specialist',
    });
    expect(saved.status).toBe(200);

    // a required field is empty: refused naming the document and the field, nothing is made
    for (const body of [{}, { document_ids: [docId] }]) {
      const refused = await generate(p.id, body);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        error: {
          message:
            'Не заполнены обязательные поля документов: «Извещение о закупке» — «Место поставки товара, выполнения работ, оказания услуг». Заполните их в форме полей документации',
          details: { missing: [{ document_id: docId, title: 'Извещение о закупке' }] },
        },
      });
    }
    expect((await get(p.id)).documents[0]).toMatchObject({ state: 'not_filled', latest: null });
    await t.call(r.saveValues, {
      params: params(p.id),
      body: { values: { delivery_place: 'г. Тверь' } },
      as: 'specialist',
    });

    const first = await generate(p.id);
    expect(first.status).toBe(202);
    expect(await finished(first.body.job_id)).toMatchObject({ error: null });
    d = await get(p.id);
    const doc = d.documents[0];
    expect(doc.state).toBe('generated');
    expect(doc.versions_count).toBe(1);
    expect(doc.latest).toMatchObject({ version: 1, pdf_file_id: null, error: null });
    // an optional field left empty is printed blank and listed
    expect(doc.latest!.missing).toEqual(['payment_term']);
    expect(d.documents[1].latest).toBeNull();

    const xml = await documentXml(doc.latest!.docx_file_id!);
    expect(xml).not.toMatch(/undefined/);
    expect(xml).toContain('ООО «Ромашка» &amp; &lt;Партнёры&gt;');
    const text = textOf(xml);
    expect(text).toContain(`Оплата: ${BLANK}`);
    expect(text).toContain('Три тысячи восемьсот девяносто рублей 00 копеек');
    expect(text).toContain('Бумага офисная А4');
    const [file] = await db.select().from(files).where(eq(files.id, doc.latest!.docx_file_id!));
    expect(file).toMatchObject({
      name: `Извещение о закупке — ${p.number}.docx`,
      purpose: 'document',
      companyId: company,
      userId: t.ids.users['specialist@demo.local'],
    });

    await t.call(r.saveValues, {
      params: params(p.id),
      body: { values: { delivery_place: 'г. Москва' } },
      as: 'specialist',
    });
    expect((await get(p.id)).documents[0].state).toBe('outdated');
    const second = await generate(p.id, { document_ids: [docId] });
    await finished(second.body.job_id);
    d = await get(p.id);
    expect(d.documents[0]).toMatchObject({ state: 'generated', versions_count: 2 });
    expect(d.documents[0].latest!.missing).not.toContain('delivery_place');

    const outs = await t.call(r.outputs, { params: { ...params(p.id), document_id: docId }, as: 'client' });
    expect(outs.status).toBe(200);
    expect(outs.body.items.map((o) => [o.version, o.values.delivery_place])).toEqual([
      [2, 'г. Москва'],
      [1, 'г. Тверь'],
    ]);
    expect(outs.body.items[1].docx_file_id).not.toBe(outs.body.items[0].docx_file_id);

    const events = await db.select().from(procurementEvents).where(eq(procurementEvents.procurementId, p.id));
    expect(events.filter((e) => e.kind === 'documents')).toHaveLength(2);
    const notes = await db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, t.ids.users['specialist@demo.local']),
          eq(notifications.kind, 'readyDocumentResponse'),
        ),
      );
    const mine = notes.filter((n) => (n.payload as { procurement_id?: number }).procurement_id === p.id);
    expect(mine).toHaveLength(2);
    expect(mine[0].payload).toMatchObject({
      procurement_id: p.id,
      error: null,
      documents: [{ document_id: docId, pdf_file_id: null, error: null }],
    });
  });

  it('generates the five documents of the demo Положение, lots with their own items included', async () => {
    const p = await insertProcurement(t.app.deps.db, {
      companyId: company,
      method: 'e_auction',
      lots: [
        { subject: 'Бумага', items: [{ name: 'Бумага офисная А4', quantity: '10', unit_price: '389.00' }] },
        {
          subject: 'Ручки',
          items: [{ name: 'Ручка шариковая синяя', quantity: '100', unit_price: '24.50' }],
        },
      ],
    });
    // the demo templates ask for the place and the term of delivery and the bids deadline, which
    // nothing prefills here (no dates on the card): the deadline comes from the card only
    const refused = await generate(p.id, { formats: ['docx'] });
    expect(refused.status).toBe(409);
    expect(errorOf(refused).message).toContain('«Дата окончания срока подачи заявок»');
    await t.call(r.saveValues, {
      params: params(p.id),
      body: { values: { delivery_place: 'г. Тверь', delivery_term: '10 рабочих дней' } },
      as: 'specialist',
    });
    expect((await generate(p.id, { formats: ['docx'] })).status).toBe(409);
    await t.app.deps.db
      .update(procurements)
      .set({ bidsDeadline: '2099-01-15' })
      .where(eq(procurements.id, p.id));
    const job = await generate(p.id, { formats: ['docx'] });
    expect(job.body).toMatchObject({ job_id: expect.any(String) });
    await finished(job.body.job_id);
    const d = await get(p.id);
    expect(d.documents.map((x) => x.state)).toEqual(Array(5).fill('generated'));
    for (const doc of d.documents) {
      const xml = await documentXml(doc.latest!.docx_file_id!);
      expect(xml, doc.title).not.toMatch(/undefined|\{[#/]?[a-z_.]+\}/);
    }
    const documentation = d.documents.find((x) => x.title === 'Документация о закупке')!;
    const text = textOf(await documentXml(documentation.latest!.docx_file_id!));
    expect(text).toMatch(/Лот № 1\. Бумага\..*Бумага офисная А4.*Лот № 2\. Ручки\..*Ручка шариковая синяя/);
  });

  it('fills a template uploaded with older field names from the system fields, required like them', async () => {
    const db = t.app.deps.db;
    const docId = await addDocumentsRule(db, {
      versionId: version,
      companyId: company,
      method: 'closed_quotation',
      title: 'Извещение по прежним именам',
      blocks: ['Заказчик: {customer_name}', 'Заявки до {application_deadline}', 'НМЦД: {nmcd}', SPEC],
    });
    const p = await insertProcurement(db, { companyId: company, method: 'closed_quotation' });
    let d = await get(p.id);
    // one field per value: the older names are their system fields in the form
    const codes = d.fields.map((f) => f.code);
    expect(codes).toEqual(
      expect.arrayContaining(['customer.title', 'procurement.bids_deadline', 'procurement.nmcd']),
    );
    expect(codes).not.toContain('customer_name');
    expect(codes).not.toContain('application_deadline');
    // the bids deadline is empty on the card: the document is not generated silently
    const doc = d.documents.find((x) => x.document_id === docId)!;
    expect(doc).toMatchObject({
      state: 'not_filled',
      missing: [{ code: 'procurement.bids_deadline', title: 'Дата окончания срока подачи заявок' }],
    });
    const refused = await generate(p.id, { document_ids: [docId] });
    expect(refused.status).toBe(409);
    expect(errorOf(refused).message).toContain('«Дата окончания срока подачи заявок»');

    await db.update(procurements).set({ bidsDeadline: '2099-01-15' }).where(eq(procurements.id, p.id));
    const job = await generate(p.id, { document_ids: [docId] });
    expect(job.status).toBe(202);
    expect(await finished(job.body.job_id)).toMatchObject({ error: null });
    d = await get(p.id);
    const made = d.documents.find((x) => x.document_id === docId)!;
    expect(made.state).toBe('generated');
    const text = textOf(await documentXml(made.latest!.docx_file_id!));
    expect(text).toContain(`Заказчик: ${d.values['customer.title']}`);
    expect(text).toContain('Заявки до 15.01.2099');
    expect(text).toMatch(/НМЦД: 3\s890,00 ₽/);
  });

  it('loops a 500-item specification into table rows', async () => {
    const db = t.app.deps.db;
    await addDocumentsRule(db, {
      versionId: version,
      companyId: company,
      method: 'open_auction',
      title: 'Спецификация',
      blocks: ['Спецификация к закупке № {procurement.number}', SPEC],
    });
    const items = Array.from({ length: 500 }, (_, i) => ({
      name: `Позиция № ${i + 1} <деталь>`,
      quantity: String(i + 1),
      unit_price: '10.50',
    }));
    const p = await insertProcurement(db, {
      companyId: company,
      method: 'open_auction',
      lots: [{ subject: 'Детали', items }],
    });
    const started = Date.now();
    const job = await generate(p.id);
    await finished(job.body.job_id);
    const elapsed = Date.now() - started;
    const doc = (await get(p.id)).documents[0];
    expect(doc.state).toBe('generated');
    const xml = await documentXml(doc.latest!.docx_file_id!);
    expect(xml.match(/<w:tr[ >]/g)).toHaveLength(501);
    expect(xml).toContain('Позиция № 500 &lt;деталь&gt;');
    expect(textOf(xml)).toContain('5 250,00 ₽');
    expect(elapsed).toBeLessThan(30_000);
  });

  it('converts to PDF with LibreOffice where the rule asks for it', async () => {
    const db = t.app.deps.db;
    await addDocumentsRule(db, {
      versionId: version,
      companyId: company,
      method: 'closed_auction',
      title: 'Проект договора',
      formats: 'both',
      blocks: ['ПРОЕКТ ДОГОВОРА № {procurement.number}', 'Цена договора: {procurement.nmcd_words}'],
    });
    const p = await insertProcurement(db, { companyId: company, method: 'closed_auction' });
    expect((await get(p.id)).pdf_available).toBe(true);
    const job = await generate(p.id);
    await finished(job.body.job_id, 180_000);
    const out = (await get(p.id)).documents[0].latest!;
    expect(out.error).toBeNull();
    expect(out.docx_file_id).not.toBeNull();
    const [pdf] = await readFiles(db, [out.pdf_file_id!]);
    expect(pdf.content.subarray(0, 4).toString()).toBe('%PDF');
    expect(pdf.name).toBe(`Проект договора — ${p.number}.pdf`);
    expect(pdf.mime).toBe('application/pdf');
    const owners = await procurementDocumentFileOwners(
      db,
      [out.docx_file_id!, out.pdf_file_id!, 99_999_999],
      {
        companyIds: [company],
      },
    );
    const owner = {
      kind: 'procurement_document',
      kind_title: 'Документ закупки',
      id: out.id,
      title: `Проект договора — закупка № ${p.number}, версия 1`,
      link: `/procurement_documents/${p.id}`,
      companyId: company,
      versions: [out.pdf_file_id!, out.docx_file_id!],
    };
    expect(owners).toEqual(
      new Map([
        [out.docx_file_id!, owner],
        [out.pdf_file_id!, owner],
      ]),
    );
    // another company's caller learns nothing of the owner
    expect((await procurementDocumentFileOwners(db, [out.docx_file_id!], { companyIds: [] })).size).toBe(0);
    const dir = await mkdtemp(path.join(tmpdir(), 'zk-pdf-test-'));
    try {
      await writeFile(path.join(dir, 'a.pdf'), pdf.content);
      const text = await new Promise<string>((resolve, reject) =>
        execFile('pdftotext', [path.join(dir, 'a.pdf'), '-'], (err, out) =>
          err ? reject(err) : resolve(out),
        ),
      );
      expect(text).toContain('ПРОЕКТ ДОГОВОРА');
      expect(text).toContain('Три тысячи восемьсот девяносто рублей');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 240_000);

  it('stores the DOCX and an error for the PDF when PDF is unavailable', async () => {
    const reason = 'PDF недоступен: на сервере не установлен LibreOffice. DOCX формируется как обычно.';
    t.app.deps.pdf = {
      unavailableReason: async () => reason,
      toPdf: async () => {
        throw new AppError('service_unavailable', reason);
      },
    };
    const db = t.app.deps.db;
    await addDocumentsRule(db, {
      versionId: version,
      companyId: company,
      method: 'negotiations',
      title: 'Извещение',
      blocks: ['Извещение № {procurement.number}'],
    });
    const p = await insertProcurement(db, { companyId: company, method: 'negotiations' });
    const before = await get(p.id);
    expect(before).toMatchObject({ pdf_available: false, pdf_unavailable_reason: reason });
    const job = await generate(p.id, { formats: ['docx', 'pdf'] });
    await finished(job.body.job_id);
    const doc = (await get(p.id)).documents[0];
    expect(doc.state).toBe('generated');
    expect(doc.latest).toMatchObject({ pdf_file_id: null, error: `PDF не сформирован: ${reason}` });
    expect(doc.latest!.docx_file_id).not.toBeNull();
    const [note] = await db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, t.ids.users['specialist@demo.local']),
          eq(notifications.kind, 'readyDocumentResponse'),
        ),
      )
      .then((rows) => rows.filter((n) => (n.payload as { procurement_id?: number }).procurement_id === p.id));
    expect(note.status).toBe('warning');
  });

  it('runs one generation per procurement at a time', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((res) => {
      release = res;
    });
    t.app.deps.pdf = {
      unavailableReason: async () => null,
      toPdf: async () => {
        await gate;
        return Buffer.from('%PDF-1.4 fake');
      },
    };
    const db = t.app.deps.db;
    await addDocumentsRule(db, {
      versionId: version,
      companyId: company,
      method: 'qualification',
      title: 'Документ',
      formats: 'pdf',
      blocks: ['№ {procurement.number}'],
    });
    const p = await insertProcurement(db, { companyId: company, method: 'qualification' });
    const [a, b] = await Promise.all([generate(p.id), generate(p.id)]);
    expect([a.status, b.status]).toEqual([202, 202]);
    expect(b.body.job_id).toBe(a.body.job_id);
    const other = await generate(p.id, { formats: ['docx'] });
    expect(other.status).toBe(409);
    expect(JSON.stringify(other.body)).toContain('уже формируются');
    expect((await get(p.id)).generating).toEqual({ job_id: a.body.job_id, progress: 0 });
    release();
    await finished(a.body.job_id);
    const d = await get(p.id);
    expect(d.generating).toBeNull();
    expect(d.documents[0].latest).toMatchObject({ version: 1, error: null });
    expect(d.documents[0].latest!.pdf_file_id).not.toBeNull();
    expect(d.documents[0].latest!.docx_file_id).not.toBeNull();
  });

  it('keeps the procurement from «Документация готова» while a document lacks a required value', async () => {
    const db = t.app.deps.db;
    await addDocumentsRule(db, {
      versionId: version,
      companyId: company,
      method: 'e_quotation',
      title: 'Извещение о запросе котировок',
      blocks: ['Извещение № {procurement.number}', 'Место поставки: {delivery_place}'],
    });
    const p = await insertProcurement(db, {
      companyId: company,
      method: 'e_quotation',
      planned_publication_date: '2099-01-15',
    });
    const move = () =>
      t.call(procurementRoutes.status, {
        params: params(p.id),
        body: { status: 'documentation_ready' },
        as: 'specialist',
      });
    const refused = await move();
    expect(refused.status).toBe(409);
    const message = (refused.body as unknown as { error: { message: string } }).error.message;
    expect(message).toMatch(/^Документация не готова\. Не заполнены обязательные поля документов: /);
    expect(message).toContain(
      '«Извещение о запросе котировок» — «Место поставки товара, выполнения работ, оказания услуг»',
    );
    await t.call(r.saveValues, {
      params: params(p.id),
      body: { values: { delivery_place: 'г. Тверь', delivery_term: '10 рабочих дней' } },
      as: 'specialist',
    });
    const moved = await move();
    expect(moved.status).toBe(200);
    expect(moved.body.status).toBe('documentation_ready');
  });

  it('refuses documents that are not the procurement’s', async () => {
    const p = await insertProcurement(t.app.deps.db, { companyId: company, method: 'e_auction' });
    const res = await generate(p.id, { document_ids: [99_999_999] });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('Документ не найден среди документов этой закупки');
  });
});
