import { describe, expect, it } from 'vitest';
import { parseFixture } from './bank.factories.js';
import {
  type ContractCandidate,
  candidatesNamedIn,
  explainPaymentMatch,
  type MatchablePayment,
} from './payment-matcher.js';
import { findContractNumber, registryNumbersIn } from './purpose-references.js';

/** The match alone, without its explanation. */
const matchPayment = (doc: MatchablePayment, candidates: ContractCandidate[]) =>
  explainPaymentMatch(doc, candidates).match;

const CUSTOMER = '7707049388'; // ПАО «Ростелеком», payer in the xini1 samples
const SUPPLIER = '7722698789';

function payment(
  purpose: string,
  amount = '1000.00',
  payerInn: string | null = CUSTOMER,
  payeeInn = SUPPLIER,
) {
  return { purpose, amount, payer: { inn: payerInn }, payee: { inn: payeeInn } } satisfies MatchablePayment;
}

function contract(
  partial: Partial<ContractCandidate> & Pick<ContractCandidate, 'id' | 'number'>,
): ContractCandidate {
  return {
    date: null,
    registryNumber: null,
    supplierInn: SUPPLIER,
    customerInn: CUSTOMER,
    remaining: '100000.00',
    ...partial,
  };
}

describe('matchPayment on purposes from real bank files', () => {
  it('xini1 sample3: «Расчет по договору N 0320 от 21.06.2021» to the treasury', () => {
    const doc = parseFixture('xini1__sample3.txt').documents[0];
    const candidates = [
      contract({ id: 'c1', number: '0320', date: '2021-06-21', supplierInn: '5753029294' }),
      contract({ id: 'c2', number: '0321', date: '2021-06-21', supplierInn: '5753029294' }),
    ];
    expect(matchPayment(doc, candidates)).toEqual({
      contractId: 'c1',
      confidence: 0.95,
      reason: 'номер и дата договора в назначении платежа (договор № 0320 от 21.06.2021)',
    });
  });

  it('xini1 sample5: a number with a letter, spaces, slash and dashes («N Н 394/536-10-16 от 05.05.2010»)', () => {
    const docs = parseFixture('xini1__sample5.txt').documents;
    const doc = docs[5];
    const candidates = [
      contract({ id: 'tel', number: 'Н 394/536-10-16', date: '2010-05-05', supplierInn: '7740000076' }),
      contract({ id: 'other', number: '394', date: '2010-05-05', supplierInn: '7740000076' }),
    ];
    expect(matchPayment(doc, candidates)).toMatchObject({ contractId: 'tel', confidence: 0.95 });
  });

  it('xini1 sample4: «по договору N б/н» names no number; the only contract is offered with low confidence', () => {
    const doc = parseFixture('xini1__sample4.txt').documents[0];
    const only = [contract({ id: 'rent', number: 'б/н', date: '2008-09-01', supplierInn: '1650136610' })];
    expect(matchPayment(doc, only)).toMatchObject({ contractId: 'rent', confidence: 0.5 });
    const two = [...only, contract({ id: 'rent2', number: '7', supplierInn: '1650136610' })];
    const decision = explainPaymentMatch(doc, two);
    expect(decision.match).toBeNull();
    expect(decision.reason).toContain('не найден номер договора');
  });

  it('open-condo: «Оплата услуги по договору 12345» without № and date', () => {
    const doc = parseFixture('open-condo__1CClientBankExchange.utf8-from-text.txt').documents[0];
    const candidates = [
      contract({ id: 'a', number: '12345', supplierInn: '7706092528', customerInn: '6671093163' }),
      contract({ id: 'b', number: '123456', supplierInn: '7706092528', customerInn: '6671093163' }),
    ];
    expect(matchPayment(doc, candidates)).toMatchObject({ contractId: 'a', confidence: 0.85 });
  });

  it('dronm to_bank: «по счету №125» is an invoice number, not a contract number', () => {
    const doc = parseFixture('dronm-clbnk__to_bank.txt').documents[0];
    const candidates = [
      contract({
        id: 'x',
        number: '125',
        supplierInn: '111122223344',
        customerInn: '1234567891',
        remaining: '500000.00',
      }),
      contract({
        id: 'y',
        number: '126',
        supplierInn: '111122223344',
        customerInn: '1234567891',
        remaining: '500000.00',
      }),
    ];
    const decision = explainPaymentMatch(doc, candidates);
    expect(decision.match).toBeNull();
    expect(decision.reason).toContain('не найден номер договора');
  });
});

