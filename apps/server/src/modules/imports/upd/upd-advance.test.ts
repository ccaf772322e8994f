import { updRoutes } from '@zakupki/shared';
import { and, eq } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../../test/harness.js';
import { contractDuties, contractEvents, updDocuments } from '../../../db/schema/index.js';
import { errorOf, fixture, importAs, importNotice } from '../import-uploads.factories.js';
import { addCustomer, importedContract } from '../imports.factories.js';
import { parseUpd } from './upd.parser.js';
import type { UpdInvoice } from './upd.types.js';

/*
 * An invoice on an advance payment (issue 25 item 10): built from the real 5.02 УПД sample
 * (Diadoc, СЧФДОП, windows-1251) by turning it into an СЧФ whose lines are advances.
 */
const SAMPLE = 'diadoc-docs__generate_utd970_05_02_01_title0_resp.xml';
const sample = () => iconv.decode(fixture('upd', SAMPLE), 'windows-1251');

const ADVANCE_LINE = (no: number, rate: string, name: string, withVat: string, vat: string) =>
  `<СведТов НомСтр="${no}" НалСт="${rate}" НаимТов="${name}" СтТовУчНал="${withVat}">` +
  '<Акциз><БезАкциз>без акциза</БезАкциз></Акциз>' +
  `<СумНал><СумНал>${vat}</СумНал></СумНал></СведТов>`;

/** The sample as an СЧФ numbered `number` with the given lines and totals. */
function invoice(number: string, func: string, lines: string, withVat: string, vat: string): Buffer {
  const xml = sample()
    .replace('Функция="СЧФДОП"', `Функция="${func}"`)
    .replace('НомерДок="123"', `НомерДок="${number}"`)
    .replace(
      /<ТаблСчФакт>[\s\S]*<\/ТаблСчФакт>/,
      `<ТаблСчФакт>${lines}<ВсегоОпл СтТовУчНалВсего="${withVat}">` +
        `<СумНалВсего><СумНал>${vat}</СумНал></СумНалВсего></ВсегоОпл></ТаблСчФакт>`,
    );
  return iconv.encode(xml, 'windows-1251');
}

const advance = (number = 'А-15') =>
  invoice(
    number,
    'СЧФ',
    ADVANCE_LINE(
      1,
      '20/120',
      'Предварительная оплата по договору № 567 от 14.02.2024',
      '12000.00',
      '2000.00',
    ) + ADVANCE_LINE(2, '22/122', 'Предварительная оплата (услуги)', '1220.00', '220.00'),
    '13220.00',
    '2220.00',
  );

const parse = (buf: Buffer) => parseUpd(buf, 'advance.xml') as UpdInvoice;

describe('advance invoice: parser', () => {
  it('an СЧФ whose lines are advances (calculated rate, no quantity) is an advance', () => {
    const doc = parse(advance());
    expect(doc).toMatchObject({ kind: 'upd', function: 'СЧФ', number: 'А-15', advance: true });
    expect(doc.lines.map((l) => [l.vatRate, l.quantity, l.sumWithVat, l.vatSum])).toEqual([
      ['20/120', null, '12000.00', '2000.00'],
      ['22/122', null, '1220.00', '220.00'],
    ]);
    expect(doc.totals).toEqual({ withoutVat: null, vat: '2220.00', withVat: '13220.00' });
  });

  it('an advance named so is an advance whatever its rate', () => {
    const doc = parse(
      invoice(
        'А-16',
        'СЧФ',
        ADVANCE_LINE(1, '20%', 'Аванс по договору', '120.00', '20.00'),
        '120.00',
        '20.00',
      ),
    );
    expect(doc.advance).toBe(true);
  });

  it('the real СЧФДОП sample is a delivery; so is an СЧФДОП with advance-looking lines and an СЧФ with a quantity', () => {
    expect(parse(fixture('upd', SAMPLE)).advance).toBe(false);
    const lines = ADVANCE_LINE(1, '20/120', 'Предварительная оплата', '120.00', '20.00');
    expect(parse(invoice('Б-1', 'СЧФДОП', lines, '120.00', '20.00')).advance).toBe(false);
    const delivered = lines.replace('СтТовУчНал=', 'КолТов="2" СтТовУчНал=');
    expect(parse(invoice('Б-2', 'СЧФ', delivered, '120.00', '20.00')).advance).toBe(false);
    // one delivered line among advances: not an advance invoice
    const mixed =
      lines +
      ADVANCE_LINE(2, '20%', 'Бумага', '120.00', '20.00').replace('СтТовУчНал=', 'КолТов="1" СтТовУчНал=');
    expect(parse(invoice('Б-3', 'СЧФ', mixed, '240.00', '40.00')).advance).toBe(false);
  });
});

