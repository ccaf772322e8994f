import { describe, expect, it } from 'vitest';
import type { EisWarning } from '../../../kernel/eis/eis.types.js';
import { ParseError } from '../../../lib/parse-error.js';
import {
  bool,
  checkRequisites,
  date,
  money,
  normaliseDate,
  normaliseDateTime,
  normaliseDecimal,
} from './eis-values.js';

describe('normaliseDate', () => {
  it.each([
    ['2019-12-16', '2019-12-16'],
    ['2015-01-15T00:00:00', '2015-01-15'],
    ['2016-01-22+03:00', '2016-01-22'],
    ['2016-01-22Z', '2016-01-22'],
    [' 2020-02-29 ', '2020-02-29'],
  ])('%s -> %s', (input, expected) => expect(normaliseDate(input)).toBe(expected));

  it.each(['2019-02-29', '2019-13-01', '16.12.2019', '2019-12-1', ''])('refuses %s', (input) =>
    expect(normaliseDate(input)).toBeNull(),
  );
});

describe('normaliseDateTime', () => {
  it('reads a value without offset as Moscow time (UTC+3)', () => {
    expect(normaliseDateTime('2019-12-17T17:01:03')).toBe('2019-12-17T14:01:03.000Z');
  });
  it('uses UTC+4 for Moscow time between March 2011 and October 2014', () => {
    expect(normaliseDateTime('2013-06-01T12:00:00')).toBe('2013-06-01T08:00:00.000Z');
  });
  it('keeps an explicit offset and milliseconds', () => {
    expect(normaliseDateTime('2018-01-11T14:59:14.407+10:00')).toBe('2018-01-11T04:59:14.407Z');
    expect(normaliseDateTime('2018-01-11T14:59:14Z')).toBe('2018-01-11T14:59:14.000Z');
    expect(normaliseDateTime('2018-01-11T14:59:14-02:30')).toBe('2018-01-11T17:29:14.000Z');
  });
  it('accepts a bare date as Moscow midnight', () => {
    expect(normaliseDateTime('2019-12-30')).toBe('2019-12-29T21:00:00.000Z');
  });
  it.each(['2019-12-17T25:00:00', '2019-12-17 17:01:03', 'вчера'])('refuses %s', (input) =>
    expect(normaliseDateTime(input)).toBeNull(),
  );
});

describe('normaliseDecimal', () => {
  it.each([
    ['1750000', 0, '1750000'],
    ['1750000', 2, '1750000.00'],
    ['409901014.6', 2, '409901014.60'],
    ['290000.00', 2, '290000.00'],
    ['102339.18129', 0, '102339.18129'],
    ['280000.0', 0, '280000'],
    ['1.518971519E7', 0, '15189715.19'],
    ['1.5e-3', 0, '0.0015'],
    ['00012.500', 0, '12.5'],
    ['-0.00', 2, '0.00'],
    ['-3.5', 2, '-3.50'],
    ['.5', 0, '0.5'],
    ['+7', 0, '7'],
  ])('%s (scale %i) -> %s', (input, scale, expected) =>
    expect(normaliseDecimal(input, scale)).toBe(expected),
  );

  it.each(['1,5', '1 000', 'abc', '', '.', '1e', 'NaN', '1.2.3'])('refuses %s', (input) =>
    expect(normaliseDecimal(input)).toBeNull(),
  );
});

describe('element readers', () => {
  it('give null for absent and empty elements', () => {
    expect(date({}, 'contractDate', 'x')).toBeNull();
    expect(money({ price: '' }, 'price', 'x')).toBeNull();
    expect(bool({}, 'completed', 'x')).toBeNull();
  });

  it('name the element of a malformed value', () => {
    expect(() => money({ price: '12,50' }, 'price', 'body/item[1]/contractData')).toThrow(ParseError);
    expect(() => money({ price: '12,50' }, 'price', 'body/item[1]/contractData')).toThrow(
      'body/item[1]/contractData/price: неверная сумма «12,50»',
    );
    expect(() => date({ d: '31.12.2019' }, 'd', 'p')).toThrow('p/d: неверная дата «31.12.2019»');
    expect(() => bool({ b: 'да' }, 'b', 'p')).toThrow('p/b: неверное логическое значение «да»');
  });

  it('collect checksum warnings instead of failing', () => {
    const warnings: EisWarning[] = [];
    checkRequisites({ inn: '7707083894', kpp: '77360100', ogrn: '1027700132195' }, 'customer', warnings);
    expect(warnings).toEqual([
      { path: 'customer/inn', message: 'Неверное контрольное число ИНН: 7707083894' },
      { path: 'customer/kpp', message: expect.stringContaining('КПП должен состоять из 9 знаков') },
    ]);
  });
});
