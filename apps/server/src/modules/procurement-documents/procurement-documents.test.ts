import { procurementDocumentRoutes as r } from '@zakupki/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/harness.js';
import { productionCalendar } from '../calendar/production-calendar.js';
import { insertProcurement, publishedVersion } from '../procurements/procurements.factories.js';
import { addDocumentsRule } from './procurement-documents.factories.js';

const t = testAppForFile();
let company: number;
let version: number;

beforeAll(async () => {
  company = t.ids.companies.client1;
  version = await publishedVersion(t.app.deps.db, company);
});

const get = (id: number, as: 'specialist' | 'client' | 'client2' = 'specialist', companyId = company) =>
  t.call(r.get, { params: { company_id: companyId, id }, as });
const save = (id: number, values: Record<string, unknown>, as: 'specialist' | 'client' = 'specialist') =>
  t.call(r.saveValues, { params: { company_id: company, id }, body: { values } as never, as });

describe('documents of a procurement', () => {
  it('are the pinned version’s documents rules for its method, in order', async () => {
    const auction = await insertProcurement(t.app.deps.db, { companyId: company, method: 'e_auction' });
    const quotation = await insertProcurement(t.app.deps.db, { companyId: company, method: 'e_quotation' });
    const single = await insertProcurement(t.app.deps.db, { companyId: company, method: 'single_supplier' });
    const titles = async (id: number) => (await get(id)).body.documents.map((d) => d.title);
    expect(await titles(auction.id)).toEqual([
      'Извещение о закупке',
      'Документация о закупке',
      'Проект договора',
      'Обоснование начальной (максимальной) цены договора',
      'Техническое задание',
    ]);
    expect(await titles(quotation.id)).toEqual([
      'Извещение о закупке',
      'Проект договора',
      'Обоснование начальной (максимальной) цены договора',
      'Техническое задание',
    ]);
    expect(await titles(single.id)).toEqual([
      'Проект договора',
      'Обоснование начальной (максимальной) цены договора',
      'Техническое задание',
    ]);
  });

  it('apply their conditions: securities, SME only or not, several lots', async () => {
    const db = t.app.deps.db;
    const add = (title: string, condition: string | null) =>
      addDocumentsRule(db, {
        versionId: version,
        companyId: company,
        method: 'open_tender',
        title,
        condition,
        blocks: ['{procurement.number}'],
      });
    await add('Всегда', null);
    await add('Обеспечение заявки', 'application_security');
    await add('Обеспечение договора', 'contract_security');
    await add('Только МСП', 'sme_only');
    await add('Не только МСП', 'not_sme_only');
    await add('Многолотовая', 'has_lots');
    const plain = await insertProcurement(db, { companyId: company, method: 'open_tender' });
    const rich = await insertProcurement(db, {
      companyId: company,
      method: 'open_tender',
      application_security: '1000.00',
      contract_security: '0',
      sme_only: true,
      lots: [
        { subject: 'Лот 1', items: [{ name: 'Бумага', quantity: '1', unit_price: '10' }] },
        { subject: 'Лот 2', items: [{ name: 'Ручки', quantity: '2', unit_price: '5' }] },
      ],
    });
    expect((await get(plain.id)).body.documents.map((d) => d.title)).toEqual(['Всегда', 'Не только МСП']);
    expect((await get(rich.id)).body.documents.map((d) => d.title)).toEqual([
      'Всегда',
      'Обеспечение заявки',
      'Только МСП',
      'Многолотовая',
    ]);
    const c = (await get(rich.id)).body.documents[1];
    expect(c.condition).toBe('application_security');
  });
});

