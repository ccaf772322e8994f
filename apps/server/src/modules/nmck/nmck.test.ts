import {
  type NmckJustification,
  type NmckSourceInput,
  procurementRoutes,
  nmckRoutes as r,
} from '@zakupki/shared';
import { eq } from 'drizzle-orm';
import PizZip from 'pizzip';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorOf, testAppForFile } from '../../../test/harness.js';
import { contracts } from '../../db/schema/index.js';
import { createContract, SUPPLIER, SUPPLIER2 } from '../contracts/contracts.factories.js';
import {
  createProcurement,
  day,
  methodIds,
  procurementBody,
} from '../procurements/procurements.factories.js';

/**
 * The НМЦД justification through the API (docs/nmck.md): five prices of one item computed by hand,
 * the refusals, applying to the lot and the procurement, the document holding every source and
 * going outdated, the request letter, and another company's procurement answering 404.
 */

const t = testAppForFile();
let company: number;
let id: number;
const contractItem: number[] = [];
const P = () => ({ company_id: company, id });

const base = { lot_number: 1, includes_vat: true, vat_rate: '22%' as const, source_date: day(-10) };
const offer = (
  line_no: number,
  price: string,
  inn: string,
  name: string,
  over: Partial<NmckSourceInput> = {},
) =>
  ({
    ...base,
    kind: 'offer',
    line_no,
    price,
    supplier_inn: inn,
    supplier_name: name,
    ...over,
  }) as NmckSourceInput;

async function add(body: NmckSourceInput) {
  return t.call(r.addSource, { params: P(), body, as: 'specialist' });
}
const item = (j: NmckJustification, line: number) => j.items.find((i) => i.line_no === line)!;

beforeAll(async () => {
  company = t.ids.companies.client1;
  const methods = await methodIds(t);
  id = (await createProcurement(t, company, procurementBody(methods))).id;
  const token = await t.login('specialist');
  for (const [n, price] of [
    ['N-1', '1000.00'],
    ['N-2', '950.00'],
  ] as const) {
    const c = await createContract(t, token, company, {
      number: n,
      price: String(Number(price) * 1000 + 250000),
      items: [
        {
          name: 'Кабель',
          okpd2_code: '27.32.13.154',
          okei_code: '006',
          unit_name: 'м',
          quantity: '1000',
          price,
          vat_rate: '22%',
        },
        {
          name: 'Муфта',
          okpd2_code: '27.33.13.130',
          okei_code: '796',
          unit_name: 'шт',
          quantity: '50',
          price: '5000',
          vat_rate: '22%',
        },
      ],
    });
    await t.app.deps.db.update(contracts).set({ status: 'concluded' }).where(eq(contracts.id, c.id));
    contractItem.push(c.items![0].id);
  }
}, 120_000);

