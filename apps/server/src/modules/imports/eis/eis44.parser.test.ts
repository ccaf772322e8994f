import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EisContract, EisExecution } from '../../../kernel/eis/eis.types.js';
import { parseEisFile } from './eis.parser.js';

const EIS44 = path.resolve(import.meta.dirname, '../../../../../..', '../shared/fixtures/real/eis44');
const text = (name: string) => readFileSync(path.join(EIS44, name), 'utf8');

function contract(name: string, xml = text(name)): EisContract {
  const docs = parseEisFile(Buffer.from(xml, 'utf8'), name);
  expect(docs).toHaveLength(1);
  expect(docs[0].kind).toBe('contract');
  return docs[0] as EisContract;
}

function procedure(name: string, xml = text(name)): EisExecution {
  const docs = parseEisFile(Buffer.from(xml, 'utf8'), name);
  expect(docs).toHaveLength(1);
  expect(docs[0].kind).toBe('execution');
  return docs[0] as EisExecution;
}

const CONTRACT_70 = 'rummolprod999__contract_2510205003117000004_31762298.xml';
const CONTRACT_60 = 'rummolprod999__contract_3312100001816000003_25649142.xml';
const EXECUTED = 'aksyuk__contractProcedure_3790541092017000001_77580302.xml';
const AGREED = 'aksyuk__contractProcedure_2790102009017000001_77504411.xml';
const PENALTY = 'aksyuk__contractProcedure_2790000171516000234_78089252.xml';

describe('44-FZ export/contract', () => {
  it('schemeVersion 7.0 with empty products and suppliers', () => {
    const c = contract(CONTRACT_70);
    expect(c).toMatchObject({
      source: '44',
      documentType: 'eis44.contract',
      schemaVersion: '7.0',
      guid: null,
      registrationNumber: '2510205003117000004',
      contractRegNumber: '2510205003117000004',
      eisId: '31762298',
      version: 1,
      status: 'E',
      publicationDate: '2017-01-16T16:12:06.771Z',
      number: 'Ф.2016.467916',
      contractDate: '2017-01-09',
      startExecutionDate: '2017-01-01',
      endExecutionDate: '2017-07-30',
      price: '214562.64',
      rubPrice: '214562.64',
      currencyCode: 'RUB',
      purchase: {
        noticeNumber: '0149200002316005002',
        lotNumber: '1',
        methodCode: '12011',
        methodName: null,
      },
      suppliers: [],
      positions: [],
      warnings: [],
    });
    expect(c.url).toBe(
      'http://zakupki.gov.ru/epz/contract/contractCard/common-info.html?reestrNumber=2510205003117000004',
    );
    expect(c.customer).toMatchObject({
      inn: '5102050031',
      kpp: '510201001',
      ogrn: null,
      regNum: '03492000009',
    });
    expect(c.customer.fullName).toContain('"КАНДАЛАКШСКИЙ ЦЕНТР ПОМОЩИ ДЕТЯМ');
  });

  it('schemeVersion 6.0 with a supplier and a product whose quantity has an exponent', () => {
    const c = contract(CONTRACT_60);
    expect(c).toMatchObject({
      schemaVersion: '6.0',
      registrationNumber: '3312100001816000003',
      eisId: '25649142',
      number: '0126300030515000080-0099135-02',
      contractDate: '2016-01-22',
      startExecutionDate: '2016-01-22',
      endExecutionDate: '2016-12-31',
      price: '6987268.99',
      publicationDate: '2016-01-25T12:40:59.025Z',
      purchase: { noticeNumber: '0126300030515000080' },
    });
    expect(c.customer).toMatchObject({ inn: '3121000018', kpp: '312101001', regNum: '01263000305' });
    expect(c.suppliers).toEqual([
      {
        name: 'Филиал ПАО "МРСК Центра" - "Белгородэнерго"',
        inn: '6901067107',
        kpp: '312302001',
        isSme: null,
        isIndividual: false,
        isForeign: false,
      },
    ]);
    expect(c.positions).toEqual([
      {
        ordinalNumber: 1,
        name: 'Оказание услуг по наружному освещению населенных пунктов Яковлевского района в 2016 году',
        okpd2Code: '35.12.10.110',
        okpd2Name: 'Услуги по передаче электроэнергии',
        okdpCode: null,
        okdpName: null,
        okeiCode: '876',
        okeiName: 'УСЛ ЕД',
        qty: '15189715.19',
        price: '0.46',
        sum: '6987268.99',
      },
    ]);
  });

  it('reads an individual entrepreneur supplier and warns on a bad ИНН', () => {
    const xml = text(CONTRACT_60).replace(
      /<legalEntityRF>[\s\S]*<\/legalEntityRF>/,
      '<individualPersonRF><lastName>Иванов</lastName><firstName>Иван</firstName><INN>500100732258</INN></individualPersonRF>',
    );
    const c = contract(CONTRACT_60, xml);
    expect(c.suppliers[0]).toMatchObject({ name: 'Иванов Иван', inn: '500100732258', isIndividual: true });
    expect(c.warnings).toEqual([
      {
        path: 'export/contract[1]/suppliers/supplier[1]/individualPersonRF/inn',
        message: 'Неверное контрольное число ИНН: 500100732258',
      },
    ]);
  });

  it('refuses a contract without regNum, signDate or price, naming the element', () => {
    expect(() =>
      contract(CONTRACT_70, text(CONTRACT_70).replace('<regNum>2510205003117000004</regNum>', '')),
    ).toThrow('export/contract[1]: нет regNum (реестровый номер контракта)');
    expect(() =>
      contract(CONTRACT_70, text(CONTRACT_70).replace('<signDate>2017-01-09</signDate>', '')),
    ).toThrow('export/contract[1]: нет signDate (дата заключения)');
    expect(() =>
      contract(CONTRACT_70, text(CONTRACT_70).replace('<price>214562.64</price>', '<price>двести</price>')),
    ).toThrow('export/contract[1]/priceInfo/price: неверная сумма «двести»');
  });
});

