import { updRoutes } from '@zakupki/shared';
import { and, eq } from 'drizzle-orm';
import { zipSync } from 'fflate';
import iconv from 'iconv-lite';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../../test/harness.js';
import { contractEvents, contractItems, updDocuments } from '../../../db/schema/index.js';
import { errorOf, fixture, importAs, importNotice, type UploadFile } from '../import-uploads.factories.js';
import { addCustomer, contractRow, importedContract } from '../imports.factories.js';

const t = testAppForFile();
let company: number;

const F = {
  diadoc820pros: 'diadoc-docs__generate_utd820_05_01_02_hyphen_title0_resp.xml',
  diadoc820: 'diadoc-docs__generate_utd820_05_01_02_hyphen_title1_resp.xml',
  diadoc970: 'diadoc-docs__generate_utd970_05_02_01_title0_resp.xml',
  buyerTitle: 'diadoc-docs__generate_utd970_05_02_01_title1_resp.xml',
  edoLite: 'fairmark__EdoLite_Chapter_3_1_SampleUpd.xml',
  ip321:
    'fairmark__ON_NSCHFDOPPR_2LT-600003352_2LT-600006439_20210426_afb6cce6-6cb9-4147-bc2f-689be4fd2198.xml',
  ip321fix:
    'fairmark__ON_NSCHFDOPPR_2LT-600003352_2LT-600006439_20210426_00c4d099-a48f-47ed-8608-54d32890fe73.UPDi.xml',
  ip321ukd:
    'fairmark__ON_KORSCHFDOPPR_2LT-600003352_2LT-600006439_20210426_a4941fa7-9a53-4991-aa02-f1606b71142c.xml',
  ooo123:
    'fairmark__ON_NSCHFDOPPR_2LT-600006439_2LT-600003352_20210426_0dc17582-d11d-4a4d-8e25-816d59870ef4.xml',
  ooo123fix:
    'fairmark__ON_NSCHFDOPPR_2LT-600006439_2LT-600003352_20210426_a5011718-844e-4bba-b15c-a1c15e49a691.UPDi.xml',
  ooo123ukd:
    'fairmark__ON_KORSCHFDOPPR_2LT-600006439_2LT-600003352_20210426_68426923-d1e2-4582-93f2-f690912d5161.xml',
  legacy:
    'fazyloff__ON_SCHFDOPPR_2BM-7729355029-2012052807491793134360000000000_2BM-7720125736-771701001-201411120939341535809_20171028_0f991261-7148-45c0-ae35-7235fc964dcd.xml',
  v503: 'vscherbo__example-upd_5.03.xml',
} as const;
const file = (name: string) => ({ name, data: fixture('upd', name) });
const upd = (files: UploadFile[]) => importAs(t, { company, kind: 'upd', files, as: 'client' });
/** A document's card; `id` is that of a stored document (a run's summary names it). */
const doc = async (id: number | null) => {
  const r = await t.call(updRoutes.get, { params: { company_id: company, id: id! }, as: 'client' });
  expect(r.status).toBe(200);
  return r.body;
};
const confirm = (id: number | null, lines: { upd_line_id: number; contract_item_id: number | null }[]) =>
  t.call(updRoutes.mapping, { params: { company_id: company, id: id! }, body: { lines }, as: 'client' });
const setContract = (id: number | null, contractId: number) =>
  t.call(updRoutes.setContract, {
    params: { company_id: company, id: id! },
    body: { contract_id: contractId },
    as: 'client',
  });

beforeAll(async () => {
  company = t.ids.companies.client1;
  for (const inn of ['9147414342', '1234567894', '7714833917', '860400381223', '7729355029', '7805781663']) {
    await addCustomer(t, company, inn);
  }
});