describe('the НМЦД justification', () => {
  it('finds comparable contract items of the own register by ОКПД2 prefix and unit', async () => {
    const res = await t.call(r.comparable, {
      params: P(),
      query: { okpd2: '27.32', okei: '006' },
      as: 'specialist',
    });
    expect(res.status).toBe(200);
    const ids = res.body.items.map((x) => x.contract_item_id);
    expect(ids).toEqual(expect.arrayContaining(contractItem));
    expect(res.body.items.every((x) => x.okpd2_code?.startsWith('27.32') && x.okei_code === '006')).toBe(
      true,
    );
    const none = await t.call(r.comparable, {
      params: P(),
      query: { okpd2: '27.32', okei: '796' },
      as: 'specialist',
    });
    expect(none.body.items.map((x) => x.contract_item_id)).not.toEqual(expect.arrayContaining(contractItem));
  });

  it('five prices by hand: mean 1 019,60, deviation 56,31, coefficient 5,52 %', async () => {
    // adjusted prices (with VAT 22 %): 1000; 900 without VAT → 1098; 1050; contracts 1000 and 950
    await add(offer(1, '1000', SUPPLIER.inn, SUPPLIER.name));
    await add(offer(1, '900', SUPPLIER2.inn, SUPPLIER2.name, { includes_vat: false }));
    await add(offer(1, '1050', '7707083893', 'ПАО Сбербанк'));
    for (const [i, price] of ['1000', '950'].entries())
      await add({
        ...base,
        kind: 'contract',
        line_no: 1,
        price,
        contract_item_id: contractItem[i],
      } as NmckSourceInput);
    const j = (await t.call(r.get, { params: P(), as: 'specialist' })).body;
    const it1 = item(j, 1);
    expect(it1.sources.map((s) => s.adjusted_price)).toEqual([
      '1000.00',
      '1098.00',
      '1050.00',
      '1000.00',
      '950.00',
    ]);
    expect(it1.sources.filter((s) => s.kind === 'contract').map((s) => s.contract_number)).toEqual([
      'N-1',
      'N-2',
    ]);
    // Σ = 5098, mean 1019,60; squares of deviations 384,16 + 6146,56 + 924,16 + 384,16 + 4844,16 = 12 683,2;
    // / 4 = 3170,8; √ = 56,3098; / 1019,6 = 5,5227 %
    expect(it1.stats).toEqual({
      count: 5,
      mean: '1019.60',
      min: '950.00',
      max: '1098.00',
      deviation: '56.31',
      variation: '5.52',
      too_varied: false,
    });
    expect(it1).toMatchObject({ result_unit_price: '1019.60', result_amount: '10196.00', refusal: null });
  });

  it('refuses an ИНН with a wrong checksum and an item that does not exist', async () => {
    const bad = await add(offer(1, '1000', '7704123451', 'ООО «Ошибка»'));
    expect(bad.status).toBe(400);
    expect(JSON.stringify(errorOf(bad))).toContain('контрольное число ИНН');
    const noItem = await add(offer(9, '1000', SUPPLIER.inn, SUPPLIER.name));
    expect(noItem.status).toBe(400);
    expect(JSON.stringify(errorOf(noItem))).toContain('нет позиции № 9');
  });

  it('refuses to apply below three prices and above 33 %', async () => {
    const pub = (price: string, over: Partial<NmckSourceInput> = {}) =>
      add({
        ...base,
        kind: 'public',
        line_no: 2,
        price,
        url: 'https://example.ru/p',
        title: 'Прайс',
        ...over,
      } as NmckSourceInput);
    await pub('9000');
    await pub('10000');
    let res = await t.call(r.apply, { params: P(), body: {}, as: 'specialist' });
    expect(res.status).toBe(409);
    expect(errorOf(res).message).toContain('Цен: 2, нужно не меньше 3');
    const far = (await pub('30000')).body;
    expect(item(far, 2).refusal).toMatch(/больше 33 %.*Нужно больше цен/);
    res = await t.call(r.apply, { params: P(), body: {}, as: 'specialist' });
    expect(res.status).toBe(409);
    const farId = item(far, 2).sources.find((s) => s.price === '30000.00')!.id;
    await t.call(r.removeSource, { params: { ...P(), source_id: farId }, as: 'specialist' });
    // an old price brought to today by an index: 10 476,19 × 1,05 = 10 999,9995 → 11 000,00
    const j = (await pub('10476.19', { source_date: day(-400), index: '1.05', index_source: 'ИПЦ Росстата' }))
      .body;
    const old = item(j, 2).sources.find((s) => s.index)!;
    expect(old).toMatchObject({ adjusted_price: '11000.00', old: true, index_source: 'ИПЦ Росстата' });
    expect(item(j, 2)).toMatchObject({ result_unit_price: '10000.00', result_amount: '40000.00' });
    expect(item(j, 2).stats).toMatchObject({ deviation: '1000.00', variation: '10.00' });
    expect(j.result_nmcd).toBe('50196.00');
  });

  it('applying sets the items, the lot and the procurement НМЦД and its method', async () => {
    const before = (await t.call(procurementRoutes.get, { params: P(), as: 'specialist' })).body;
    expect(before.nmcd).toBe('90000.00');
    const res = await t.call(r.apply, { params: P(), body: { method: 'market' }, as: 'specialist' });
    expect(res.status).toBe(200);
    expect(res.body.applied_at).not.toBeNull();
    const after = (await t.call(procurementRoutes.get, { params: P(), as: 'specialist' })).body;
    expect(after.nmcd).toBe('50196.00');
    expect(after.lots[0].nmcd).toBe('50196.00');
    expect(after.lots[0].items.map((i) => i.unit_price)).toEqual(['1019.60', '10000.00']);
    expect(after.nmcd_method_title).toBe('Метод сопоставимых рыночных цен (анализа рынка)');
  });

  it('the document holds every source, and goes outdated when a price changes', async () => {
    const gen = await t.call(r.generate, { params: P(), as: 'specialist' });
    expect(gen.status).toBe(200);
    expect(gen.body.document.state).toBe('generated');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/companies/${company}/procurements/${id}/nmck/document.docx`,
      headers: { authorization: `Bearer ${await t.login('specialist')}` },
    });
    expect(res.statusCode).toBe(200);
    const text = new PizZip(res.rawPayload).file('word/document.xml')!.asText();
    for (const s of gen.body.items.flatMap((i) => i.sources)) {
      expect(text).toContain(s.supplier_inn ?? s.url);
      if (s.contract_number) expect(text).toContain(`договор № ${s.contract_number}`);
    }
    expect(text).toContain('1 019,60 ₽');
    expect(text).toContain('5,52 %');
    expect(text).toContain('ИПЦ Росстата');
    expect(text).toContain('50 196,00 ₽');
    const changed = (await add(offer(1, '1010', SUPPLIER.inn, SUPPLIER.name))).body;
    expect(changed.document.state).toBe('outdated');
  });

  it('a request letter lists the items; its answer is an offer against it', async () => {
    const res = await t.call(r.addRequest, {
      params: P(),
      body: { suppliers: [{ inn: SUPPLIER.inn, name: SUPPLIER.name }], terms: 'Поставка в течение 30 дней' },
      as: 'specialist',
    });
    expect(res.status).toBe(201);
    const req = res.body.requests[0];
    const letter = await t.app.inject({
      method: 'GET',
      url: `/api/companies/${company}/procurements/${id}/nmck/requests/${req.id}/letter.docx`,
      headers: { authorization: `Bearer ${await t.login('specialist')}` },
    });
    const text = new PizZip(letter.rawPayload).file('word/document.xml')!.asText();
    expect(text).toContain('Кабель силовой АПвПу2г 1х240/50-10');
    expect(text).toContain('Поставка в течение 30 дней');
    const answered = await add(offer(2, '9990', SUPPLIER.inn, SUPPLIER.name, { request_id: req.id }));
    expect(answered.status, JSON.stringify(answered.body)).toBe(201);
    expect(answered.body.requests[0].offers).toBe(1);
  });

  it('another company’s procurement answers 404 on every justification route', async () => {
    // staff acting for both companies: under company B's path, A's procurement is missing
    const other = t.ids.companies.client2;
    const q = { company_id: other, id };
    const calls = [
      await t.call(r.get, { params: q, as: 'specialist' }),
      await t.call(r.addSource, {
        params: q,
        body: offer(1, '1', SUPPLIER.inn, SUPPLIER.name),
        as: 'specialist',
      }),
      await t.call(r.removeSource, { params: { ...q, source_id: 1 }, as: 'specialist' }),
      await t.call(r.comparable, { params: q, query: { okpd2: '27' }, as: 'specialist' }),
      await t.call(r.apply, { params: q, body: {}, as: 'specialist' }),
      await t.call(r.generate, { params: q, as: 'specialist' }),
      await t.call(r.docx, { params: q, as: 'specialist' }),
      await t.call(r.addRequest, {
        params: q,
        body: { suppliers: [{ inn: SUPPLIER.inn, name: 'X' }] },
        as: 'specialist',
      }),
    ];
    expect(calls.map((c) => c.status)).toEqual(calls.map(() => 404));
  });
});
