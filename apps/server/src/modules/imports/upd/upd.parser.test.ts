import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { zipSync } from 'fflate';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { ParseError } from '../../../lib/parse-error.js';
import { parseUpd } from './upd.parser.js';
import type { UkdDocument, UpdDocument, UpdInvoice } from './upd.types.js';
import { negate, subtract, sum, toMoney, toPrice, toQuantity } from './upd-decimal.js';

const here = path.dirname(fileURLToPath(import.meta.url));
// The repository is checked out with `shared/` beside it (/work/main + /work/shared).
const FIXTURES = path.resolve(here, '../../../../../../../shared/fixtures/real/upd');

const F = {
  diadoc820Pros: 'diadoc-docs__generate_utd820_05_01_02_hyphen_title0_resp.xml',
  diadoc820: 'diadoc-docs__generate_utd820_05_01_02_hyphen_title1_resp.xml',
  diadoc970: 'diadoc-docs__generate_utd970_05_02_01_title0_resp.xml',
  diadoc970Buyer: 'diadoc-docs__generate_utd970_05_02_01_title1_resp.xml',
  edoLite: 'fairmark__EdoLite_Chapter_3_1_SampleUpd.xml',
  ukdIp:
    'fairmark__ON_KORSCHFDOPPR_2LT-600003352_2LT-600006439_20210426_a4941fa7-9a53-4991-aa02-f1606b71142c.xml',
  ukdOoo:
    'fairmark__ON_KORSCHFDOPPR_2LT-600006439_2LT-600003352_20210426_68426923-d1e2-4582-93f2-f690912d5161.xml',
  updIpCorr:
    'fairmark__ON_NSCHFDOPPR_2LT-600003352_2LT-600006439_20210426_00c4d099-a48f-47ed-8608-54d32890fe73.UPDi.xml',
  updIp:
    'fairmark__ON_NSCHFDOPPR_2LT-600003352_2LT-600006439_20210426_afb6cce6-6cb9-4147-bc2f-689be4fd2198.xml',
  updOoo:
    'fairmark__ON_NSCHFDOPPR_2LT-600006439_2LT-600003352_20210426_0dc17582-d11d-4a4d-8e25-816d59870ef4.xml',
  updOooCorr:
    'fairmark__ON_NSCHFDOPPR_2LT-600006439_2LT-600003352_20210426_a5011718-844e-4bba-b15c-a1c15e49a691.UPDi.xml',
  legacy155:
    'fazyloff__ON_SCHFDOPPR_2BM-7729355029-2012052807491793134360000000000_2BM-7720125736-771701001-201411120939341535809_20171028_0f991261-7148-45c0-ae35-7235fc964dcd.xml',
  v503: 'vscherbo__example-upd_5.03.xml',
} as const;

const read = (name: string) => readFileSync(path.join(FIXTURES, name));
const parse = (name: string) => parseUpd(read(name), name);
const cp1251 = (text: string) => iconv.encode(text, 'win1251');
const fixtureText = (name: string) => iconv.decode(read(name), 'win1251');

function asUpd(doc: UpdDocument): UpdInvoice {
  if (doc.kind !== 'upd') throw new Error(`expected an УПД, got ${doc.kind}`);
  return doc;
}
function asUkd(doc: UpdDocument): UkdDocument {
  if (doc.kind !== 'ukd') throw new Error(`expected an УКД, got ${doc.kind}`);
  return doc;
}

function parseError(buf: Buffer, fileName = 'test.xml'): ParseError {
  try {
    parseUpd(buf, fileName);
  } catch (err) {
    expect(err).toBeInstanceOf(ParseError);
    return err as ParseError;
  }
  throw new Error('expected a ParseError');
}

/** Every number in the result must be an integer line number: money and quantities are strings. */
function numbersIn(value: unknown, key = ''): [string, number][] {
  if (typeof value === 'number') return [[key, value]];
  if (Array.isArray(value)) return value.flatMap((v) => numbersIn(v, key));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => numbersIn(v, k));
  return [];
}

describe('fixtures folder', () => {
  it('resolves to /work/shared/fixtures/real/upd and holds every fixture named here', () => {
    expect(FIXTURES.endsWith(path.join('shared', 'fixtures', 'real', 'upd'))).toBe(true);
    const files = readdirSync(FIXTURES).filter((f) => f.endsWith('.xml'));
    expect(files.sort()).toEqual(Object.values(F).sort());
  });

  it.each(Object.values(F).filter((f) => f !== F.edoLite && f !== F.diadoc970Buyer))(
    'no floats in the result of %s',
    (name) => {
      for (const [key, n] of numbersIn(parse(name))) {
        expect(key).toBe('lineNo');
        expect(Number.isInteger(n)).toBe(true);
      }
    },
  );
});

