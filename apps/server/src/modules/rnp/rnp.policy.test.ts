import { describe, expect, it } from 'vitest';
import { ParseError } from '../../lib/parse-error.js';
import {
  checkRow,
  dateOf,
  type FieldNames,
  inForce,
  latestByNumber,
  lawOf,
  type RnpRow,
} from './rnp.policy.js';

const NAMES = Object.fromEntries(
  [
    'registryNumber',
    'law',
    'inn',
    'kpp',
    'name',
    'includedOn',
    'excludedOn',
    'customerName',
    'customerInn',
    'purchaseNumber',
    'reason',
  ].map((k) => [k, `«${k}»`]),
) as FieldNames;

describe('an entry in force on a date', () => {
  const e = { includedOn: '2025-03-10', excludedOn: '2027-03-10' };
  it('from its inclusion day up to the day before its exclusion', () => {
    expect(inForce(e, '2025-03-09')).toBe(false);
    expect(inForce(e, '2025-03-10')).toBe(true);
    expect(inForce(e, '2027-03-09')).toBe(true);
    expect(inForce(e, '2027-03-10')).toBe(false);
  });
  it('without an exclusion date: from its inclusion on', () => {
    expect(inForce({ includedOn: '2025-03-10', excludedOn: null }, '2099-01-01')).toBe(true);
  });
});

describe('values as the registers write them', () => {
  it('dates: ISO with a time and zone, or DD.MM.YYYY; impossible dates are not dates', () => {
    expect(dateOf('2025-03-10T00:00:00+03:00')).toBe('2025-03-10');
    expect(dateOf('10.03.2025')).toBe('2025-03-10');
    expect(dateOf('')).toBeNull();
    expect(dateOf('31.02.2025')).toBeUndefined();
    expect(dateOf('завтра')).toBeUndefined();
  });
  it('laws', () => {
    expect(lawOf('44-ФЗ')).toBe('44-fz');
    expect(lawOf('223 фз')).toBe('223-fz');
    expect(lawOf('223-fz')).toBe('223-fz');
    expect(lawOf('94-ФЗ')).toBeNull();
  });
});

describe('checkRow', () => {
  const raw = { registryNumber: '1', inn: '7701000019', name: ' ООО   «Ромашка» ', includedOn: '01.02.2026' };
  it('cleans the values and takes the default law', () => {
    expect(checkRow(raw, 'строка 2', NAMES, '44-fz')).toMatchObject({
      law: '44-fz',
      name: 'ООО «Ромашка»',
      includedOn: '2026-02-01',
      excludedOn: null,
      kpp: null,
    });
  });
  it('refuses naming the record and the field', () => {
    const refusal = (r: object) => {
      try {
        checkRow({ ...raw, ...r }, 'строка 7', NAMES, '44-fz');
      } catch (err) {
        expect(err).toBeInstanceOf(ParseError);
        return (err as Error).message;
      }
      return 'accepted';
    };
    expect(refusal({ inn: '77010000' })).toBe('«inn»: «77010000» — ожидается 10 или 12 цифр (строка 7)');
    expect(refusal({ kpp: '12' })).toBe('«kpp»: «12» — ожидается 9 знаков (строка 7)');
    expect(refusal({ name: ' ' })).toBe('«name»: не заполнено (строка 7)');
    expect(refusal({ excludedOn: '01.01.2026' })).toBe(
      '«excludedOn»: 2026-01-01 раньше даты включения 2026-02-01 (строка 7)',
    );
    expect(refusal({ law: '94-ФЗ' })).toBe('«law»: «94-ФЗ» — ожидается 44-ФЗ или 223-ФЗ (строка 7)');
  });
});

it('a later record of the same number and law replaces the earlier', () => {
  const row = (n: string, law: RnpRow['law'], name: string) => ({ registryNumber: n, law, name }) as RnpRow;
  expect(
    latestByNumber([row('1', '44-fz', 'a'), row('1', '223-fz', 'b'), row('1', '44-fz', 'c')]).map(
      (r) => r.name,
    ),
  ).toEqual(['c', 'b']);
});