describe('UPD import (real files)', () => {
  it('5.02 УПД: contract found by the basis, lines mapped; confirmation moves the execution', async () => {
    const c = await importedContract(t, company, {
      number: '567',
      contract_date: '2024-02-14',
      supplier_inn: '9103624367',
      customer_inn: '1234567894',
      price: '83600.00',
      items: [
        { name: 'Product2 2.0 мм', quantity: '120', price: '620.00', amount: '74400.00', okei_code: '778' },
        { name: 'СведТов НаимТов', quantity: '20', price: '460.00', amount: '9200.00', okei_code: '113' },
      ],
    });
    const run = await upd([file(F.diadoc970)]);
    expect(run.status, run.error ?? undefined).toBe('done');
    expect(run.result.created).toBe(1);
    const [d] = run.result.documents;
    expect(d).toMatchObject({
      file_name: F.diadoc970,
      kind: 'upd',
      function: 'СЧФДОП',
      number: '123',
      date: '2023-02-01',
      seller_inn: '9103624367',
      buyer_inn: '1234567894',
      total_without_vat: '8965.00',
      total_with_vat: '10000.00',
      lines: 2,
      contract_id: c.id,
      status: 'proposed',
      duplicate: false,
      error: null,
    });
    const detail = await doc(d.id);
    expect(detail.contract_reason).toContain('№ 567');
    expect(detail.items).toHaveLength(2);
    const [l1, l2] = detail.lines;
    expect(l1.mapping).toMatchObject({ contract_item_id: c.itemIds[1], status: 'proposed' });
    expect(l2.mapping).toMatchObject({ contract_item_id: c.itemIds[0], status: 'proposed' });
    expect(l2.mapping!.confidence).toBeGreaterThan(0.5);
    expect(l1.candidates[0].contract_item_id).toBe(c.itemIds[1]);

    const ok = await confirm(d.id, []);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.status).toBe('confirmed');
    expect(ok.body.lines.every((l) => l.mapping!.status === 'confirmed')).toBe(true);
    const items = await t.app.deps.db.select().from(contractItems).where(eq(contractItems.contractId, c.id));
    const byId = new Map(items.map((i) => [i.id, i]));
    expect(byId.get(c.itemIds[1])).toMatchObject({ acceptedQuantity: '16', acceptedAmount: '784.80' });
    expect(byId.get(c.itemIds[0])).toMatchObject({ acceptedQuantity: '114.1', acceptedAmount: '70742.00' });
    expect((await contractRow(t, c.id)).executedAmount).toBe('71526.80');
    const events = await t.app.deps.db
      .select()
      .from(contractEvents)
      .where(eq(contractEvents.contractId, c.id));
    expect(events.map((e) => [e.kind, e.amount, e.documentNumber, e.source])).toEqual([
      ['acceptance', '71526.80', '123', 'upd'],
    ]);

    // correcting the mapping by hand: line 1 is not a contract item; confirming again replaces, never adds
    const again = await confirm(d.id, [{ upd_line_id: l1.id, contract_item_id: null }]);
    expect(again.status).toBe(200);
    expect(again.body.lines[0].mapping).toMatchObject({ status: 'rejected', contract_item_id: null });
    expect((await contractRow(t, c.id)).executedAmount).toBe('70742.00');
    const after = await t.app.deps.db
      .select()
      .from(contractEvents)
      .where(eq(contractEvents.contractId, c.id));
    expect(after).toHaveLength(1);
  });

  it('the same document in another file (PROS variant) is a duplicate; the same file again changes nothing', async () => {
    const c = await importedContract(t, company, {
      number: 'Д-1',
      contract_date: '2019-07-01',
      supplier_inn: '114500647890',
      customer_inn: '9147414342',
      price: '1000.00',
      items: [
        { name: 'Товарная позиция', quantity: '10', price: '100.00', amount: '1000.00', okei_code: '796' },
      ],
    });
    const first = await upd([file(F.diadoc820pros)]);
    expect(first.result).toMatchObject({ created: 1, duplicates: 0 });
    expect(first.result.documents[0]).toMatchObject({ contract_id: c.id, status: 'proposed' });
    const second = await upd([file(F.diadoc820)]);
    expect(second.status).toBe('done');
    expect(second.result).toMatchObject({ created: 0, duplicates: 1 });
    expect(second.result.documents[0]).toMatchObject({ duplicate: true, id: first.result.documents[0].id });
    const same = await upd([file(F.diadoc820pros)]);
    expect(same.result).toMatchObject({ created: 0, duplicates: 1 });
    const rows = await t.app.deps.db
      .select()
      .from(updDocuments)
      .where(eq(updDocuments.sellerInn, '114500647890'));
    expect(rows).toHaveLength(1);
  });

  it('legacy 155@ invoice without a basis goes to the only contract with the supplier', async () => {
    const c = await importedContract(t, company, {
      number: 'П-17',
      contract_date: '2017-09-01',
      supplier_inn: '7720125736',
      customer_inn: '7729355029',
      price: '2448707.98',
      items: [
        {
          name: 'Подгузники-трусики MERRIES 12-22 кг, 38 шт',
          quantity: '2376',
          price: '1030.60',
          amount: '2448707.98',
          okei_code: '796',
        },
      ],
    });
    const run = await upd([file(F.legacy)]);
    expect(run.result.documents[0]).toMatchObject({
      number: '45017118448/00',
      function: 'СЧФ',
      total_with_vat: '2448707.98',
      contract_id: c.id,
    });
    const d = await doc(run.result.documents[0].id);
    expect(d.contract_reason).toContain('единственный договор');
    expect(d.lines[0].mapping!.contract_item_id).toBe(c.itemIds[0]);
    expect(d.lines[0].mapping!.confidence).toBeGreaterThanOrEqual(0.7);
  });

  it('5.03 УПД whose contract is missing is stored with the reason; the user picks the contract later', async () => {
    const run = await upd([file(F.v503)]);
    expect(run.status).toBe('done');
    const [d] = run.result.documents;
    expect(d).toMatchObject({ contract_id: null, status: 'no_contract' });
    expect(d.error).toBe(
      'Не удалось обработать УПД № 1 от 14.08.2026: не найден договор № КИП4828 от 10.08.2026 с поставщиком ИНН 7804431521',
    );
    const n = (await importNotice(t, 'notificationMapInvoiceItemsResponse', run.id))!;
    expect(n.status).toBe('warning'); // stored without a contract: not a failure
    expect(n.payload).toMatchObject({ upload_file_name: F.v503, error: d.error });
    expect(n.message).toContain('Не удалось обработать УПД № 1');

    const list = await t.call(updRoutes.list, {
      params: { company_id: company },
      query: { status: 'no_contract' },
      as: 'client',
    });
    expect(list.body.items.map((i) => i.id)).toContain(d.id);
    expect((await confirm(d.id, [])).status).toBe(409);

    const other = await importedContract(t, company, {
      number: 'X',
      contract_date: '2026-01-01',
      supplier_inn: '7707083893',
      customer_inn: '7805781663',
      price: '1.00',
    });
    const wrong = await setContract(d.id, other.id);
    expect(wrong.status).toBe(409);
    expect(errorOf(wrong).message).toContain('не совпадает с продавцом');

    const c = await importedContract(t, company, {
      number: 'КИП 4828',
      contract_date: '2026-08-01',
      supplier_inn: '7804431521',
      customer_inn: '7805781663',
      price: '20151.00',
      items: [
        {
          name: 'Реле времени ARK5-S-A230',
          quantity: '2',
          price: '2991.00',
          amount: '5982.00',
          okei_code: '796',
        },
        {
          name: 'Реле времени ARK5-D-W240',
          quantity: '3',
          price: '4723.00',
          amount: '14169.00',
          okei_code: '796',
        },
      ],
    });
    const picked = await setContract(d.id, c.id);
    expect(picked.status, JSON.stringify(picked.body)).toBe(200);
    expect(picked.body).toMatchObject({ status: 'proposed', contract_id: c.id, error: null });
    expect(picked.body.lines.map((l) => l.mapping!.contract_item_id)).toEqual(c.itemIds);
    const ok = await confirm(d.id, []);
    expect(ok.status).toBe(200);
    expect((await contractRow(t, c.id)).executedAmount).toBe('20151.00');
  });

  it('a correction replaces the corrected document, an УКД adds its change', async () => {
    const c = await importedContract(t, company, {
      number: 'К-1',
      contract_date: '2021-01-11',
      supplier_inn: '860400381223',
      customer_inn: '7714833917',
      price: '500.00',
      items: [{ name: 'Ряженка', quantity: '10', price: '50.00', amount: '500.00', okei_code: '740' }],
    });
    const orig = await upd([file(F.ip321)]);
    const origId = orig.result.documents[0].id;
    expect(orig.result.documents[0]).toMatchObject({ contract_id: c.id, correction_number: null });
    expect((await confirm(origId, [])).status).toBe(200);
    expect((await contractRow(t, c.id)).executedAmount).toBe('40.00');

    const fix = await upd([file(F.ip321fix)]);
    const fixDoc = fix.result.documents[0];
    expect(fixDoc).toMatchObject({
      correction_number: '2',
      contract_id: c.id,
      status: 'proposed',
      duplicate: false,
    });
    expect((await doc(fixDoc.id)).supersedes_id).toBe(origId);
    expect((await confirm(fixDoc.id, [])).status).toBe(200);
    expect((await contractRow(t, c.id)).executedAmount).toBe('40.00');
    expect((await doc(origId)).status).toBe('superseded');
    expect((await confirm(origId, [])).status).toBe(409);

    // a hand-made decrease of the fixture УКД: 40.00 -> 30.00
    const ukdText = iconv
      .decode(fixture('upd', F.ip321ukd), 'windows-1251')
      .replace('НомерКСчФ="2"', 'НомерКСчФ="3"')
      .replaceAll(
        'СтоимДоИзм="40.00" СтоимПослеИзм="40.00" СтоимУвел="0.00" СтоимУм="0.00"',
        'СтоимДоИзм="40.00" СтоимПослеИзм="30.00" СтоимУм="10.00"',
      )
      .replace(
        '<ВсегоУм СтТовБезНДСВсего="0.00" СтТовУчНалВсего="0.00">',
        '<ВсегоУм СтТовБезНДСВсего="10.00" СтТовУчНалВсего="10.00">',
      );
    const ukd = await upd([
      file(F.ip321ukd),
      { name: 'ukd-decrease.xml', data: iconv.encode(ukdText, 'windows-1251') },
    ]);
    expect(ukd.status, ukd.error ?? undefined).toBe('done');
    const decrease = ukd.result.documents.find((x) => x.number === '3')!;
    expect(decrease).toMatchObject({ kind: 'ukd', contract_id: c.id, total_with_vat: '-10.00' });
    const ukdDetail = await doc(decrease.id);
    expect(ukdDetail.lines[0]).toMatchObject({
      counted_amount: '-10.00',
      sum_with_vat_before: '40.00',
      sum_with_vat: '30.00',
    });
    expect((await confirm(decrease.id, [])).status).toBe(200);
    expect((await contractRow(t, c.id)).executedAmount).toBe('30.00');
    const [item] = await t.app.deps.db.select().from(contractItems).where(eq(contractItems.contractId, c.id));
    expect(item.acceptedAmount).toBe('30.00');
  });

  it('a ZIP with an invoice, its correction and its УКД', async () => {
    const c = await importedContract(t, company, {
      number: 'М-1',
      contract_date: '2021-01-11',
      supplier_inn: '7714833917',
      customer_inn: '860400381223',
      price: '100.00',
      items: [{ name: 'Пакет молока', quantity: '10', price: '10.00', amount: '100.00', okei_code: '796' }],
    });
    const zip = Buffer.from(
      zipSync({
        'a.xml': new Uint8Array(fixture('upd', F.ooo123)),
        'b.xml': new Uint8Array(fixture('upd', F.ooo123fix)),
        'c.xml': new Uint8Array(fixture('upd', F.ooo123ukd)),
        'c.xml.sig': new Uint8Array(Buffer.from('signature')),
      }),
    );
    const run = await upd([{ name: 'пакет.zip', data: zip }]);
    expect(run.status, run.error ?? undefined).toBe('done');
    expect(run.result.created).toBe(3);
    expect(run.result.warnings.join(' ')).toContain('c.xml.sig');
    const docs = await t.app.deps.db
      .select()
      .from(updDocuments)
      .where(and(eq(updDocuments.companyId, company), eq(updDocuments.sellerInn, '7714833917')));
    const status = Object.fromEntries(
      docs.map((d) => [`${d.kind}:${d.correctionNumber || '0'}`, [d.status, d.contractId]]),
    );
    expect(status).toEqual({
      'upd:0': ['superseded', c.id],
      'upd:2': ['proposed', c.id],
      'ukd:0': ['proposed', c.id],
    });
    expect(run.result.documents.map((d: { file_name: string }) => d.file_name)).toContain('пакет.zip/a.xml');
    // the УКД waits for its invoice to be counted
    const ukd = docs.find((d) => d.kind === 'ukd')!;
    const early = await confirm(ukd.id, []);
    expect(early.status).toBe(409);
    expect(errorOf(early).message).toBe(
      'Сначала подтвердите УПД № 123 от 26.04.2021: корректировочный документ изменяет его',
    );
    const fixed = docs.find((d) => d.kind === 'upd' && d.correctionNumber === '2')!;
    expect((await confirm(fixed.id, [])).status).toBe(200);
    expect((await confirm(ukd.id, [])).status).toBe(200);
  });

  it('the placeholder-ИНН sample and a buyer title are refused with a reason and write nothing', async () => {
    const before = await t.app.deps.db.select().from(updDocuments);
    const edo = await upd([file(F.edoLite)]);
    expect(edo.status).toBe('failed');
    expect(edo.error).toBe(
      `Не удалось обработать УПД: файл «${F.edoLite}»: Неверный ИНН продавца «00000000»: ИНН должен состоять из 10 (организация) или 12 (физлицо, ИП) цифр`,
    );
    const after = await t.app.deps.db.select().from(updDocuments);
    expect(after.length).toBe(before.length);
    // in a batch the buyer's title is refused on its own: the seller's document goes in
    const title = await upd([file(F.diadoc970), file(F.buyerTitle)]);
    expect(title.status).toBe('warning');
    expect(title.error).toContain(`«${F.buyerTitle}» — `);
    expect(title.error).toContain('титул покупателя');
    expect(title.files.map((f: { status: string }) => f.status)).toEqual(['done', 'failed']);
    const stored = await importNotice(t, 'notificationMapInvoiceItemsResponse', edo.id);
    expect(stored).toMatchObject({ status: 'error', message: edo.error });
    expect(stored?.payload).toMatchObject({ upload_file_name: F.edoLite, error: edo.error });
  });
});