describe('matchPayment rules', () => {
  const c2024 = contract({ id: 'feb', number: '12/2024', date: '2024-02-01' });
  const c2024b = contract({ id: 'mar', number: '12/2024', date: '2024-03-15' });

  it('the registry number wins (19-digit 44-FZ, 23-digit 223-FZ written with or without its suffix)', () => {
    const reg44 = contract({ id: 'r44', number: '5', registryNumber: '2771234567821000012' });
    expect(
      matchPayment(payment('Оплата по контракту реестровый № 2771234567821000012 за поставку'), [
        reg44,
        c2024,
      ]),
    ).toEqual({
      contractId: 'r44',
      confidence: 0.99,
      reason: 'реестровый номер 2771234567821000012 в назначении платежа',
    });
    const reg223 = contract({ id: 'r223', number: '5', registryNumber: '50105018196180000870002' });
    expect(
      matchPayment(payment('Оплата по дог. рег.номер 5010501819618000087, НДС не облагается'), [reg223])
        ?.contractId,
    ).toBe('r223');
    expect(
      matchPayment(payment('Оплата (реестровый номер 50105018196180000870002)'), [reg223])?.confidence,
    ).toBe(0.99);
  });

  it('«№ 12/2024 от 01.02.2024»: the date chooses between two contracts with the same number', () => {
    expect(
      matchPayment(payment('Оплата по договору № 12/2024 от 01.02.2024 за поставку товара'), [c2024, c2024b]),
    ).toMatchObject({
      contractId: 'feb',
      confidence: 0.95,
    });
    expect(
      matchPayment(payment('Оплата по договору поставки №12/2024 от 15 марта 2024 г.'), [c2024, c2024b])
        ?.contractId,
    ).toBe('mar');
    expect(
      matchPayment(payment('Предоплата по дог. 12/2024 от 15.03.24г. В т.ч. НДС 20%'), [c2024, c2024b])
        ?.contractId,
    ).toBe('mar');
  });

  it('«дог. 12/2024», «по договору №12/2024» without a date', () => {
    expect(
      matchPayment(payment('Оплата по дог. 12/2024 за январь, НДС не облагается'), [c2024]),
    ).toMatchObject({
      contractId: 'feb',
      confidence: 0.85,
    });
    expect(matchPayment(payment('Аванс по договору №12/2024. Без НДС'), [c2024])?.contractId).toBe('feb');
    expect(matchPayment(payment('Оплата по контракту № 12/2024'), [c2024])?.contractId).toBe('feb');
    expect(matchPayment(payment('Оплата по № 12/2024'), [c2024])?.confidence).toBe(0.75);
  });

  it('the same number without a date on two contracts is ambiguous', () => {
    const decision = explainPaymentMatch(payment('Оплата по договору №12/2024 за поставку'), [c2024, c2024b]);
    expect(decision).toEqual({
      match: null,
      reason:
        'назначение платежа подходит к нескольким договорам: договор № 12/2024 от 01.02.2024, договор № 12/2024 от 15.03.2024',
    });
  });

  it('a number with another date is not this contract', () => {
    const decision = explainPaymentMatch(payment('Оплата по договору № 12/2024 от 01.03.2024'), [c2024]);
    expect(decision.match).toBeNull();
    expect(decision.reason).toBe(
      'в назначении платежа номер 12/2024, но с датой 01.03.2024, а договор № 12/2024 от 01.02.2024',
    );
  });

  it('never above the remaining amount', () => {
    const small = contract({ id: 's', number: '77', date: '2024-05-20', remaining: '999.99' });
    const decision = explainPaymentMatch(payment('Оплата по договору № 77 от 20.05.2024', '1000.00'), [
      small,
    ]);
    expect(decision.match).toBeNull();
    expect(decision.reason).toBe(
      'сумма платежа 1000,00 ₽ больше остатка по договору № 77 от 20.05.2024 (999,99 ₽)',
    );
    expect(
      matchPayment(payment('Оплата по договору № 77 от 20.05.2024', '999.99'), [small])?.contractId,
    ).toBe('s');
  });

  it('the payee must be the supplier and the payer the customer', () => {
    const doc = payment('Оплата по договору № 12/2024 от 01.02.2024', '10.00', CUSTOMER, '7702070139');
    expect(explainPaymentMatch(doc, [c2024]).reason).toBe(
      'получатель платежа (ИНН 7702070139) не является поставщиком ни по одному договору',
    );
    const foreignPayer = payment('Оплата по договору № 12/2024 от 01.02.2024', '10.00', '6671093163');
    expect(explainPaymentMatch(foreignPayer, [c2024]).reason).toBe(
      'плательщик (ИНН 6671093163) не является заказчиком по договорам с поставщиком ИНН 7722698789',
    );
    expect(
      matchPayment(payment('Оплата по договору № 12/2024 от 01.02.2024', '10.00', null), [c2024])?.contractId,
    ).toBe('feb');
    expect(
      explainPaymentMatch(payment('x', '1.00', CUSTOMER, null as unknown as string), [c2024]).reason,
    ).toBe('в платёжном документе нет ИНН получателя');
  });

  it('numbers match whole tokens only', () => {
    const twelve = contract({ id: '12', number: '12' });
    const year = contract({ id: 'y', number: '2024' });
    expect(matchPayment(payment('Оплата по договору № 112/2024'), [twelve, year])).toBeNull();
    expect(matchPayment(payment('Оплата по договору № 12-1 от 01.02.2024'), [twelve, year])).toBeNull();
    expect(matchPayment(payment('Оплата по договору № 12.'), [twelve, year])?.contractId).toBe('12');
  });
});