describe('the fields form', () => {
  it('holds every tag of the templates, prefilled from the procurement and the company', async () => {
    const p = await insertProcurement(t.app.deps.db, {
      companyId: company,
      method: 'e_auction',
      application_security: '38.90',
      lots: [
        {
          subject: 'Поставка бумаги',
          items: [
            {
              name: 'Бумага офисная А4',
              okpd2_code: '17.12.14.129',
              unit_name: 'упак',
              quantity: '10',
              unit_price: '389.00',
              vat_rate: '22%',
            },
          ],
        },
      ],
    });
    const res = await get(p.id);
    expect(res.status).toBe(200);
    const d = res.body;
    const codes = d.fields.map((f) => f.code);
    for (const c of [
      'customer.title',
      'procurement.nmcd',
      'delivery_place',
      'company.inn',
      'procurement.number',
      'items',
      'lots',
    ])
      expect(codes).toContain(c);
    const field = (code: string) => d.fields.find((f) => f.code === code)!;
    // one naming scheme: no older user-field names beside the system fields
    expect(codes).not.toContain('customer_name');
    expect(codes).not.toContain('nmcd');
    expect(d.values['procurement.nmcd']).toBe('3890.00');
    expect(field('procurement.nmcd')).toMatchObject({
      type: 'money',
      source: 'procurement',
      editable: false,
      required: true,
    });
    expect(d.values['customer.title']).toBeTruthy();
    expect(field('customer.title')).toMatchObject({ source: 'customer', editable: true, required: true });
    expect(d.values['procurement.application_security']).toBe('38.90');
    expect(d.values.sme_only).toBe('Нет');
    expect(d.values.vat_rate).toBe('22 %');
    expect(d.values.delivery_place).toBeNull();
    expect(field('procurement.number')).toMatchObject({ editable: false, source: 'procurement' });
    expect(d.values['procurement.number']).toBe(p.number);
    expect(d.values.items).toEqual([
      {
        lot: '1',
        no: '1',
        name: 'Бумага офисная А4',
        okpd2: '17.12.14.129',
        unit: 'упак',
        quantity: '10',
        price: '389.00',
        vat: '22%',
        sum: '3890.00',
      },
    ]);
    // the notice uses delivery_place and delivery_term, both required and empty
    const notice = d.documents.find((x) => x.title === 'Извещение о закупке')!;
    expect(notice.state).toBe('not_filled');
    expect(notice.missing.map((m) => m.code)).toEqual(
      expect.arrayContaining(['delivery_place', 'delivery_term']),
    );
    expect(field('delivery_place').document_ids).toContain(notice.document_id);
    expect(d.required_total).toBe(d.fields.filter((f) => f.required).length);
    expect(d.filled_required).toBe(d.fields.filter((f) => f.required && d.values[f.code]).length);
    expect(d.filled_required).toBeLessThan(d.required_total);
    expect(d.generating).toBeNull();
  });

  it('computes the amount in words and the earliest bids deadline on the production calendar', async () => {
    const db = t.app.deps.db;
    await addDocumentsRule(db, {
      versionId: version,
      companyId: company,
      method: 'e_quotation',
      title: 'Сведения о сроках',
      blocks: [
        '{procurement.nmcd_words} {procurement.bids_deadline} {procurement.notice_period} {procurement.rules_title}',
      ],
    });
    const p = await insertProcurement(db, {
      companyId: company,
      method: 'e_quotation',
      published_on: '2025-04-30',
      lots: [{ subject: 'Бумага', items: [{ name: 'Бумага', quantity: '3', unit_price: '1000.50' }] }],
    });
    const d = (await get(p.id)).body;
    expect(d.values['procurement.nmcd_words']).toBe('Три тысячи один рубль 50 копеек');
    // 5 working days after 30.04.2025 skip the May holidays
    expect(d.values['procurement.bids_deadline']).toBe(productionCalendar().addWorkingDays('2025-04-30', 5));
    expect(d.values['procurement.bids_deadline']).toBe('2025-05-13');
    expect(d.fields.find((f) => f.code === 'procurement.bids_deadline')!.source).toBe('computed');
    expect(d.values['procurement.notice_period']).toBe('5 рабочих дней');
    expect(String(d.values['procurement.rules_title'])).toMatch(/редакция № 2/);

    const fixed = await insertProcurement(db, {
      companyId: company,
      method: 'e_quotation',
      bids_deadline: '2025-06-02',
    });
    const f = (await get(fixed.id)).body;
    expect(f.values['procurement.bids_deadline']).toBe('2025-06-02');
    expect(f.fields.find((x) => x.code === 'procurement.bids_deadline')!.source).toBe('procurement');
  });

  it('validates values by type, naming the field, and writes nothing when one is wrong', async () => {
    const p = await insertProcurement(t.app.deps.db, { companyId: company, method: 'e_auction' });
    const bad = await save(p.id, {
      warranty_months: 'двенадцать',
      'procurement.nmcd': '12,345',
      nmcd: '4000.00',
      vat_rate: '18 %',
      'procurement.number': 'З-1',
      no_such_field: 'x',
      delivery_place: 'г. Москва',
    });
    expect(bad.status).toBe(400);
    const messages = (
      bad.body as unknown as { error: { details: { issues: { path: string; message: string }[] } } }
    ).error.details.issues;
    const byPath = Object.fromEntries(messages.map((i) => [i.path, i.message]));
    expect(byPath['body.values.warranty_months']).toBe('Поле «Срок гарантии, месяцев»: введите число');
    expect(byPath['body.values.procurement.nmcd']).toMatch(/заполняется автоматически/);
    // an older name is not a field of the form: its value is the system field's
    expect(byPath['body.values.nmcd']).toMatch(/не используется шаблонами/);
    expect(byPath['body.values.vat_rate']).toMatch(/выберите одно из значений: Без НДС, 0 %/);
    expect(byPath['body.values.procurement.number']).toMatch(/заполняется автоматически/);
    expect(byPath['body.values.no_such_field']).toMatch(/не используется шаблонами/);
    expect(byPath['body.values.delivery_place']).toBeUndefined();
    expect((await get(p.id)).body.values.delivery_place).toBeNull();

    const prefilledCustomer = (await get(p.id)).body.values['customer.title'];
    const ok = await save(p.id, {
      warranty_months: '12',
      'customer.title': 'ООО «Заказчик»',
      vat_rate: '22 %',
      delivery_place: 'г. Москва, ул. Ленина, д. 1',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.values).toMatchObject({
      warranty_months: '12',
      'customer.title': 'ООО «Заказчик»',
      vat_rate: '22 %',
      delivery_place: 'г. Москва, ул. Ленина, д. 1',
    });
    expect(ok.body.overridden).toEqual(expect.arrayContaining(['customer.title', 'delivery_place']));
    expect(ok.body.fields.find((f) => f.code === 'customer.title')!.source).not.toBe('user');
    // null gives the prefilled value back
    const back = await save(p.id, { 'customer.title': null });
    expect(back.body.values['customer.title']).toBe(prefilledCustomer);
    expect(back.body.overridden).not.toContain('customer.title');
    expect(back.body.values.delivery_place).toBe('г. Москва, ул. Ленина, д. 1');
  });
});

describe('access', () => {
  it('another company’s procurement answers like a missing one', async () => {
    const p = await insertProcurement(t.app.deps.db, { companyId: company });
    const other = t.ids.companies.client2;
    const foreign = await get(p.id, 'client2', other);
    const missing = await get(99_999_999, 'client2', other);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
    expect(JSON.stringify(foreign.body)).toContain('Закупка не найдена');
    expect((await get(p.id, 'client2')).status).toBe(404);
    // a specialist of both companies, under the other company's path
    const gen = await t.call(r.generate, {
      params: { company_id: other, id: p.id },
      body: {},
      as: 'specialist',
    });
    expect(gen.status).toBe(404);
    const put = await t.call(r.saveValues, {
      params: { company_id: other, id: p.id },
      body: { values: { delivery_place: 'x' } },
      as: 'specialist',
    });
    expect(put.status).toBe(404);
    const outs = await t.call(r.outputs, {
      params: { company_id: other, id: p.id, document_id: 1 },
      as: 'client2',
    });
    expect(outs.status).toBe(404);
  });

  it('a client reads its documentation and may not change or generate it', async () => {
    const p = await insertProcurement(t.app.deps.db, { companyId: company });
    expect((await get(p.id, 'client')).status).toBe(200);
    expect((await save(p.id, { delivery_place: 'x' }, 'client')).status).toBe(403);
    const gen = await t.call(r.generate, {
      params: { company_id: company, id: p.id },
      body: {},
      as: 'client',
    });
    expect(gen.status).toBe(403);
  });

  it('outputs of a document that is not the procurement’s answer 404', async () => {
    const p = await insertProcurement(t.app.deps.db, { companyId: company });
    const d = (await get(p.id)).body.documents[0];
    const own = await t.call(r.outputs, {
      params: { company_id: company, id: p.id, document_id: d.document_id },
      as: 'specialist',
    });
    expect(own.status).toBe(200);
    expect(own.body.items).toEqual([]);
    const none = await t.call(r.outputs, {
      params: { company_id: company, id: p.id, document_id: 99_999_999 },
      as: 'specialist',
    });
    expect(none.status).toBe(404);
  });
});
