import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EisContract, EisDocument } from '../../../kernel/eis/eis.types.js';
import { ParseError } from '../../../lib/parse-error.js';
import { parseEisFile } from './eis.parser.js';

const EIS223 = path.resolve(import.meta.dirname, '../../../../../..', '../shared/fixtures/real/eis223');
const ADYGEYA = 'homyakin__contract_Adygeya_Resp_20191217_000000_20191217_235959_daily_001.xml';
const ALTAY = 'homyakin__contract_Altayskii__krai_20191217_000000_20191217_235959_daily_001.xml';
const OSETIYA = 'homyakin__contract_Severnaia_Osetiya_Alaniia_Resp_20150101_000000_20150131_235959_001.xml';

const text = (name: string) => readFileSync(path.join(EIS223, name), 'utf8');
const parse = (xml: string, name = 'test.xml') => parseEisFile(Buffer.from(xml, 'utf8'), name);

function contracts(docs: EisDocument[]): EisContract[] {
  expect(docs.every((d) => d.kind === 'contract')).toBe(true);
  return docs as EisContract[];
}

function one(name: string): EisContract {
  const docs = contracts(parseEisFile(readFileSync(path.join(EIS223, name)), name));
  expect(docs).toHaveLength(1);
  return docs[0];
}

describe('223-FZ contract', () => {
  it('daily file TFF-9.3 with xmlns="" on header and body (Adygeya)', () => {
    const c = one(ADYGEYA);
    expect(c).toMatchObject({
      source: '223',
      documentType: 'eis223.contract',
      fileName: ADYGEYA,
      schemaVersion: 'TFF-9.3',
      itemIndex: 1,
      guid: '83660e69-0dca-4f6c-a974-9194b0f51c24',
      registrationNumber: '50105018196190002040001',
      contractRegNumber: '50105018196190002040000',
      version: 1,
      status: 'P',
      createDateTime: '2019-12-17T13:53:50.000Z',
      publicationDate: '2019-12-17T14:01:02.000Z',
      number: '1638.12.2019',
      contractDate: '2019-12-16',
      startExecutionDate: '2019-12-16',
      endExecutionDate: '2020-12-31',
      price: '1750000.00',
      rubPrice: null,
      currencyCode: 'RUB',
      subject: 'Поставка газа природного  компримированного',
      purchase: {
        noticeNumber: '31908645944',
        lotNumber: '1',
        methodCode: '30000',
        methodName: 'Закупка у единственного поставщика',
      },
      planPositionNumber: null,
      suppliers: [],
      warnings: [],
    });
    expect(c.url).toContain('general-information.html?id=8171139&viewMode=VSRI');
    expect(c.customer).toEqual({
      fullName: 'АКЦИОНЕРНОЕ ОБЩЕСТВО "ГАЗПРОМ ГАЗОРАСПРЕДЕЛЕНИЕ МАЙКОП"',
      shortName: 'АО "ГАЗПРОМ ГАЗОРАСПРЕДЕЛЕНИЕ МАЙКОП"',
      inn: '0105018196',
      kpp: '010501001',
      ogrn: '1020100707318',
      regNum: null,
    });
    expect(c.positions).toEqual([
      {
        ordinalNumber: 1,
        name: 'Газы нефтяные и углеводороды газообразные прочие, кроме газа горючего природного',
        okpd2Code: '19.20.3',
        okpd2Name: 'Газы нефтяные и углеводороды газообразные прочие, кроме газа горючего природного',
        okdpCode: null,
        okdpName: null,
        okeiCode: '113',
        okeiName: 'Кубический метр',
        qty: '102339.18129',
        price: null,
        sum: null,
      },
    ]);
  });

  it('daily file TFF-9.3 (Altay krai)', () => {
    const c = one(ALTAY);
    expect(c).toMatchObject({
      registrationNumber: '52208008370190000010001',
      number: '5',
      contractDate: '2019-12-17',
      startExecutionDate: '2020-01-01',
      price: '192000.00',
      subject: 'Услуги по обслуживанию тепловых сетей',
      purchase: { methodCode: '40000', noticeNumber: '31908517877' },
    });
    expect(c.customer.inn).toBe('2208008370');
    expect(c.customer.ogrn).toBe('1022200769755');
    expect(c.positions[0]).toMatchObject({ okpd2Code: '35.30.1', okeiCode: '006', qty: '816' });
  });

  it('TFF-3.5 (2015): urlOOS, supplierInfo, date-time contractDate, ОКДП, no registrationNumber', () => {
    const c = one(OSETIYA);
    expect(c).toMatchObject({
      schemaVersion: 'TFF-3.5',
      guid: 'd9c350a0-1869-4fff-952a-b0085cfb3772',
      registrationNumber: null,
      contractRegNumber: '51511012960150000010000',
      number: null,
      contractDate: '2015-01-15',
      startExecutionDate: '2015-01-01',
      endExecutionDate: '2015-01-31',
      price: '3984420.00',
      subject: 'поставка авиационного керосина ТС-1',
      purchase: { noticeNumber: null, lotNumber: null, methodCode: '30000' },
    });
    expect(c.url).toBe(
      'https://zakupki.gov.ru/223/contract/private/contract/view/general-information.html?id=3780&viewMode=VSRI',
    );
    expect(c.customer.inn).toBe('1511012960');
    expect(c.suppliers).toEqual([
      {
        name: 'ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ "ТОПЛИВОЗАПРАВОЧНАЯ КОМПАНИЯ АЭРОПОРТ"',
        inn: '1513030845',
        kpp: '151101001',
        isSme: false,
        isIndividual: false,
        isForeign: false,
      },
    ]);
    expect(c.positions[0]).toMatchObject({
      okpd2Code: null,
      okdpCode: '2320221',
      okeiCode: '168',
      qty: '120.74',
    });
  });

  it('TFF-7.5 with full supplierInfo (contract_test2)', () => {
    const c = one('homyakin__contract_test2.xml');
    expect(c).toMatchObject({
      schemaVersion: 'TFF-7.5',
      registrationNumber: '50105018196180000870001',
      number: 'АГ-1/0235/18',
      contractDate: '2018-05-28',
      price: '317962.72',
      endExecutionDate: '2018-12-31',
      purchase: { noticeNumber: '31806504639' },
    });
    expect(c.url).toContain('id=4944280');
    expect(c.suppliers).toEqual([
      {
        name: 'ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ "КУБАНСКАЯ НЕФТЕГАЗОВАЯ КОМПАНИЯ"',
        inn: '2310140001',
        kpp: '230801001',
        isSme: false,
        isIndividual: null,
        isForeign: false,
      },
    ]);
    expect(c.positions[0]).toMatchObject({ okpd2Code: '19.20.31.110', okeiCode: '876', qty: '1' });
  });

  it('TFF-8.2 without default namespace (contract_without_xmlns)', () => {
    const c = one('homyakin__contract_without_xmlns.xml');
    expect(c).toMatchObject({
      schemaVersion: 'TFF-8.2',
      registrationNumber: '50105018196180001160001',
      number: '636  / АГ-2/0368/18',
      contractDate: '2018-08-06',
      price: '229500.00',
      purchase: { noticeNumber: '31806781106', methodCode: '30000' },
    });
    expect(c.customer.inn).toBe('0105018196');
    expect(c.positions).toHaveLength(1);
    expect(c.positions[0]).toMatchObject({ okpd2Code: '85.3', name: 'Услуги по профессиональному обучению' });
  });
});

