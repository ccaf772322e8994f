import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { methodKindByName, procurementMethod } from '../../../kernel/eis/eis223-method.js';
import type { EisNotice, EisProtocol } from '../../../kernel/eis/eis223-procurement.types.js';
import { ParseError } from '../../../lib/parse-error.js';
import { parseEisFile } from './eis.parser.js';

const EIS223 = path.resolve(import.meta.dirname, '../../../../test/fixtures/eis223');
const read = (name: string) => parseEisFile(readFileSync(path.join(EIS223, name)), name);

describe('223-FZ notices', () => {
  it('purchaseNotice (TFF-5.0): lot, items and the plan position of the lot', () => {
    const [n] = read('homyakin__purchaseNotice_test.xml') as EisNotice[];
    expect(n).toMatchObject({
      kind: 'notice',
      form: 'purchaseNotice',
      registrationNumber: '31603913641',
      version: 2,
      status: 'P',
      methodName: 'Открытый запрос цен в электронной форме',
      methodKind: 'quotation_request',
      electronic: true,
      schemaVersion: 'TFF-5.0',
      platformName: 'УЭТП ЗАО "ТЭК-Торг" Секция ОАО «НК «Роснефть»',
      plannedPublicationDate: '2016-07-25',
    });
    expect(n.customer?.inn).toBe('7706107510');
    expect(n.bidsDeadline).toBe('2016-08-05T15:00:00.000Z');
    expect(n.lots).toHaveLength(1);
    expect(n.lots[0]).toMatchObject({
      ordinalNumber: 1,
      currencyCode: 'RUB',
      initialSum: '3077055.86',
      smeOnly: true,
      planInfo: { planRegistrationNumber: '2150133389', positionNumber: 429 },
    });
    expect(n.lots[0].items[0]).toMatchObject({ okpd2Code: '41.20.20.310', okeiCode: '008', qty: '0.698' });
    expect(n.warnings).toEqual([]);
  });

  it('purchaseNoticeZK (2012): the method comes from the root element; lot data on the lot itself', () => {
    const [n] = read('homyakin__purchaseNoticeZK_test.xml') as EisNotice[];
    expect(n).toMatchObject({
      form: 'purchaseNoticeZK',
      registrationNumber: '31200022868',
      methodKind: 'quotation_request',
      electronic: false,
    });
    expect(n.lots[0]).toMatchObject({ initialSum: '280000.00', planInfo: null });
    expect(n.lots[0].items[0]).toMatchObject({ okdpCode: '2200000', okeiCode: '796', qty: '4000' });
    expect(n.examinationAt).not.toBeNull();
  });

  it('a notice without a customer ИНН is refused naming the element', () => {
    const xml = readFileSync(path.join(EIS223, 'homyakin__purchaseNoticeZK_test.xml'), 'utf8').replace(
      /<inn>0105062780<\/inn>/g,
      '',
    );
    try {
      parseEisFile(Buffer.from(xml), 'x.xml');
      throw new Error('no error');
    } catch (e) {
      expect(e).toBeInstanceOf(ParseError);
      expect((e as Error).message).toBe('body/item[1]/purchaseNoticeZKData/customer: нет ИНН заказчика');
    }
  });
});

describe('223-FZ protocols', () => {
  it('purchaseProtocol: the notice number, the lot and its applications', () => {
    const [p] = read(
      'khudim__purchaseProtocol_Krasnodarskii_krai_20170221_000000_20170221_235959_daily_001.xml',
    ) as EisProtocol[];
    expect(p).toMatchObject({
      kind: 'protocol',
      registrationNumber: '31704712239-01',
      noticeNumber: '31704712239',
      typeName: 'Протокол вскрытия конвертов',
      methodKind: 'competition',
      signedOn: '2017-02-20',
    });
    expect(p.lots[0]).toMatchObject({ ordinalNumber: 1, initialSum: '1055628.00' });
    expect(p.lots[0].applications[0]).toMatchObject({ supplierInn: '7710713055', price: '1055628.00' });
  });

  it('purchaseProtocolPAEP: lot data on protocolLotApplications itself', () => {
    const [p] = read(
      'khudim__purchaseProtocolPAEP_Tambovskaya_obl_20170217_000000_20170217_235959_daily_001.xml',
    ) as EisProtocol[];
    expect(p).toMatchObject({
      form: 'purchaseProtocolPAEP',
      methodKind: 'single_supplier',
      signedOn: '2017-02-17',
    });
    expect(p.lots[0]).toMatchObject({
      subject: 'поставка семян подсолнечника F1 Веллокс',
      initialSum: '362500.00',
    });
    expect(p.lots[0].applications[0]).toMatchObject({ supplierInn: '6829105817', price: '362500.00' });
  });
});

describe('the method of a procurement', () => {
  it.each([
    ['Открытый одноэтапный конкурс', 'competition'],
    ['Аукцион в электронной форме', 'auction'],
    ['Запрос котировок в электронной форме', 'quotation_request'],
    ['Открытый запрос цен', 'quotation_request'],
    ['Запрос предложений', 'proposal_request'],
    ['Закупка у единственного поставщика (исполнителя, подрядчика)', 'single_supplier'],
    ['Маркетинговые исследования', 'other'],
  ])('«%s» is %s', (name, kind) => {
    expect(methodKindByName(name)).toBe(kind);
  });

  it('the root element wins over the name; electronic by form, name or platform', () => {
    expect(procurementMethod('purchaseNoticeAE', 'purchaseNotice', 'Иной способ', false)).toEqual({
      kind: 'auction',
      electronic: true,
    });
    expect(procurementMethod('purchaseNotice', 'purchaseNotice', 'Запрос предложений', true)).toEqual({
      kind: 'proposal_request',
      electronic: true,
    });
  });
});
