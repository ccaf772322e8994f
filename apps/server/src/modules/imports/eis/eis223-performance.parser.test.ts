import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EisDocument, EisExecution } from '../../../kernel/eis/eis.types.js';
import { parseEisFile } from './eis.parser.js';

const EIS223 = path.resolve(import.meta.dirname, '../../../../../..', '../shared/fixtures/real/eis223');
const FILE = 'homyakin__contractCompleting_test.xml';
const xml = readFileSync(path.join(EIS223, FILE), 'utf8');

function executions(docs: EisDocument[]): EisExecution[] {
  expect(docs.every((d) => d.kind === 'execution')).toBe(true);
  return docs as EisExecution[];
}
const parse = (text: string) => executions(parseEisFile(Buffer.from(text, 'utf8'), FILE));

describe('223-FZ performanceContract', () => {
  it('reads the TFF-7.5 execution information with its payment and delivery document', () => {
    const [e, ...rest] = executions(parseEisFile(readFileSync(path.join(EIS223, FILE)), FILE));
    expect(rest).toEqual([]);
    expect(e).toMatchObject({
      source: '223',
      documentType: 'eis223.performanceContract',
      schemaVersion: 'TFF-7.5',
      guid: '58186ba3-ee3f-424e-a604-57061e26ab86',
      registrationNumber: '80105015580170000110003',
      contractRegNumber: '80105015580170000110000',
      contractGuid: 'cbadc360-1ad0-4beb-a87e-9c8502010fc9',
      contractNumber: '155-Т',
      contractDate: '2017-06-29',
      version: 1,
      status: 'P',
      createDateTime: '2017-06-30T10:16:26.000Z',
      publicationDate: '2018-01-18T12:29:30.000Z',
      url: 'https://zakupki.gov.ru/223/contract/private/completing/info/view.html?id=4512421',
      supplierName: 'ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ "КУБАНЬ-СЕРВИС"',
      completed: true,
      endedByExpiry: null,
      total: '264204.07',
      termination: null,
      hasPenalty: false,
      penalties: [],
      warnings: [],
    });
    expect(e.customer).toMatchObject({ inn: '0105015580', kpp: '010501001', ogrn: '1020100694701' });
    expect(e.stages).toEqual([
      {
        ordinalNumber: 1,
        endDate: null,
        isFinal: null,
        payments: [
          {
            ordinalNumber: 1,
            paymentDate: '2017-09-30',
            price: '264204.07',
            rubPrice: '264204.07',
            currencyCode: 'RUB',
            vat: null,
            prepaid: false,
            document: null,
          },
        ],
        docs: [
          {
            ordinalNumber: 1,
            code: '01',
            name: 'товарная накладная',
            number: '71169',
            date: '2017-09-30',
            positionName:
              'Услуги по оптовой торговле твердым, жидким и газообразным топливом и связанными продуктами',
            okpd2Code: '46.71',
            okeiCode: '112',
            okeiName: 'Литр;^кубический дециметр',
            qty: '7100',
            unitPrice: null,
            sum: null,
          },
        ],
        deliveries: [],
      },
    ]);
  });

  it('reads the 12.x layout: paymentInfos, penalty info, completion stage end date', () => {
    const newer = xml
      .replace(
        /<ns2:paymentDate>[\s\S]*?<ns2:prepaid>false<\/ns2:prepaid>/,
        `<ns2:paymentInfos>
           <ns2:paymentInfo><ns2:ordinal>1</ns2:ordinal><ns2:paymentDate>2017-08-15</ns2:paymentDate>
             <ns2:price>100000</ns2:price><ns2:currency><code>RUB</code></ns2:currency><ns2:prepaid>true</ns2:prepaid></ns2:paymentInfo>
           <ns2:paymentInfo><ns2:ordinal>2</ns2:ordinal><ns2:paymentDate>2017-09-30</ns2:paymentDate>
             <ns2:price>164204.07</ns2:price><ns2:currency><code>RUB</code></ns2:currency><ns2:rubPrice>164204.07</ns2:rubPrice><ns2:prepaid>false</ns2:prepaid></ns2:paymentInfo>
         </ns2:paymentInfos>`,
      )
      .replace(
        '<ns2:hasPenalty>false</ns2:hasPenalty>',
        '<ns2:termination>true</ns2:termination><ns2:hasPenalty>true</ns2:hasPenalty><ns2:penaltyInfo>Пени 0,1% за просрочку</ns2:penaltyInfo>',
      )
      .replace(
        '</ns2:positions>',
        '</ns2:positions><ns2:completionStageEndDate>2017-09-30</ns2:completionStageEndDate>',
      )
      .replace(
        '<ns2:qty>7100</ns2:qty>',
        '<ns2:qty>7100</ns2:qty><ns2:unitPrice>37.21</ns2:unitPrice><ns2:totalRub>264204.07</ns2:totalRub>',
      );
    const [e] = parse(newer);
    expect(e.endedByExpiry).toBe(true);
    expect(e.hasPenalty).toBe(true);
    expect(e.penalties).toEqual([
      expect.objectContaining({ kind: 'penaltyInfo', reason: 'Пени 0,1% за просрочку' }),
    ]);
    expect(e.stages[0].endDate).toBe('2017-09-30');
    expect(e.stages[0].payments.map((p) => [p.ordinalNumber, p.paymentDate, p.price, p.prepaid])).toEqual([
      [1, '2017-08-15', '100000.00', true],
      [2, '2017-09-30', '164204.07', false],
    ]);
    expect(e.stages[0].docs[0]).toMatchObject({ qty: '7100', unitPrice: '37.21', sum: '264204.07' });
  });

  it('refuses execution information that names no contract', () => {
    const orphan = xml
      .replace(/<ns2:contractRegNumber>\d+<\/ns2:contractRegNumber>/, '')
      .replace(/<ns2:contractInfo>[\s\S]*<\/ns2:contractInfo>/, '');
    expect(() => parse(orphan)).toThrow(
      'body/item[1]/performanceContractData: нет contractRegNumber и contractInfo/guid',
    );
  });

  it('names the payment whose amount is malformed', () => {
    const bad = xml.replace('<ns2:price>264204.07</ns2:price>', '<ns2:price>264 204,07</ns2:price>');
    expect(() => parse(bad)).toThrow(
      'body/item[1]/performanceContractData/positions/position[1]/price: неверная сумма «264 204,07»',
    );
  });
});