describe('purpose references', () => {
  it('finds registry numbers but not 20-digit accounts or 36-digit ИКЗ as different numbers', () => {
    expect(
      registryNumbersIn('Контракт 2771234567821000012, ИКЗ 242770123456777010100100010010000244'),
    ).toEqual(['2771234567821000012']);
  });

  it('reads the date after the number in several spellings', () => {
    expect(findContractNumber('по договору № 0320 от 21.06.2021', '0320')).toEqual([
      { marker: 'contract-word', date: '2021-06-21' },
    ]);
    expect(findContractNumber('по д-ру 5/П, от 1.2.2024', '5/П')).toEqual([
      { marker: 'contract-word', date: '2024-02-01' },
    ]);
    expect(findContractNumber('Оплата по счету № 5 от 01.01.2024 по договору 7', '5')).toEqual([]);
    expect(findContractNumber('Оплата 12/2024-ПР за услуги', '12/2024-ПР')).toEqual([
      { marker: 'none', date: null },
    ]);
    expect(findContractNumber('Оплата 12 за услуги', '12')).toEqual([]);
  });
});

describe('the index of a candidate list', () => {
  it('finds exactly the candidates whose number or registry number the purpose contains (random purposes)', () => {
    let seed = 7;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const alphabet = ['1', '2', '3', '/', '-', 'Д', 'д', 'К', ' ', '0', '№', 'a'];
    const word = (len: number) => Array.from({ length: len }, () => alphabet[rnd(alphabet.length)]).join('');
    const registry = () => `5500312345825${String(rnd(1_000_000)).padStart(6, '0')}0001`;
    const candidates = Array.from({ length: 300 }, (_, i) =>
      contract({ id: `c${i}`, number: word(1 + rnd(6)), registryNumber: rnd(3) === 0 ? registry() : null }),
    );
    const compact = (s: string) => s.replace(/\s+/g, '').toLowerCase();
    for (let n = 0; n < 2000; n++) {
      const named = candidates[rnd(candidates.length)];
      const text = `Оплата ${word(rnd(12))} ${rnd(2) ? named.number : ''} ${rnd(4) === 0 && named.registryNumber ? named.registryNumber.slice(0, 19 + 4 * rnd(2)) : ''} ${word(rnd(8))}`;
      const expected = candidates.filter(
        (c) =>
          compact(text).includes(compact(c.number.trim().replace(/^(?:№|N(?=[\s\d]))\s*/u, ''))) ||
          (c.registryNumber !== null &&
            registryNumbersIn(text).some((r) => r.slice(0, 19) === c.registryNumber!.slice(0, 19))),
      );
      expect(candidatesNamedIn(text, candidates).map((c) => c.id)).toEqual(expected.map((c) => c.id));
    }
  });
});