const t = testAppForFile();
let company: number;

beforeAll(async () => {
  company = t.ids.companies.client1;
  await addCustomer(t, company, '1234567894');
});

const contract = (number: string) =>
  importedContract(t, company, {
    number,
    contract_date: '2024-02-14',
    supplier_inn: '9103624367',
    customer_inn: '1234567894',
    // above the register threshold: its acceptances owe the register an entry (a duty)
    price: '5000000.00',
    items: [
      { name: 'Product2 2.0 мм', quantity: '120', price: '620.00', amount: '74400.00', okei_code: '778' },
    ],
  });
const upd = (name: string, data: Buffer) =>
  importAs(t, { company, kind: 'upd', files: [{ name, data }], as: 'client' });
const confirm = (id: number) =>
  t.call(updRoutes.mapping, { params: { company_id: company, id }, body: { lines: [] }, as: 'client' });
const eventsOf = (contractId: number) =>
  t.app.deps.db.select().from(contractEvents).where(eq(contractEvents.contractId, contractId));
const acceptanceDuties = (contractId: number) =>
  t.app.deps.db
    .select()
    .from(contractDuties)
    .where(and(eq(contractDuties.contractId, contractId), eq(contractDuties.kind, 'acceptance')));

describe('advance invoice: import', () => {
  it('is stored as an advance bound to its contract, with no mapping, acceptance or duty; confirming it is refused', async () => {
    const c = await contract('567');
    const run = await upd('advance.xml', advance());
    expect(run.status, run.error ?? undefined).toBe('done');
    const [d] = run.result.documents;
    expect(d).toMatchObject({
      function: 'СЧФ',
      advance: true,
      contract_id: c.id,
      lines: 2,
      duplicate: false,
    });
    const n = (await importNotice(t, 'notificationMapInvoiceItemsResponse', run.id))!;
    expect(n.message).toContain('счетов-фактур на аванс: 1 (поставкой не учитываются)');

    const card = await t.call(updRoutes.get, { params: { company_id: company, id: d.id! }, as: 'client' });
    expect(card.status).toBe(200);
    expect(card.body).toMatchObject({ advance: true, total_with_vat: '13220.00' });
    expect(card.body.lines.every((l) => l.mapping === null)).toBe(true);
    const list = await t.call(updRoutes.list, { params: { company_id: company }, query: {}, as: 'client' });
    expect(list.body.items.find((i) => i.id === d.id)).toMatchObject({ advance: true });
    // it never waits for confirmation
    const waiting = await t.call(updRoutes.list, {
      params: { company_id: company },
      query: { status: 'proposed' },
      as: 'client',
    });
    expect(waiting.status).toBe(200);
    expect(waiting.body.items.map((i) => i.id)).not.toContain(d.id);

    const refused = await confirm(d.id!);
    expect(refused.status).toBe(409);
    expect(errorOf(refused).message).toBe(
      'Счёт-фактура на аванс № А-15 от 01.02.2023 оформлена на предоплату, а не на поставку: приёмку по ней не учитывают',
    );
    const [row] = await t.app.deps.db.select().from(updDocuments).where(eq(updDocuments.id, d.id!));
    expect(row).toMatchObject({ advance: true, eventId: null, confirmedAt: null });
    // no acceptance event, so no acceptance duty and no OCDS delivery milestone (both come from it)
    expect(await eventsOf(c.id)).toEqual([]);
    expect(await acceptanceDuties(c.id)).toEqual([]);
  });

  it('a normal СЧФДОП is still a delivery: confirmed into an acceptance with its duty', async () => {
    const c = await contract('568');
    const data = iconv.encode(
      sample()
        .replace('РеквНомерДок="567"', 'РеквНомерДок="568"')
        .replace('НомерДок="123"', 'НомерДок="124"'),
      'windows-1251',
    );
    const run = await upd('delivery.xml', data);
    const [d] = run.result.documents;
    expect(d).toMatchObject({ function: 'СЧФДОП', advance: false, contract_id: c.id, status: 'proposed' });
    const ok = await confirm(d.id!);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await eventsOf(c.id)).map((e) => e.kind)).toEqual(['acceptance']);
    expect(await acceptanceDuties(c.id)).toHaveLength(1);
  });
});