describe('УПД 820@ (ON_NSCHFDOPPR 5.01)', () => {
  it('Diadoc sample with the ON_NSCHFDOPPRPROS prefix: ИП seller, «без НДС»', () => {
    const d = asUpd(parse(F.diadoc820Pros));
    expect(d.fileId).toMatch(/^ON_NSCHFDOPPRPROS_2BM-9147414342-757645784/);
    expect(d).toMatchObject({
      kind: 'upd',
      formatVersion: '5.01',
      knd: '1115131',
      function: 'СЧФДОП',
      uid: null,
      number: '123',
      date: '2019-08-01',
      correction: null,
      currencyCode: '643',
      seller: { name: 'ИП Продавец Иван Иванович', inn: '114500647890', kpp: null, isIndividual: true },
      buyer: { name: 'Документация-получатель', inn: '9147414342', kpp: '757645784', isIndividual: false },
      shipper: null,
      consignee: null,
      govContractId: null,
      bases: [{ name: 'Без документа-основания', number: null, date: null }],
      shipmentDocs: [],
      totals: { withoutVat: '0.00', vat: '0.00', withVat: '0.00' },
      warnings: [],
    });
    expect(d.lines).toEqual([
      {
        lineNo: 1,
        name: 'Товарная позиция',
        okei: '796',
        unitName: 'шт',
        quantity: '0',
        price: '0.00',
        sumWithoutVat: '0.00',
        vatRate: 'без НДС',
        vatSum: '0.00',
        sumWithVat: '0.00',
        itemCode: null,
        article: null,
      },
    ]);
  });

  it('Diadoc sample with the plain ON_NSCHFDOPPR prefix', () => {
    const d = asUpd(parse(F.diadoc820));
    expect(d.fileId).toMatch(/^ON_NSCHFDOPPR_2BM-/);
    expect(d.number).toBe('123');
    expect(d.date).toBe('2019-08-01');
    expect(d.seller.inn).toBe('114500647890');
    expect(d.buyer).toEqual({
      name: 'Организация-получатель',
      inn: '9147414342',
      kpp: '757645784',
      isIndividual: false,
    });
    expect(d.lines).toHaveLength(1);
    expect(d.lines[0]).toMatchObject({
      name: 'Товарная позиция',
      quantity: '0',
      price: '0.00',
      vatRate: 'без НДС',
    });
    expect(d.totals).toEqual({ withoutVat: '0.00', vat: '0.00', withVat: '0.00' });
  });

  it('EDO Lite УПД, seller ИП, shipper «он же», prices without decimals', () => {
    const d = asUpd(parse(F.updIp));
    expect(d).toMatchObject({
      function: 'СЧФДОП',
      number: '321',
      date: '2021-04-26',
      correction: null,
      seller: { name: 'ИП Филиппов Сергей Владимирович', inn: '860400381223', kpp: null, isIndividual: true },
      buyer: { name: 'ООО "К-Солюшионс"', inn: '7714833917', kpp: '771401001', isIndividual: false },
      totals: { withoutVat: '40.00', vat: '0.00', withVat: '40.00' },
      warnings: [],
    });
    expect(d.shipper).toEqual(d.seller);
    expect(d.lines).toHaveLength(1);
    expect(d.lines[0]).toMatchObject({
      name: 'Ряженка',
      okei: '740',
      unitName: 'дюжина шт',
      quantity: '0',
      price: '50.00',
      sumWithoutVat: '40.00',
      vatRate: 'без НДС',
      vatSum: '0.00',
      sumWithVat: '40.00',
    });
  });

  it('corrected EDO Lite УПД (ИспрСчФ №2)', () => {
    const d = asUpd(parse(F.updIpCorr));
    expect(d.number).toBe('321');
    expect(d.date).toBe('2021-04-26');
    expect(d.correction).toEqual({ number: '2', date: '2021-04-26' });
    expect(d.seller.inn).toBe('860400381223');
    expect(d.buyer.inn).toBe('7714833917');
    expect(d.lines).toHaveLength(1);
    expect(d.lines[0]).toMatchObject({ name: 'Ряженка', quantity: '0', price: '50.00', sumWithVat: '40.00' });
    expect(d.totals.withVat).toBe('40.00');
  });

  it('EDO Lite УПД in the other direction: ООО seller, ИП buyer', () => {
    const d = asUpd(parse(F.updOoo));
    expect(d).toMatchObject({
      number: '123',
      date: '2021-04-26',
      correction: null,
      seller: { name: 'ООО "К-Солюшионс"', inn: '7714833917', kpp: '771401001', isIndividual: false },
      buyer: { name: 'ИП Филиппов Сергей Владимирович', inn: '860400381223', kpp: null, isIndividual: true },
      totals: { withoutVat: '0.00', vat: '0.00', withVat: '0.00' },
    });
    expect(d.shipper?.inn).toBe('7714833917');
    expect(d.lines).toHaveLength(1);
    expect(d.lines[0]).toMatchObject({
      name: 'Пакет молока',
      okei: '796',
      unitName: 'шт',
      quantity: '0',
      price: '10.00',
    });
    expect(d.lines[0].vatRate).toBe('без НДС');
  });

  it('corrected EDO Lite УПД in the other direction', () => {
    const d = asUpd(parse(F.updOooCorr));
    expect(d.number).toBe('123');
    expect(d.correction).toEqual({ number: '2', date: '2021-04-26' });
    expect(d.seller.inn).toBe('7714833917');
    expect(d.buyer.inn).toBe('860400381223');
    expect(d.lines).toHaveLength(1);
    expect(d.lines[0]).toMatchObject({ name: 'Пакет молока', price: '10.00', sumWithoutVat: '0.00' });
    expect(d.totals).toEqual({ withoutVat: '0.00', vat: '0.00', withVat: '0.00' });
  });

  it('refuses the EDO Lite manual sample (UTF-8, ...MARK) because of the placeholder seller ИНН', () => {
    expect(parseError(read(F.edoLite)).message).toBe(
      'Неверный ИНН продавца «00000000»: ИНН должен состоять из 10 (организация) или 12 (физлицо, ИП) цифр',
    );
  });

  it('names the buyer when only the buyer ИНН is wrong', () => {
    const text = read(F.edoLite).toString('utf8').replace('ИННЮЛ="00000000" />', 'ИННЮЛ="7707083893" />');
    expect(parseError(Buffer.from(text, 'utf8')).message).toBe(
      'Неверный ИНН покупателя «0000000000»: ИНН не может состоять из одних нулей',
    );
  });

  it('reads the EDO Lite manual sample once its ИНН are real: mixed rates, no НаимТов, two bases', () => {
    const text = read(F.edoLite)
      .toString('utf8')
      .replace(/ИННЮЛ="00000000"/g, 'ИННЮЛ="7707083893"')
      .replace(/ИННЮЛ="0000000000"/g, 'ИННЮЛ="7736207543"');
    const d = asUpd(parseUpd(Buffer.from(text, 'utf8'), F.edoLite));
    expect(d).toMatchObject({
      fileId: 'ON_NSCHFDOPPRMARK_2LT-600061573_2LT-354_20191121_99933cc4-710d-4a6f-aa1c03203dc8f6c4',
      function: 'СЧФ',
      number: '5556',
      date: '2019-11-21',
      seller: { name: 'ООО', inn: '7707083893', kpp: null },
      buyer: { inn: '7736207543' },
      shipper: { inn: '7736207543' },
      consignee: { inn: '7736207543' },
      govContractId: '12345678901234567890',
      shipmentDocs: [
        { name: 'документик 1', number: '2', date: '2019-11-19' },
        { name: 'документик 2', number: '3', date: '2020-01-20' },
      ],
      paymentDocs: [
        { number: 'док 1', date: '2019-11-06' },
        { number: 'док 2', date: '2019-11-11' },
      ],
      bases: [
        { name: 'Наименование дока 1', number: 'Номер документа 1', date: '2019-11-02' },
        { name: 'Наименование дока 2', number: 'Номер документа 2', date: '2019-12-21' },
      ],
      totals: { withoutVat: '14053.00', vat: '2079.16', withVat: '16132.16' },
    });
    expect(d.lines.map((l) => [l.lineNo, l.vatRate, l.vatSum])).toEqual([
      [0, '20%', '1076.40'],
      [1, '0%', '0.00'],
      [2, 'без НДС', '34.00'],
      [3, '18/118', '968.76'],
      [4, '18/118', '968.76'],
    ]);
    expect(d.lines[0]).toMatchObject({
      name: 'товар 1',
      quantity: '23',
      price: '234.00',
      sumWithoutVat: '5382.00',
    });
    expect(d.lines[0]).toMatchObject({ sumWithVat: '6458.40', itemCode: '12' });
    expect(d.lines[1].name).toBe('товар 2'); // no НаимТов: ХарактерТов is used
    expect(d.lines[2]).toMatchObject({ name: 'товар 3', article: 'товар 3', itemCode: '14' });
    // The sample's totals do not add up; that is a warning, not a refusal.
    expect(d.warnings).toContain('Стоимость без НДС: по строкам 19435.00, в итоге документа 14053.00');
  });
});

