import { procurementRuleRoutes as r } from '@zakupki/shared';
import { and, desc, eq } from 'drizzle-orm';
import PizZip from 'pizzip';
import { describe, expect, it } from 'vitest';
import { errorOf, testAppForFile } from '../../../test/harness.js';
import { auditLog } from '../../db/schema/index.js';
import { todayMoscow } from '../../lib/moscow-time.js';
import { entryIds, ruleWithDraft, uploadTemplate } from './procurement-rules.factories.js';
import { FIELD_ALIASES } from './procurement-rules.policy.js';

const t = testAppForFile();
const C = () => t.ids.companies;

async function draftWithDocument() {
  const { rule, version, methods } = await ruleWithDraft(t, C().client1);
  const kinds = await entryIds(t, 'document_kind');
  const p = { company_id: C().client1, rule_id: rule.id, version_id: version.id };
  const doc = await t.call(r.createDocumentsRule, {
    params: p,
    body: { method_id: methods.e_auction, document_kind_id: kinds.notice, title: 'Извещение о закупке' },
    as: 'specialist',
  });
  expect(doc.status).toBe(201);
  return { p, doc: doc.body, methods, kinds };
}

const GOOD = [
  // Word split «customer.title» across runs, as it does after an edit
  { runs: ['Заказчик: {cust', 'omer.', 'title}, ИНН {customer.inn}'] },
  { runs: ['Предмет: {procurement.subject}; НМЦД {procurement.nmcd}; организация {company.title}'] },
  {
    table: {
      header: ['№', 'Наименование', 'Кол-во'],
      rows: [['{#items}{item.no}', '{item.name}', '{item.quantity}{/items}']],
    },
  },
];

