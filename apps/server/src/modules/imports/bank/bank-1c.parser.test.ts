import { checkInn } from '@zakupki/shared';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { fixture, parseFixture } from './bank.factories.js';
import { parseBankExchange } from './bank-1c.parser.js';

function sum(amounts: string[]): string {
  const kopecks = amounts.reduce((acc, a) => acc + Math.round(Number(a) * 100), 0);
  return (kopecks / 100).toFixed(2);
}

describe('parseBankExchange on real files', () => {
  it('kilylabs one_day.txt (windows-1251, CRLF, VTB24): 13 documents, balances add up', () => {
    const s = parseFixture('kilylabs__one_day.txt');
    expect(s.header).toMatchObject({
      formatVersion: '1.02',
      encodingDeclared: 'Windows',
      encodingDetected: 'windows-1251',
      sender: 'Банк Клиент Онлайн',
      receiver: '1С:Предприятие',
      createdAt: '2016-01-12T10:03:13',
      dateFrom: '2016-01-11',
      dateTo: '2016-01-11',
      accounts: ['40702810200000000001'],
    });
    expect(s.documents).toHaveLength(13);
    expect(s.documents.filter((d) => d.kind === 'Банковский ордер')).toHaveLength(6);
    expect(s.documents.filter((d) => d.kind === 'Платежное поручение')).toHaveLength(7);
    expect(s.balances).toEqual([
      {
        account: '40702810200000000001',
        dateFrom: '2016-01-11',
        dateTo: '2016-01-11',
        openingBalance: '45329.91',
        totalCredited: '40000.00',
        totalDebited: '41184.00',
        closingBalance: '44145.91',
        lineNo: 11,
      },
    ]);
    // Documents debited and credited add up to the section's totals.
    expect(sum(s.documents.filter((d) => d.dateDebited).map((d) => d.amount))).toBe('41184.00');
    expect(sum(s.documents.filter((d) => d.dateCredited).map((d) => d.amount))).toBe('40000.00');

    const first = s.documents[0];
    expect(first).toMatchObject({
      kind: 'Банковский ордер',
      number: '697162',
      date: '2016-01-11',
      amount: '83.23',
      dateDebited: '2016-01-11',
      dateCredited: null,
      purpose: 'Some random string',
      operationType: '17',
      priority: '5',
      paymentType: null,
      uin: null,
      budget: null,
      lineNo: 20,
    });
    expect(first.payer).toEqual({
      name: 'Some random payer',
      inn: '123123123123',
      kpp: null,
      account: '12312312312312312',
      settlementAccount: '12312312312312312',
      bik: '044525716',
      bank: 'ВТБ 24 (ПАО)',
      bankCity: 'г. МОСКВА',
      corrAccount: '30101810100000000716',
    });
    expect(first.raw.КвитанцияСодержание).toBe('статус документа: Внешний');
    expect(first.raw.ВидПлатежа).toBe('');

    const incoming = s.documents[12];
    expect(incoming).toMatchObject({
      number: '1',
      amount: '20000.00',
      dateCredited: '2016-01-11',
      lineNo: 392,
    });
    expect(incoming.payer).toMatchObject({ bik: '044525225', bank: 'ПАО СБЕРБАНК', kpp: '123123123' });
    expect(incoming.payee).toMatchObject({ account: '40702810200000000001', kpp: '123123123' });
    // The anonymized INN fails the checksum on purpose (SOURCES.md): the parser keeps it as written.
    expect(checkInn(first.payer.inn!)).not.toBeNull();
    expect(s.warnings).toEqual([]);
  });

  it('kilylabs: the windows-1251 and the UTF-8 file give identical results', () => {
    const win = parseFixture('kilylabs__one_day.txt');
    const utf = parseFixture('kilylabs__one_day_utf8.txt');
    expect(utf.header.encodingDetected).toBe('utf-8');
    expect(utf.header.encodingDeclared).toBe('Windows');
    expect(utf.warnings).toEqual([
      'В заголовке указана кодировка «Windows», фактически файл в кодировке utf-8',
    ]);
    expect(utf.documents).toEqual(win.documents);
    expect(utf.balances).toEqual(win.balances);
    expect({ ...utf.header, encodingDetected: 'x' }).toEqual({ ...win.header, encodingDetected: 'x' });
  });

  it('kilylabs re-encoded in cp866 is detected as cp866 by content although it says Windows', () => {
    const text = fixture('kilylabs__one_day_utf8.txt').toString('utf8');
    const s = parseBankExchange(iconv.encode(text, 'cp866'), 'one_day_866.txt');
    expect(s.header.encodingDetected).toBe('cp866');
    expect(s.documents).toEqual(parseFixture('kilylabs__one_day.txt').documents);
  });

  it('dronm kl_to_1c.txt (VTB 2024, v1.03): ордер and поручения, all keys present with empty values', () => {
    const s = parseFixture('dronm-clbnk__kl_to_1c.txt');
    expect(s.header).toMatchObject({ formatVersion: '1.03', dateFrom: '2024-01-01', dateTo: '2024-04-11' });
    expect(s.balances[0]).toMatchObject({
      account: '40702810000000074935',
      openingBalance: '252842.49',
      totalCredited: '616050.00',
      totalDebited: '789647.44',
      closingBalance: '79245.05',
    });
    expect(s.documents.map((d) => [d.kind, d.number, d.date, d.amount])).toEqual([
      ['Банковский ордер', '69147', '2024-01-01', '6936.00'],
      ['Платежное поручение', '1', '2024-01-09', '13056.00'],
      ['Платежное поручение', '2', '2024-01-10', '150000.00'],
    ]);
    const order = s.documents[0];
    // `Плательщик=ИНН, Name` style: the name comes from Плательщик1 and the INN from ПлательщикИНН.
    expect(order.payer).toMatchObject({ name: 'ООО "Наеб"', inn: '7777777777', kpp: '770401001' });
    expect(order.payee).toMatchObject({
      name: 'ФИЛИАЛ "ЦЕНТРАЛЬНЫЙ" БАНКА ВТБ (ПАО)',
      inn: '7702070139',
      kpp: '770943002',
      account: '47422810119484000074',
    });
    expect(order.purpose).toMatch(/^Оплата стоимости пакета услуг "Всё по делу" за период с 01\/01\/2024/);
    expect(order.purpose.endsWith('НДС не облагается.')).toBe(true);
    expect(order.dateCredited).toBeNull(); // ДатаПоступило= (empty)
    expect(order.uin).toBeNull(); // Код= (empty)
    expect(order.budget).toBeNull(); // ПоказательНомера=0, ПоказательДаты=0 only
    const second = s.documents[1];
    expect(second.payee).toMatchObject({ name: 'ИП Пупкин О.А.', inn: '7123456789012', bik: '047102651' });
    expect(second.purpose).toBe('Оплата по заказу клиента №9614, НДС не облагается');
  });

  it('dronm to_bank.txt: mixed CRLF/LF, UTF-8 last line, СекцияДокумент without a kind', () => {
    const s = parseFixture('dronm-clbnk__to_bank.txt');
    expect(s.header.encodingDetected).toBe('windows-1251');
    expect(s.header.mixedEncodingLines).toEqual([75]);
    expect(s.header.documentKinds).toEqual(['Платежное поручение']);
    expect(s.warnings).toContain('Строки 75 записаны в UTF-8, остальной файл в windows-1251');
    expect(s.documents).toHaveLength(2);
    const [a, b] = s.documents;
    // The kind comes from the header's `Документ=`.
    expect(a).toMatchObject({
      kind: 'Платежное поручение',
      number: '1',
      date: '2024-06-10',
      amount: '175000.00',
    });
    expect(a.payer).toMatchObject({ name: 'ООО "Рога и Копыта"', inn: '1234567891', bank: 'Объёббанк ОАО' });
    expect(a.payer.account).toBe('12345678901234567890'); // only ПлательщикРасчСчет is present
    expect(a.payee).toMatchObject({
      name: 'ИП Иванов А.А.',
      inn: '111122223344',
      account: '12345678901234567890',
    });
    expect(a.paymentType).toBe('Электронно');
    expect(a.purpose).toBe('За товары, по счету №125 на сумму 175000-00');
    expect(b).toMatchObject({ number: '2', amount: '375.25', lineNo: 42 });
    expect(b.purpose).toBe('За товары, по счету №777 на сумму 375-25 Plus NDS 111-16');
    expect(b.payee.bik).toBeNull();
  });

  it('odoo kl_to_1c.txt: empty line in the header, leading spaces in values, zeroed requisites', () => {
    const s = parseFixture('odoo-ru__kl_to_1c.txt');
    expect(s.header).toMatchObject({
      formatVersion: '1.01',
      receiver: '1С',
      sender: null,
      accounts: ['00000000000000000001'],
    });
    expect(s.balances[0]).toMatchObject({
      openingBalance: '110978.00',
      totalDebited: '108159.12',
      closingBalance: '2818.88',
    });
    expect(s.documents).toHaveLength(1);
    const d = s.documents[0];
    expect(d).toMatchObject({
      number: '3',
      date: '2023-03-31',
      amount: '108159.12',
      dateDebited: '2023-04-03',
    });
    expect(d.payer).toMatchObject({
      name: 'ООО Плательщик',
      inn: '0000000002',
      bank: 'Банк ГПБ (АО)',
      bankCity: 'г Москва',
    });
    expect(d.payee).toMatchObject({ name: 'ЭнергоСистемы', bank: 'ФИЛИАЛ "САМАРСКИЙ" АО "ОТП БАНК"' });
    expect(d.purpose).toBe('Оплата по счету N 1024 от 01.01.23г 18026,52');
  });

  it('odoo 46-byte minimal file: header, one key, КонецФайла', () => {
    const buf = fixture('odoo-ru__1c_to_kl-win-min-example.txt');
    expect(buf.length).toBe(46);
    const s = parseBankExchange(buf, 'min.txt');
    expect(s.header.encodingDetected).toBe('windows-1251');
    expect(s.documents).toEqual([]);
    expect(s.balances).toEqual([]);
    expect(s.header.formatVersion).toBeNull();
  });

  it('open-condo (UTF-8, v1.03): Платежное требование, Сумма=700 without decimals, УИН, ПолучательКПП=0', () => {
    const s = parseFixture('open-condo__1CClientBankExchange.utf8-from-text.txt');
    expect(s.header).toMatchObject({ sender: 'Банк Тестовый', receiver: null, encodingDetected: 'utf-8' });
    expect(s.balances[0]).toMatchObject({
      totalCredited: '2681831.46',
      totalDebited: '2554737.23',
      closingBalance: '135394.23',
    });
    expect(s.documents.map((d) => d.kind)).toEqual([
      'Платежное требование',
      'Платежное поручение',
      'Платежное поручение',
      'Платежное поручение',
    ]);
    const [claim, fromPerson, , out] = s.documents;
    expect(claim).toMatchObject({
      number: '61298',
      date: '2022-04-15',
      amount: '700.00',
      purpose: 'Оплата услуги по договору 12345',
    });
    expect(claim.payer.inn).toBe('6671093163');
    expect(fromPerson).toMatchObject({
      number: '6032',
      amount: '1052.98',
      uin: '50133547364',
      dateCredited: '2022-04-15',
    });
    expect(fromPerson.payer).toMatchObject({ inn: null, name: 'Иванов Иван Иванович' });
    expect(out).toMatchObject({ number: '239', amount: '14000.00', uin: null });
    expect(out.payee).toMatchObject({ inn: '662707160737', kpp: null, name: 'ИП ПУПКИН ВАСИЛИЙ ПЕТРОВИЧ' });
  });

  it('xini1 sample1 (all keys, v1.03): two balance sections, требование, budget fields', () => {
    const s = parseFixture('xini1__sample1.txt');
    expect(s.header.encodingDetected).toBe('utf-8');
    expect(s.header.documentKinds).toEqual(['Платежное поручение', 'Платежное требование']);
    expect(s.balances.map((b) => b.account)).toEqual(['12345678901234567890', '12345678901234567891']);
    expect(s.documents.map((d) => d.kind)).toEqual(['Платежное поручение', 'Платежное требование']);
    const d = s.documents[0];
    expect(d.payer.name).toBe('Плательщик1');
    expect(d.purpose).toBe('НазначениеПлатежа');
    expect(d.budget).toEqual({
      payerStatus: 'СтатусСоставителя',
      kbk: '12345678901234567890',
      okato: '12345678901',
      basis: '12',
      period: '1234567890',
      docNumber: 'ПоказательНомера',
      docDate: '01.01.2020',
      type: '1',
    });
    expect(d.raw.УсловиеОплаты3).toBe('УсловиеОплаты3');
    expect(d.raw.СрокАкцепта).toBe('1');
  });

  it('xini1 sample2 and sample4 (Ростелеком payment orders)', () => {
    const s2 = parseFixture('xini1__sample2.txt');
    expect(s2.header).toMatchObject({
      formatVersion: '1.01',
      sender: 'OEBS R12',
      receiver: 'ДБО BS-Client v.3 BSS',
    });
    expect(s2.documents).toHaveLength(1);
    expect(s2.documents[0]).toMatchObject({
      number: '119',
      amount: '0.01',
      uin: '2021730100412217000244871',
    });
    expect(s2.documents[0].payee).toMatchObject({
      inn: '7722698789',
      name: 'АО "Российские космические системы"',
    });
    const s4 = parseFixture('xini1__sample4.txt');
    expect(s4.documents[0]).toMatchObject({ number: '23720', date: '2021-08-20' });
    expect(s4.documents[0].purpose).toBe(
      'За Татарстан. Расчет по договору N б/н от 01.09.2008 за аренду. Не облагается НДС',
    );
  });

  it('xini1 sample3: payment to the treasury with КБК and ОКАТО', () => {
    const d = parseFixture('xini1__sample3.txt').documents[0];
    expect(d).toMatchObject({ number: '288', priority: '1', uin: null });
    expect(d.payee).toMatchObject({
      inn: '5753029294',
      account: '03100643000000015400',
      corrAccount: '40102810545370000046',
    });
    expect(d.budget).toMatchObject({
      payerStatus: '08',
      kbk: '18911301050016000130',
      okato: '54701000',
      basis: '0',
    });
    expect(d.purpose).toBe(
      'Расчет по договору N 0320 от 21.06.2021 за проведение экспертизы. Не облагается НДС',
    );
  });

  it('xini1 sample5: six treasury payments, Кодировка=windows in lower case', () => {
    const s = parseFixture('xini1__sample5.txt');
    expect(s.header.encodingDeclared).toBe('windows');
    expect(s.documents.map((d) => d.number)).toEqual(['2335', '2322', '2991', '2349', '2451', '2930']);
    expect(s.documents[0].budget).toMatchObject({
      payerStatus: '02',
      kbk: '18210102010011000110',
      basis: 'ТП',
      period: 'МС.08.2021',
    });
    expect(s.documents[5].budget).toBeNull();
    expect(s.documents[5].uin).toBe('424330352486400000000ЛС12');
  });
});