/** The Adygeya file with a second item appended, its contractData changed by `edit`. */
function withSecondItem(edit: (item: string) => string): string {
  const xml = text(ADYGEYA);
  const start = xml.indexOf('<ns2:item>');
  const end = xml.indexOf('</ns2:item>') + '</ns2:item>'.length;
  const item = xml.slice(start, end);
  return xml.slice(0, end) + edit(item) + xml.slice(end);
}

describe('223-FZ contract: many items and broken data', () => {
  it('returns every item of a daily file', () => {
    const xml = withSecondItem((item) =>
      item
        .replace('50105018196190002040001', '50105018196190002050001')
        .replace('<ns2:price>1750000</ns2:price>', '<ns2:price>99.9</ns2:price>'),
    );
    const docs = contracts(parse(xml));
    expect(docs.map((d) => [d.itemIndex, d.registrationNumber, d.price])).toEqual([
      [1, '50105018196190002040001', '1750000.00'],
      [2, '50105018196190002050001', '99.90'],
    ]);
  });

  it('names the item that has neither registrationNumber nor guid', () => {
    const xml = withSecondItem((item) =>
      item
        .replace(/<ns2:registrationNumber>\d+<\/ns2:registrationNumber>/, '')
        .replace(/<ns2:guid>83660e69[^<]*<\/ns2:guid>/, ''),
    );
    expect(() => parse(xml)).toThrow(ParseError);
    expect(() => parse(xml)).toThrow('body/item[2]/contractData: нет registrationNumber и guid');
  });

  it('refuses a contract without price or contract date, naming the element', () => {
    const noPrice = withSecondItem((item) => item.replace('<ns2:price>1750000</ns2:price>', ''));
    expect(() => parse(noPrice)).toThrow('body/item[2]/contractData: нет price (цена договора)');
    const badDate = withSecondItem((item) =>
      item.replace('2019-12-16</ns2:contractDate>', '16.12.2019</ns2:contractDate>'),
    );
    expect(() => parse(badDate)).toThrow(
      'body/item[2]/contractData/contractDate: неверная дата «16.12.2019»',
    );
    const badQty = text(ADYGEYA).replace('102339.18129', '102 339,18');
    expect(() => parse(badQty)).toThrow(
      'body/item[1]/contractData/contractPositions/contractPosition[1]/qty: неверное число «102 339,18»',
    );
  });

  it('refuses a contract without the customer ИНН', () => {
    const xml = text(ADYGEYA).replace(/<ns2:customer>[\s\S]*?<\/ns2:customer>/, '');
    expect(() => parse(xml)).toThrow('body/item[1]/contractData/customer/mainInfo: нет inn (ИНН заказчика)');
  });

  it('refuses an item without contractData and a packet without body', () => {
    const noData = withSecondItem(() => '<ns2:item><guid>x</guid></ns2:item>');
    expect(() => parse(noData)).toThrow('body/item[2]: нет contractData');
    const emptyItem = text(ADYGEYA).replace(/<ns2:item>[\s\S]*<\/ns2:item>/, '<ns2:item/>');
    expect(() => parse(emptyItem)).toThrow('body/item[1]: нет contractData');
    const noBody = text(ADYGEYA).replace(/<ns2:body[\s\S]*<\/ns2:body>/, '');
    expect(() => parse(noBody)).toThrow('body: нет элемента body');
  });

  it('an empty body (a day without contracts) gives no records', () => {
    const xml = text(ADYGEYA).replace(/<ns2:body xmlns="">[\s\S]*<\/ns2:body>/, '<ns2:body xmlns=""/>');
    expect(parse(xml)).toEqual([]);
  });

  it('warns about a supplier ИНН that fails its checksum, and keeps the record', () => {
    const xml = text('homyakin__contract_test2.xml').replace(
      '<ns2:inn>2310140001</ns2:inn>',
      '<ns2:inn>2310140002</ns2:inn>',
    );
    const [c] = contracts(parse(xml));
    expect(c.suppliers[0].inn).toBe('2310140002');
    expect(c.warnings).toEqual([
      {
        path: 'body/item[1]/contractData/supplierInfo[1]/inn',
        message: 'Неверное контрольное число ИНН: 2310140002',
      },
    ]);
  });

  it('reads plan position, unit price and SME supplier of the newer schema', () => {
    const xml = text('homyakin__contract_test2.xml')
      .replace(
        '<ns2:urlOOS>',
        '<ns2:planPosition><planGuid>g</planGuid><positionNumber>42</positionNumber></ns2:planPosition><ns2:urlOOS>',
      )
      .replace(
        '<ns2:provider>false</ns2:provider>\n                    <ns2:subcontractor>',
        '<ns2:provider>true</ns2:provider><ns2:subcontractor>',
      )
      .replace(
        '<ns2:qty>1</ns2:qty>',
        '<ns2:qty>1</ns2:qty><ns2:unitPrice>317962.72000000000</ns2:unitPrice>',
      )
      .replace(
        '<ns2:price>317962.72</ns2:price>',
        '<ns2:price>317962.72</ns2:price><ns2:rubPrice>317962.72</ns2:rubPrice>',
      );
    const [c] = contracts(parse(xml));
    expect(c.planPositionNumber).toBe('42');
    expect(c.suppliers[0].isSme).toBe(true);
    expect(c.positions[0].price).toBe('317962.72');
    expect(c.rubPrice).toBe('317962.72');
  });
});