describe('documents rules', () => {
  it('a document list per method: add, edit, reorder, remove; every write audited', async () => {
    const { p, doc, methods, kinds } = await draftWithDocument();
    expect(doc).toMatchObject({
      method_id: methods.e_auction,
      position: 10,
      required: true,
      formats: 'docx',
    });
    const second = await t.call(r.createDocumentsRule, {
      params: p,
      body: {
        method_id: methods.e_auction,
        document_kind_id: kinds.contract_draft,
        title: 'Проект договора',
        formats: 'both',
        condition: 'contract_security',
      },
      as: 'specialist',
    });
    expect(second.body).toMatchObject({ position: 20, condition: 'contract_security', formats: 'both' });
    const outside = await t.call(r.createDocumentsRule, {
      params: p,
      body: { method_id: methods.open_tender, document_kind_id: kinds.notice, title: 'Не тот способ' },
      as: 'specialist',
    });
    expect(outside.status).toBe(400);
    const ordered = await t.call(r.orderDocumentsRules, {
      params: p,
      body: { method_id: methods.e_auction, ids: [second.body.id, doc.id] },
      as: 'specialist',
    });
    expect(ordered.body.items.map((d) => d.id)).toEqual([second.body.id, doc.id]);
    const partial = await t.call(r.orderDocumentsRules, {
      params: p,
      body: { method_id: methods.e_auction, ids: [doc.id] },
      as: 'specialist',
    });
    expect(partial.status).toBe(400);
    const removed = await t.call(r.removeDocumentsRule, {
      params: { ...p, id: second.body.id },
      as: 'specialist',
    });
    expect(removed.status).toBe(204);
    const [{ n }] = await t.db.database.query<{ n: number }>(
      "select count(*)::int as n from audit_log where entity = 'documents_rule'",
    );
    expect(n).toBeGreaterThanOrEqual(4);
  });

  it('documents rules are for staff: a client gets 403 even in its own company; an operator reads', async () => {
    const { p, doc } = await draftWithDocument();
    expect((await t.call(r.documentsRules, { params: p, as: 'client' })).status).toBe(403);
    expect((await t.call(r.getDocumentsRule, { params: { ...p, id: doc.id }, as: 'client' })).status).toBe(
      403,
    );
    expect((await t.call(r.preview, { params: { ...p, id: doc.id }, as: 'client' })).status).toBe(403);
    expect((await t.call(r.documentsRules, { params: p, as: 'operator' })).status).toBe(200);
    expect((await uploadTemplate(t, { ...p, id: doc.id }, GOOD, 'operator')).status).toBe(403);
  });

  it('a template with split tags is read whole; required fields it lacks are warnings', async () => {
    const { p, doc } = await draftWithDocument();
    const res = await uploadTemplate(t, { ...p, id: doc.id }, GOOD);
    expect(res.status).toBe(200);
    const body = res.body as {
      tags: string[];
      unknown: string[];
      malformed: string[];
      missing_required: { code: string }[];
      rule: { template_tags: string[]; template_file_id: number };
    };
    expect(body.tags).toEqual(
      expect.arrayContaining([
        'customer.title',
        'customer.inn',
        'company.title',
        'items',
        'item.no',
        'item.name',
      ]),
    );
    expect(body.unknown).toEqual([]);
    expect(body.malformed).toEqual([]);
    expect(body.missing_required.map((m) => m.code)).toContain('delivery_place');
    expect(body.rule.template_tags).toEqual(body.tags);

    // the same content for another document is the same stored file
    const { p: p2, doc: doc2 } = await draftWithDocument();
    const again = await uploadTemplate(t, { ...p2, id: doc2.id }, GOOD, 'specialist', 'другое имя.docx');
    expect((again.body as typeof body).rule.template_file_id).toBe(body.rule.template_file_id);

    const preview = await t.app.inject({
      method: 'GET',
      url: `/api/companies/${p.company_id}/procurement_rules/${p.rule_id}/versions/${p.version_id}/documents_rules/${doc.id}/preview`,
      headers: { authorization: `Bearer ${await t.login('specialist')}` },
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-disposition']).toContain('.docx');
    const text = new PizZip(preview.rawPayload)
      .file('word/document.xml')!
      .asText()
      .replace(/<[^>]+>/g, '');
    expect(text).toContain('Заказчик: АО «Энергосеть»');
    expect(text).toContain('Бумага офисная А4');
    expect(text).not.toContain('{');
  });

  it('unknown and malformed tags refuse the template with their list; nothing is stored', async () => {
    const { p, doc } = await draftWithDocument();
    const unknown = await uploadTemplate(t, { ...p, id: doc.id }, [
      { runs: ['{customer.title} {nonexistent_field} {company.', 'bogus}'] },
    ]);
    expect(unknown.status).toBe(400);
    const err = (unknown.body as { error: { code: string; message: string; details: { unknown: string[] } } })
      .error;
    expect(err.code).toBe('invalid_file');
    expect(err.details.unknown).toEqual(['nonexistent_field', 'company.bogus']);
    expect(err.message).toContain('nonexistent_field');

    const malformed = await uploadTemplate(t, { ...p, id: doc.id }, [
      { runs: ['{#items}{item.name}'] },
      { runs: ['{customer.title'] },
    ]);
    expect(malformed.status).toBe(400);
    const m = (malformed.body as { error: { details: { malformed: string[] } } }).error.details.malformed;
    expect(m.length).toBeGreaterThan(0);

    // every problem at once: an unknown field beside an unclosed one
    const both = await uploadTemplate(t, { ...p, id: doc.id }, [
      { runs: ['Заказчик: {customer_nam}, ИНН {customer.inn}'] },
      { runs: ['Номер: {procurement.number'] },
    ]);
    expect(both.status).toBe(400);
    const e2 = (
      both.body as { error: { message: string; details: { malformed: string[]; unknown: string[] } } }
    ).error;
    expect(e2.details.unknown).toEqual(['customer_nam']);
    expect(e2.details.malformed).toEqual([expect.stringContaining('procurement.number')]);
    expect(e2.message).toMatch(/ошибки в записи полей: .*; неизвестные поля: \{customer_nam\}/);

    const notDocx = await uploadTemplate(t, { ...p, id: doc.id }, GOOD, 'specialist', 'шаблон.pdf');
    expect(notDocx.status).toBe(400);
    const got = await t.call(r.getDocumentsRule, { params: { ...p, id: doc.id }, as: 'specialist' });
    expect(got.body).toMatchObject({ template_file_id: null, template_tags: [] });
  });

  it('one naming scheme: an older field name is accepted with a warning naming the new one, filled alike', async () => {
    const { p, doc } = await draftWithDocument();
    const current = await uploadTemplate(t, { ...p, id: doc.id }, [
      { runs: ['{customer.title}, ИНН {customer.inn}, {customer.address}; {procurement.subject}'] },
      { runs: ['{procurement.method}; {procurement.nmcd}; {procurement.bids_deadline}'] },
    ]);
    expect(current.status).toBe(200);
    type Report = { unknown: string[]; missing_required: { code: string }[]; warnings: string[] };
    const ok = current.body as Report;
    expect(ok.warnings).toEqual([]);
    expect(ok.missing_required.map((m) => m.code).sort()).toEqual([
      'delivery_place',
      'delivery_term',
      'sme_only',
    ]);

    // a template written with the older names still works: a warning each, no false «missing»
    const older = await uploadTemplate(t, { ...p, id: doc.id }, [
      { runs: ['Заказчик: {customer_name} / {customer.title}; заявки до {application_deadline}'] },
      { runs: ['Место: {delivery_place}; срок: {delivery_term}; МСП: {sme_only}'] },
    ]);
    expect(older.status).toBe(200);
    const warned = older.body as Report;
    expect(warned.unknown).toEqual([]);
    expect(warned.missing_required).toEqual([]);
    expect(warned.warnings).toEqual([
      'Поле «customer_name» устарело: используйте «customer.title»',
      'Поле «application_deadline» устарело: используйте «procurement.bids_deadline»',
    ]);
    const preview = await t.app.inject({
      method: 'GET',
      url: `/api/companies/${p.company_id}/procurement_rules/${p.rule_id}/versions/${p.version_id}/documents_rules/${doc.id}/preview`,
      headers: { authorization: `Bearer ${await t.login('specialist')}` },
    });
    const text = new PizZip(preview.rawPayload)
      .file('word/document.xml')!
      .asText()
      .replace(/<[^>]+>/g, '');
    const [, byOld, byNew] = text.match(/Заказчик: (.+?) \/ (.+?); заявки до (\d\d\.\d\d\.\d{4})/) ?? [];
    expect(byOld).toBe('АО «Энергосеть»');
    expect(byOld).toBe(byNew);
  });

  it('lists the fields a template may use with a sample value, one name per value', async () => {
    const res = await t.call(r.systemFields, { params: { company_id: C().client1 }, as: 'specialist' });
    expect(res.status).toBe(200);
    const byTag = new Map(res.body.items.map((f) => [f.tag, f]));
    expect(byTag.get('customer.title')).toMatchObject({ title: 'Наименование заказчика', required: true });
    expect(byTag.get('procurement.bids_deadline')).toMatchObject({ required: true });
    expect(byTag.get('customer.title')?.example).not.toBe('');
    expect(byTag.get('procurement.nmcd')?.example).toMatch(/^\d[\d\s]*,\d\d/);
    expect(byTag.get('item.name')).toMatchObject({
      loop: 'items',
      example: 'Бумага офисная А4, 80 г/м², 500 листов',
    });
    expect(byTag.get('items')?.example).toMatch(/^Повторяет строку таблицы/);
    const user = res.body.user_fields.map((f) => f.tag);
    expect(user).toContain('delivery_place');
    for (const older of Object.keys(FIELD_ALIASES)) expect(user).not.toContain(older);
    // one name per value across both lists
    const all = [...res.body.items, ...res.body.user_fields].map((f) => f.tag);
    expect(new Set(all).size).toBe(all.length);
    expect((await t.call(r.systemFields, { params: { company_id: C().client1 }, as: 'client' })).status).toBe(
      403,
    );
  });

  it('an approved version’s documents rules are immutable (409)', async () => {
    const { p, doc, methods, kinds } = await draftWithDocument();
    const today = todayMoscow();
    await t.call(r.approve, {
      params: p,
      body: { approving_body: 'head', decision_number: '1', decision_date: today, effective_from: today },
      as: 'specialist',
    });
    const edit = await t.call(r.updateDocumentsRule, {
      params: { ...p, id: doc.id },
      body: { method_id: methods.e_auction, document_kind_id: kinds.notice, title: 'Новое' },
      as: 'specialist',
    });
    expect(edit.status).toBe(409);
    expect((await uploadTemplate(t, { ...p, id: doc.id }, GOOD)).status).toBe(409);
    // a new draft carries the documents over
    const draft = await t.call(r.newDraft, { params: p, as: 'specialist' });
    const docs = await t.call(r.documentsRules, {
      params: { ...p, version_id: draft.body.id },
      as: 'specialist',
    });
    expect(docs.body.items.map((d) => d.title)).toEqual(['Извещение о закупке']);
  });

  it('a draft saved with only changes_summary keeps its methods, thresholds and documents rules', async () => {
    const { p, doc } = await draftWithDocument();
    const before = await t.call(r.getVersion, { params: p, as: 'specialist' });
    const saved = await t.call(r.updateVersion, {
      params: p,
      body: { changes_summary: 'Уточнена формулировка' },
      as: 'specialist',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      changes_summary: 'Уточнена формулировка',
      methods: before.body.methods,
      plan_threshold: before.body.plan_threshold,
      plan_threshold_large: before.body.plan_threshold_large,
      sme_ceiling: before.body.sme_ceiling,
    });
    const docs = await t.call(r.documentsRules, { params: p, as: 'specialist' });
    expect(docs.body.items.map((d) => d.id)).toEqual([doc.id]);
    // null clears a nullable field, absence keeps it
    const cleared = await t.call(r.updateVersion, {
      params: p,
      body: { changes_summary: null },
      as: 'specialist',
    });
    expect(cleared.body.changes_summary).toBeNull();
    expect(cleared.body.methods).toEqual(before.body.methods);
  });

  it('dropping a method with documents rules needs remove_documents_rules; the removal is audited', async () => {
    const { p, doc, methods } = await draftWithDocument();
    const v = await t.call(r.getVersion, { params: p, as: 'specialist' });
    const others = v.body.methods.filter((m) => m.method_id !== methods.e_auction);
    const refused = await t.call(r.updateVersion, { params: p, body: { methods: others }, as: 'specialist' });
    expect(refused.status).toBe(409);
    expect(errorOf(refused).message).toContain('«Извещение о закупке»');
    expect(errorOf(refused).details).toMatchObject({ documents_rule_ids: [doc.id] });
    const kept = await t.call(r.getVersion, { params: p, as: 'specialist' });
    expect(kept.body.methods).toEqual(v.body.methods);
    const confirmed = await t.call(r.updateVersion, {
      params: p,
      body: { methods: others, remove_documents_rules: true },
      as: 'specialist',
    });
    expect(confirmed.status).toBe(200);
    const docs = await t.call(r.documentsRules, { params: p, as: 'specialist' });
    expect(docs.body.items).toEqual([]);
    const [entry] = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entity, 'procurement_rule_version'), eq(auditLog.entityId, String(p.version_id))),
      )
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry?.after).toMatchObject({
      removed_documents_rules: [{ id: doc.id, title: 'Извещение о закупке' }],
    });
  });

  it('a documents rule edited with one field keeps the others', async () => {
    const { p, doc } = await draftWithDocument();
    const edit = await t.call(r.updateDocumentsRule, {
      params: { ...p, id: doc.id },
      body: { title: 'Извещение' },
      as: 'specialist',
    });
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({
      title: 'Извещение',
      method_id: doc.method_id,
      document_kind_id: doc.document_kind_id,
      formats: doc.formats,
      required: doc.required,
      condition: doc.condition,
    });
  });
});