describe('44-FZ export/contractProcedure', () => {
  it('execution of the final stage with payment document and delivered quantity', () => {
    const e = procedure(EXECUTED);
    expect(e).toMatchObject({
      source: '44',
      documentType: 'eis44.contractProcedure',
      schemaVersion: '7.5',
      eisId: '77580302',
      registrationNumber: '37905410920170000010003',
      contractRegNumber: '3790541092017000001',
      version: 0,
      status: 'EC',
      completed: true,
      publicationDate: '2018-01-11T04:59:14.407Z',
      termination: null,
      hasPenalty: false,
      penalties: [],
    });
    expect(e.stages).toEqual([
      {
        ordinalNumber: 1,
        endDate: '2017-12-31',
        isFinal: true,
        payments: [
          {
            ordinalNumber: 1,
            paymentDate: '2018-01-09',
            price: '1329836.35',
            rubPrice: '1329836.35',
            currencyCode: 'RUB',
            vat: '0.00',
            prepaid: null,
            document: { name: 'Акт сверки взаимных расчетов', number: 'б\\н', date: '2018-01-09' },
          },
        ],
        docs: [],
        deliveries: [
          {
            name: 'Поставка электроэнергии для нужд учреждения',
            okpd2Code: '35.11.10.116',
            okeiCode: '245',
            okeiName: 'Киловатт-час',
            qty: '280',
            contractQty: '280000',
          },
        ],
      },
    ]);
  });

  it('termination by agreement of the parties', () => {
    const e = procedure(AGREED);
    expect(e).toMatchObject({
      contractRegNumber: '2790102009017000001',
      registrationNumber: '27901020090170000010006',
      status: 'ET',
      completed: false,
      stages: [],
      penalties: [],
    });
    expect(e.termination).toEqual({
      date: '2017-12-29',
      reasonCode: '1',
      reason: 'Соглашение сторон',
      reasonInfo: expect.stringContaining('На основании части 8 статьи 95 Федерального закона'),
      paid: '470175.28',
      document: {
        code: '11',
        name: 'Дополнительное соглашение к контракту',
        number: 'б/н',
        date: '2017-12-29',
      },
    });
  });

  it('two payments, unilateral termination and a penalty', () => {
    const e = procedure(PENALTY);
    expect(e).toMatchObject({
      contractRegNumber: '2790000171516000234',
      version: 1,
      status: 'ET',
      hasPenalty: true,
    });
    expect(e.stages).toHaveLength(1);
    expect(e.stages[0]).toMatchObject({ ordinalNumber: 0, endDate: '2016-09-30', isFinal: false });
    expect(e.stages[0].payments.map((p) => [p.paymentDate, p.price, p.document?.number])).toEqual([
      ['2017-10-03', '3133.94', '135328'],
      ['2017-10-31', '7186.06', '181349'],
    ]);
    expect(e.stages[0].deliveries).toEqual([
      expect.objectContaining({
        name: 'Пеленки детские',
        okpd2Code: '13.99.19.122',
        qty: '258',
        contractQty: '1500',
      }),
    ]);
    expect(e.termination).toMatchObject({
      date: '2018-01-22',
      reasonCode: '3',
      reason:
        'Односторонний отказ заказчика от исполнения контракта в соответствии с гражданским законодательством',
      reasonInfo: 'Недопоставка товара',
      paid: '10320.00',
      document: { code: '31', number: null, date: '2017-12-20' },
    });
    expect(e.penalties).toEqual([
      {
        kind: 'penaltyAccrual',
        party: 'S',
        penaltyType: 'I',
        reasonCode: '21',
        reason: expect.stringContaining('Просрочка исполнения поставщиком'),
        amount: '54288.96',
        currencyCode: 'RUB',
        document: { name: 'Претензия', number: '2180', date: '2016-12-06' },
      },
    ]);
  });

  it('reads the older layout: terminations/termination and penalties/penalty', () => {
    const xml = text(PENALTY)
      .replace('<termination>', '<terminations><termination>')
      .replace('</termination>', '</termination></terminations>')
      .replace(
        /<penaltyAccrual>[\s\S]*<\/penaltyAccrual>/,
        '<penalty><contractParty>S</contractParty><penaltyType>F</penaltyType><penaltyAccrual><accrualAmount>1000</accrualAmount></penaltyAccrual></penalty>',
      );
    const e = procedure(PENALTY, xml);
    expect(e.termination).toMatchObject({ date: '2018-01-22', reasonCode: '3', paid: '10320.00' });
    expect(e.penalties).toEqual([
      expect.objectContaining({ kind: 'penalty', party: 'S', penaltyType: 'F', amount: '1000.00' }),
    ]);
  });

  it('refuses execution information without the contract regNum', () => {
    const xml = text(AGREED).replace('<regNum>2790102009017000001</regNum>', '');
    expect(() => procedure(AGREED, xml)).toThrow(
      'export/contractProcedure[1]: нет regNum (реестровый номер контракта)',
    );
  });

  it('names the termination date that is malformed', () => {
    const xml = text(AGREED).replace('<terminationDate>2017-12-29', '<terminationDate>29.12.2017');
    expect(() => procedure(AGREED, xml)).toThrow(
      'export/contractProcedure[1]/termination/terminationDate: неверная дата «29.12.2017»',
    );
  });
});