describe('УПД 970@ (ON_NSCHFDOPPR 5.02 / 5.03)', () => {
  it('Diadoc 5.02 sample with every block filled in', () => {
    const d = asUpd(parse(F.diadoc970));
    expect(d).toMatchObject({
      formatVersion: '5.02',
      knd: '1115131',
      function: 'СЧФДОП',
      uid: 'UID',
      number: '123',
      date: '2023-02-01',
      correction: null,
      currencyCode: '643',
      seller: { name: 'СвЮЛУч-НаимОрг', inn: '9103624367', kpp: '187245452', isIndividual: false },
      buyer: { name: 'СвЮЛУч-НаимОрг', inn: '1234567894', kpp: '667301001', isIndividual: false },
      shipper: { name: 'ИП Иванов Иван Иванович', inn: '753381367749', kpp: null, isIndividual: true },
      consignee: { name: 'Петров Петр Петрович', inn: '518191632595', kpp: null, isIndividual: true },
      govContractId: '1234567890123456789012345',
      bases: [{ name: 'ОснПер-РеквНаимДок', number: '567', date: '2024-02-14' }],
      shipmentDocs: [
        {
          name: 'Документ о передаче товаров (работ, услуг, имущественных прав)',
          number: '123',
          date: '2023-02-01',
        },
      ],
      paymentDocs: [{ number: 'СЧФ/123/456', date: '2023-02-01' }],
      totals: { withoutVat: '8965.00', vat: '456.00', withVat: '10000.00' },
    });
    expect(d.lines).toHaveLength(2);
    expect(d.lines[0]).toMatchObject({
      name: 'СведТов-НаимТов',
      okei: '113',
      unitName: 'м3',
      quantity: '16',
    });
    expect(d.lines[1]).toEqual({
      lineNo: 2,
      name: 'Product2 > 2.0 мм',
      okei: '778',
      unitName: 'упак',
      quantity: '114.1',
      price: '516.67',
      sumWithoutVat: '58951.67',
      vatRate: '20%',
      vatSum: '1000.00',
      sumWithVat: '70742.00',
      itemCode: 'ДопСведТов-КодТов',
      article: 'ДопСведТов-АртикулТов',
    });
    // The generated sample's totals do not match its lines.
    expect(d.warnings).toEqual([
      'Строка 1: стоимость без НДС 654.00 и НДС 1000.00 в сумме дают 1654.00, а стоимость с НДС указана 784.80',
      'Строка 2: стоимость без НДС 58951.67 и НДС 1000.00 в сумме дают 59951.67, а стоимость с НДС указана 70742.00',
      'Стоимость без НДС: по строкам 59605.67, в итоге документа 8965.00',
      'Сумма НДС: по строкам 2000.00, в итоге документа 456.00',
      'Стоимость с НДС: по строкам 71526.80, в итоге документа 10000.00',
    ]);
  });

  it('reads ИспрДок (5.02 correction) and ДенИзм currency', () => {
    const text = fixtureText(F.diadoc970)
      .replace('<СвПрод ', '<ИспрДок НомИспр="3" ДатаИспр="05.02.2023" /><СвПрод ')
      .replace('<ДенИзм КодОКВ="643"', '<ДенИзм КодОКВ="840"');
    const d = parseUpd(cp1251(text), 'x.xml');
    expect(d.correction).toEqual({ number: '3', date: '2023-02-05' });
    expect(d.currencyCode).toBe('840');
  });

  it('EDO Lite 5.03 sample: 22% VAT, sums written without decimals', () => {
    const d = asUpd(parse(F.v503));
    expect(d).toMatchObject({
      formatVersion: '5.03',
      function: 'СЧФДОП',
      number: '1',
      date: '2026-08-14',
      seller: { name: 'ООО "Автоматика"', inn: '7804431521', kpp: '780401001', isIndividual: false },
      buyer: { name: 'ООО "КИП СПБ"', inn: '7805781663', kpp: '780501001', isIndividual: false },
      bases: [{ name: 'Договор продажи', number: 'КИП4828', date: '2026-08-10' }],
      shipmentDocs: [{ number: '1', date: '2026-08-14' }],
      totals: { withoutVat: '16517.21', vat: '3633.79', withVat: '20151.00' },
      warnings: [],
    });
    expect(d.lines).toHaveLength(2);
    expect(d.lines[0].name).toMatch(/^Реле времени {2}ARK5-S-A230 \(10 диапазонов 0,1с…100д/);
    expect(d.lines[0]).toMatchObject({
      okei: '796',
      unitName: 'шт',
      quantity: '2',
      price: '2451.64',
      sumWithoutVat: '4903.28',
      vatRate: '22%',
      vatSum: '1078.72',
      sumWithVat: '5982.00',
    });
    expect(d.lines[1]).toMatchObject({
      quantity: '3',
      price: '3871.31',
      vatSum: '2555.07',
      sumWithVat: '14169.00',
    });
  });
});

describe('legacy УПД 155@ (ON_SCHFDOPPR)', () => {
  it('real 2017 Diadoc invoice, 10% VAT', () => {
    const d = asUpd(parse(F.legacy155));
    expect(d).toMatchObject({
      formatVersion: '5.01',
      knd: '1115125',
      function: 'СЧФ',
      number: '45017118448/00',
      date: '2017-10-27',
      correction: null,
      currencyCode: '643',
      seller: { name: 'ООО "НТС "Градиент"', inn: '7720125736', kpp: '771701001', isIndividual: false },
      buyer: { name: 'ПАО Детский мир', inn: '7729355029', kpp: '774850001', isIndividual: false },
      shipper: { name: 'ООО "Би Лоджистик"', inn: '7816403688', kpp: '782001001' },
      consignee: { name: 'РЦ "Бекасово"', inn: '7729355029', kpp: '503045005' },
      bases: [],
      totals: { withoutVat: '2226098.16', vat: '222609.82', withVat: '2448707.98' },
      warnings: [],
    });
    expect(d.lines).toEqual([
      {
        lineNo: 1,
        name: 'MERRIES Трусики-подгузники для детей большие 12-22 кг 38шт 100047631',
        okei: '796',
        unitName: 'шт',
        quantity: '2376',
        price: '936.91',
        sumWithoutVat: '2226098.16',
        vatRate: '10%',
        vatSum: '222609.82',
        sumWithVat: '2448707.98',
        itemCode: null,
        article: null,
      },
    ]);
  });
});

describe('УКД 189@ (ON_KORSCHFDOPPR)', () => {
  it('EDO Lite УКД from the ИП: unit changes, sums unchanged', () => {
    const d = asUkd(parse(F.ukdIp));
    expect(d).toMatchObject({
      kind: 'ukd',
      formatVersion: '5.01',
      knd: '1115127',
      function: 'КСЧФДИС',
      number: '2',
      date: '2021-04-26',
      correction: null,
      currencyCode: '643',
      seller: { name: 'ИП Филиппов Сергей Владимирович', inn: '860400381223', isIndividual: true },
      buyer: { name: 'ООО "К-Солюшионс"', inn: '7714833917', kpp: '771401001' },
      invoices: [{ number: '321', date: '2021-04-26', corrections: [] }],
      bases: [{ name: 'отсутствует', number: null, date: null }],
      totals: {
        increase: { withoutVat: '0.00', vat: '0.00', withVat: '0.00' },
        decrease: { withoutVat: '0.00', vat: '0.00', withVat: '0.00' },
      },
      warnings: [],
    });
    expect(d.lines).toEqual([
      {
        lineNo: 1,
        name: 'Ряженка',
        okei: { before: '740', after: '796' },
        quantity: { before: '0', after: '0', delta: '0' },
        price: { before: '50.00', after: '50.00', delta: '0.00' },
        sumWithoutVat: { before: '40.00', after: '40.00', delta: '0.00' },
        vatRate: { before: 'без НДС', after: 'без НДС' },
        vatSum: { before: '0.00', after: '0.00', delta: '0.00' },
        sumWithVat: { before: '40.00', after: '40.00', delta: '0.00' },
      },
    ]);
  });

  it('EDO Lite УКД from the ООО', () => {
    const d = asUkd(parse(F.ukdOoo));
    expect(d.number).toBe('2');
    expect(d.date).toBe('2021-04-26');
    expect(d.seller).toEqual({
      name: 'ООО "К-Солюшионс"',
      inn: '7714833917',
      kpp: '771401001',
      isIndividual: false,
    });
    expect(d.buyer.inn).toBe('860400381223');
    expect(d.invoices).toEqual([{ number: '123', date: '2021-04-26', corrections: [] }]);
    expect(d.lines).toHaveLength(1);
    expect(d.lines[0]).toMatchObject({
      name: 'Пакет молока',
      okei: { before: '796', after: '796' },
      price: { before: '10.00', after: '10.00', delta: '0.00' },
      sumWithoutVat: { before: '0.00', after: '0.00', delta: '0.00' },
    });
    expect(d.totals.decrease).toEqual({ withoutVat: '0.00', vat: '0.00', withVat: '0.00' });
  });

  const ukd = (rows: string, totals: string, extra = '') => `<?xml version="1.0" encoding="UTF-8"?>
<Файл ИдФайл="ON_KORSCHFDOPPR_A_B_20240101_x" ВерсФорм="5.01" ВерсПрог="test">
  <Документ КНД="1115127" Функция="КСЧФ" ДатаИнфПр="01.03.2024" ВремИнфПр="10.00.00" НаимЭконСубСост="x">
    <СвКСчФ НомерКСчФ="К-7" ДатаКСчФ="01.03.2024" КодОКВ="643">
      <СчФ НомерСчФ="15" ДатаСчФ="10.02.2024"><ИспрСчФ НомИспрСчФ="1" ДатаИспрСчФ="12.02.2024"/></СчФ>
      <СчФ НомерСчФ="16" ДатаСчФ="11.02.2024"/>
      ${extra}
      <СвПрод><ИдСв><СвЮЛУч НаимОрг="ООО Поставщик" ИННЮЛ="7707083893" КПП="773601001"/></ИдСв><Адрес><АдрРФ КодРегион="77"/></Адрес></СвПрод>
      <СвПокуп><ИдСв><СвЮЛУч НаимОрг="АО Заказчик" ИННЮЛ="7736207543" КПП="773601001"/></ИдСв><Адрес><АдрРФ КодРегион="77"/></Адрес></СвПокуп>
      <ДопСвФХЖ1 ИдГосКон="12345678901234567890" НаимОКВ="Российский рубль"/>
    </СвКСчФ>
    <ТаблКСчФ>${rows}${totals}</ТаблКСчФ>
    <СодФХЖ3 ПередатДокум="УПД 15" СодОпер="Изменение стоимости"><ОснКор НаимОсн="Договор" НомОсн="Д-1" ДатаОсн="01.01.2024"/></СодФХЖ3>
  </Документ>
</Файл>`;
  const row = `<СведТов НомСтр="1" НаимТов="Бумага" ОКЕИ_ТовДо="796" ОКЕИ_ТовПосле="796" КолТовДо="10" КолТовПосле="8.500" ЦенаТовДо="100" ЦенаТовПосле="100" НалСтДо="20%" НалСтПосле="20%">
      <СтТовБезНДС СтоимДоИзм="1000" СтоимПослеИзм="850.00" СтоимУм="150.00"/>
      <АкцизДо><БезАкциз>без акциза</БезАкциз></АкцизДо><АкцизПосле><БезАкциз>без акциза</БезАкциз></АкцизПосле>
      <СумНалДо><СумНДС>200.00</СумНДС></СумНалДо><СумНалПосле><СумНДС>170</СумНДС></СумНалПосле><СумНалРазн><СумУм>30.00</СумУм></СумНалРазн>
      <СтТовУчНал СтоимДоИзм="1200.00" СтоимПослеИзм="1020.00" СтоимУм="180.00"/>
    </СведТов>
    <СведТов НомСтр="2" НаимТов="Картридж" ОКЕИ_ТовДо="796" ОКЕИ_ТовПосле="796" КолТовДо="1" КолТовПосле="1" ЦенаТовДо="500" ЦенаТовПосле="560.5" НалСтДо="20%" НалСтПосле="20%">
      <СтТовБезНДС СтоимДоИзм="500.00" СтоимПослеИзм="560.50" СтоимУвел="60.50"/>
      <АкцизДо><БезАкциз>без акциза</БезАкциз></АкцизДо><АкцизПосле><БезАкциз>без акциза</БезАкциз></АкцизПосле>
      <СумНалДо><СумНДС>100.00</СумНДС></СумНалДо><СумНалПосле><СумНДС>112.10</СумНДС></СумНалПосле><СумНалРазн><СумУвел>12.10</СумУвел></СумНалРазн>
      <СтТовУчНал СтоимДоИзм="600.00" СтоимПослеИзм="672.60" СтоимУвел="72.60"/>
    </СведТов>`;
  const totals = `<ВсегоУвел СтТовБезНДСВсего="60.50" СтТовУчНалВсего="72.60"><СумНал><СумНДС>12.10</СумНДС></СумНал></ВсегоУвел>
    <ВсегоУм СтТовБезНДСВсего="150.00" СтТовУчНалВсего="180.00"><СумНал><СумНДС>30.00</СумНДС></СумНал></ВсегоУм>`;

  it('computes per-line before/after/delta and reads ВсегоУвел/ВсегоУм', () => {
    const d = asUkd(
      parseUpd(
        Buffer.from(ukd(row, totals, '<ИспрКСчФ НомИспрКСчФ="1" ДатаИспрКСчФ="02.03.2024"/>')),
        'u.xml',
      ),
    );
    expect(d).toMatchObject({
      function: 'КСЧФ',
      number: 'К-7',
      date: '2024-03-01',
      correction: { number: '1', date: '2024-03-02' },
      govContractId: '12345678901234567890',
      bases: [{ name: 'Договор', number: 'Д-1', date: '2024-01-01' }],
      invoices: [
        { number: '15', date: '2024-02-10', corrections: [{ number: '1', date: '2024-02-12' }] },
        { number: '16', date: '2024-02-11', corrections: [] },
      ],
      totals: {
        increase: { withoutVat: '60.50', vat: '12.10', withVat: '72.60' },
        decrease: { withoutVat: '150.00', vat: '30.00', withVat: '180.00' },
      },
      warnings: [],
    });
    expect(d.lines[0]).toMatchObject({
      lineNo: 1,
      name: 'Бумага',
      quantity: { before: '10', after: '8.5', delta: '-1.5' },
      price: { before: '100.00', after: '100.00', delta: '0.00' },
      sumWithoutVat: { before: '1000.00', after: '850.00', delta: '-150.00' },
      vatSum: { before: '200.00', after: '170.00', delta: '-30.00' },
      sumWithVat: { before: '1200.00', after: '1020.00', delta: '-180.00' },
      vatRate: { before: '20%', after: '20%' },
    });
    expect(d.lines[1]).toMatchObject({
      quantity: { before: '1', after: '1', delta: '0' },
      price: { before: '500.00', after: '560.50', delta: '60.50' },
      sumWithoutVat: { delta: '60.50' },
      vatSum: { delta: '12.10' },
      sumWithVat: { before: '600.00', after: '672.60', delta: '72.60' },
    });
  });

  it('warns when the stated changes or totals disagree with before/after', () => {
    const badRow = row.replace('СтоимУм="150.00"', 'СтоимУм="140.00"');
    const badTotals = totals.replace('СтТовБезНДСВсего="60.50"', 'СтТовБезНДСВсего="61.50"');
    const d = parseUpd(Buffer.from(ukd(badRow, badTotals)), 'u.xml');
    expect(d.warnings).toEqual([
      'Строка 1, стоимость без НДС: изменение по файлу -140.00, по значениям до и после -150.00',
      'Увеличение стоимости без НДС: по строкам 60.50, в итоге документа 61.50',
    ]);
  });

  it('refuses an УКД without the corrected invoice', () => {
    const text = ukd(row, totals).replace(/<СчФ [\s\S]*?<\/СчФ>\s*<СчФ [^>]*\/>/, '');
    expect(parseError(Buffer.from(text)).message).toBe('Не найден элемент Документ/СвКСчФ/СчФ');
  });
});

describe('refusals with a clear reason', () => {
  it('refuses the buyer title ON_NSCHFDOPPOK', () => {
    expect(parseError(read(F.diadoc970Buyer)).message).toMatch(
      /^Это титул покупателя УПД \(ON_NSCHFDOPPOK, КНД 1115132\): .*Загрузите файл продавца \(ON_NSCHFDOPPR\)$/,
    );
  });

  it('refuses the 155@ buyer title ON_SCHFDOPPOK (ИнфПок, no Документ) by name', () => {
    const xml =
      '<?xml version="1.0"?><Файл ИдФайл="ON_SCHFDOPPOK_2BM-1_2BM-2_20190101_abc" ВерсФорм="5.01">' +
      '<СвУчДокОбор ИдОтпр="2BM-1" ИдПол="2BM-2"/>' +
      '<ИнфПок КНД="1115126" ДатаИнфПок="01.01.2019" ВремИнфПок="10.00.00">' +
      '<ИдИнфПрод ИдФайлИнфПр="ON_SCHFDOPPR_2BM-2_2BM-1_20190101_def" ДатаФайлИнфПр="01.01.2019" ВремФайлИнфПр="09.00.00"/>' +
      '</ИнфПок></Файл>';
    expect(parseError(Buffer.from(xml), 'buyer.xml').message).toBe(
      'Это титул покупателя УПД (ON_SCHFDOPPOK, КНД 1115126): он подтверждает приёмку и не содержит ' +
        'товаров и сумм. Загрузите файл продавца (ON_SCHFDOPPR)',
    );
  });

  it('refuses the УКД buyer title ON_KORSCHFDOPPOK', () => {
    const xml =
      '<?xml version="1.0"?><Файл ИдФайл="ON_KORSCHFDOPPOK_A_B" ВерсФорм="5.01"><Документ КНД="1115128"/></Файл>';
    expect(parseError(Buffer.from(xml)).message).toBe(
      'Это титул покупателя УКД (ON_KORSCHFDOPPOK, КНД 1115128): он подтверждает приёмку и не содержит ' +
        'товаров и сумм. Загрузите файл продавца (ON_KORSCHFDOPPR)',
    );
  });

  it('refuses a УПД without СвСчФакт, naming the element', () => {
    const text = fixtureText(F.updIp).replace(/<СвСчФакт[\s\S]*<\/СвСчФакт>/, '');
    expect(parseError(cp1251(text)).message).toBe('Не найден элемент Документ/СвСчФакт');
  });

  it.each([
    ['Документ', /<Документ[\s\S]*<\/Документ>/, '', 'Не найден элемент Документ'],
    ['ТаблСчФакт', /<ТаблСчФакт>[\s\S]*<\/ТаблСчФакт>/, '', 'Не найден элемент Документ/ТаблСчФакт'],
    ['ВсегоОпл', /<ВсегоОпл[\s\S]*<\/ВсегоОпл>/, '', 'Не найден элемент Документ/ТаблСчФакт/ВсегоОпл'],
    ['СвПокуп', /<СвПокуп>[\s\S]*<\/СвПокуп>/, '', 'Не найден элемент Документ/СвСчФакт/СвПокуп'],
    ['НомерСчФ', ' НомерСчФ="321"', '', 'Не найден атрибут Документ/СвСчФакт@НомерДок (или @НомерСчФ)'],
    ['НалСт', ' НалСт="без НДС"', '', 'Не найден атрибут Документ/ТаблСчФакт/СведТов[1]@НалСт'],
    ['ИдСв', /<ИдСв>\s*<СвИП[\s\S]*?<\/ИдСв>/, '', 'Не найден элемент Документ/СвСчФакт/СвПрод/ИдСв'],
    [
      'seller ИНН',
      ' ИННФЛ="860400381223"',
      '',
      'Не указан ИНН продавца (Документ/СвСчФакт/СвПрод/ИдСв): без ИНН документ нельзя сопоставить с договором',
    ],
    [
      'bad ИНН checksum',
      'ИННЮЛ="7714833917"',
      'ИННЮЛ="7714833918"',
      'Неверный ИНН покупателя «7714833918»: Неверное контрольное число ИНН',
    ],
    [
      'date',
      'ДатаСчФ="26.04.2021"',
      'ДатаСчФ="31.04.2021"',
      'Неверная дата «31.04.2021» в Документ/СвСчФакт@ДатаСчФ: ожидается ДД.ММ.ГГГГ',
    ],
    ['number', 'КолТов="0"', 'КолТов="1e3"', 'Неверное число «1e3» в Документ/ТаблСчФакт/СведТов[1]@КолТов'],
    [
      'money decimals',
      'СтТовБезНДС="40.00"',
      'СтТовБезНДС="40.005"',
      'Сумма «40.005» в Документ/ТаблСчФакт/СведТов[1]@СтТовБезНДС содержит больше двух знаков после запятой',
    ],
    [
      'VAT rate',
      'НалСт="без НДС"',
      'НалСт="13%"',
      'Неизвестная ставка НДС «13%» в Документ/ТаблСчФакт/СведТов[1]@НалСт',
    ],
    [
      'function',
      'Функция="СЧФДОП"',
      'Функция="ЧТОТО"',
      'Неизвестная функция документа «ЧТОТО» (Документ@Функция)',
    ],
    [
      'KND',
      'КНД="1115131"',
      'КНД="1111111"',
      'Файл не является УПД или УКД продавца: КНД «1111111» (ожидается 1115131, 1115125 или 1115127)',
    ],
  ] as const)('missing or wrong %s', (_what, from, to, message) => {
    const text = fixtureText(F.updIp).replace(from, to);
    expect(text).not.toBe(fixtureText(F.updIp));
    expect(parseError(cp1251(text)).message).toBe(message);
  });

  it('refuses an XML whose root is not Файл', () => {
    expect(parseError(Buffer.from('<?xml version="1.0"?><contract><a/></contract>')).message).toBe(
      'Файл не является УПД: корневой элемент «contract» вместо «Файл»',
    );
  });

  it('refuses the 736@ УКД it does not read yet', () => {
    const text = fixtureText(F.ukdIp)
      .replace('ИдФайл="ON_KORSCHFDOPPR_', 'ИдФайл="ON_NKORSCHFDOPPR_')
      .replace('КНД="1115127"', 'КНД="1115133"');
    expect(parseError(cp1251(text)).message).toMatch(
      /^УКД в формате 736@ \(ON_NKORSCHFDOPPR\) пока не поддерживается/,
    );
  });

  it('normalises VAT rate spelling', () => {
    const text = fixtureText(F.legacy155).replace('НалСт="10%"', 'НалСт=" 10 % "');
    expect(asUpd(parseUpd(cp1251(text), 'x.xml')).lines[0].vatRate).toBe('10%');
    const text2 = fixtureText(F.updIp).replace('НалСт="без НДС"', 'НалСт="Без  НДС"');
    expect(asUpd(parseUpd(cp1251(text2), 'x.xml')).lines[0].vatRate).toBe('без НДС');
  });
});

describe('tolerated problems become warnings', () => {
  it('a bad shipper or consignee ИНН and a malformed КПП do not stop the import', () => {
    const text = fixtureText(F.legacy155)
      .replace('ИННЮЛ="7816403688"', 'ИННЮЛ="7816403689"')
      .replace('КПП="774850001"', 'КПП="77485000"');
    const d = asUpd(parseUpd(cp1251(text), 'x.xml'));
    expect(d.shipper?.inn).toBe('7816403689');
    expect(d.warnings).toEqual([
      'КПП покупателя «77485000» указан неверно: КПП должен состоять из 9 знаков: 4 цифры, 2 цифры или заглавные латинские буквы, 3 цифры',
      'ИНН грузоотправителя «7816403689» не прошёл проверку: Неверное контрольное число ИНН',
    ]);
  });

  it('falls back to the file name when Файл@ИдФайл and Документ@КНД are missing', () => {
    const text = fixtureText(F.updIp)
      .replace(/ИдФайл="[^"]*"/, '')
      .replace('КНД="1115131"', '');
    const d = parseUpd(cp1251(text), 'C:\\upload\\ON_NSCHFDOPPR_A_B_20210426_x.xml');
    expect(d.kind).toBe('upd');
    expect(d.fileId).toBe('ON_NSCHFDOPPR_A_B_20210426_x');
    expect(d.knd).toBe('1115131');
  });
});

describe('broken and hostile input', () => {
  it('truncated XML names the line', () => {
    const buf = read(F.legacy155);
    const err = parseError(buf.subarray(0, Math.floor(buf.length / 2)));
    expect(err.message).toMatch(/^Повреждённый XML: .* \(строка \d+, позиция \d+\)$/);
  });

  it('windows-1251 bytes declared as UTF-8', () => {
    const text = fixtureText(F.updIp).replace('encoding="windows-1251"', 'encoding="UTF-8"');
    expect(parseError(cp1251(text)).message).toMatch(
      /^Файл объявлен в кодировке UTF-8, но содержит недопустимые для неё байты/,
    );
  });

  it('windows-1251 bytes without any declaration', () => {
    const text = fixtureText(F.updIp).replace('<?xml version="1.0" encoding="windows-1251"?>', '');
    expect(parseError(cp1251(text)).message).toMatch(/^Файл объявлен в кодировке UTF-8/);
  });

  it('UTF-8 bytes declared as windows-1251', () => {
    const text = fixtureText(F.updIp);
    expect(parseError(Buffer.from(text, 'utf8')).message).toBe(
      'Кодировка в заголовке XML (windows-1251) не совпадает с содержимым: файл записан в UTF-8',
    );
  });

  it('an unknown declared encoding', () => {
    const text = fixtureText(F.updIp).replace('encoding="windows-1251"', 'encoding="x-klingon"');
    expect(parseError(cp1251(text)).message).toBe('Неизвестная кодировка XML: x-klingon');
  });

  it('UTF-8 with a BOM is fine', () => {
    const text = fixtureText(F.updIp).replace('encoding="windows-1251"', 'encoding="UTF-8"');
    const buf = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]);
    expect(parseUpd(buf, 'bom.xml').number).toBe('321');
  });

  it('XXE: external entity in a DOCTYPE', () => {
    const xxe = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE Файл [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<Файл ИдФайл="ON_NSCHFDOPPR_x" ВерсФорм="5.01"><Документ КНД="1115131" Функция="СЧФ"><СвСчФакт НомерСчФ="&xxe;"/></Документ></Файл>`;
    expect(parseError(Buffer.from(xxe)).message).toBe(
      'XML содержит объявление DOCTYPE или ENTITY, такие файлы не принимаются',
    );
  });

  it('billion laughs: nested entity expansion', () => {
    const lol = `<?xml version="1.0"?>
<!DOCTYPE lolz [
  <!ENTITY lol "lol">
  <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
  <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
  <!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
]>
<Файл ИдФайл="&lol9;"/>`;
    expect(parseError(Buffer.from(lol)).message).toMatch(/DOCTYPE или ENTITY/);
  });

  it('random binary', () => {
    const junk = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) & 0xff));
    junk[0] = 0x00;
    expect(parseError(junk).message).toBe('Файл не является XML-документом');
  });

  it('an empty file', () => {
    expect(parseError(Buffer.alloc(0)).message).toBe('Файл не является XML-документом');
  });

  it('a ZIP archive given instead of XML', () => {
    const zip = Buffer.from(zipSync({ 'upd.xml': read(F.updIp) }));
    expect(parseError(zip, 'upd.zip').message).toBe(
      'Загружен ZIP-архив, а не XML-файл: распакуйте его или загрузите как архив',
    );
  });

  it('text that is not XML at all', () => {
    expect(parseError(Buffer.from('1CClientBankExchange\nВерсияФормата=1.03\n')).message).toBe(
      'Файл не является XML-документом',
    );
  });
});

describe('decimal helpers', () => {
  it.each([
    ['2400000', '2400000.00'],
    ['6458.4', '6458.40'],
    ['14053.0', '14053.00'],
    ['0', '0.00'],
    ['-15.5', '-15.50'],
    ['1,25', '1.25'],
    ['.5', '0.50'],
    ['12.3400', '12.34'],
  ])('money %s -> %s', (raw, expected) => expect(toMoney(raw, 'x')).toBe(expected));

  it.each([
    ['2376.000', '2376'],
    ['114.100', '114.1'],
    ['0', '0'],
    ['0.000', '0'],
    ['23.0', '23'],
    ['0.00000000001', '0.00000000001'],
    ['123456789012345.12345678901', '123456789012345.12345678901'],
  ])('quantity %s -> %s', (raw, expected) => expect(toQuantity(raw, 'x')).toBe(expected));

  it.each([
    ['50', '50.00'],
    ['936.91', '936.91'],
    ['0.123450', '0.12345'],
  ])('price %s -> %s', (raw, expected) => expect(toPrice(raw, 'x')).toBe(expected));

  it('refuses what is not a plain decimal', () => {
    for (const raw of ['', 'abc', '1e5', '1 000', '--1', '1.2.3']) {
      expect(() => toQuantity(raw, 'X@Y')).toThrow(ParseError);
    }
  });

  it('adds and subtracts exactly', () => {
    expect(sum(['0.10', '0.20'], 2)).toBe('0.30');
    expect(sum([], 2)).toBe('0.00');
    expect(subtract('8.5', '10', 0)).toBe('-1.5');
    expect(subtract('0.3', '0.1', 2)).toBe('0.20');
    expect(negate('-12.10', 2)).toBe('12.10');
    expect(sum(['9007199254740993.01', '0.01'], 2)).toBe('9007199254740993.02');
  });
});
