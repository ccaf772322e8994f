import { describe, expect, it } from 'vitest';
import {
  amountParam,
  enumListParam,
  idParam,
  isoDateParam,
  sortPagingParams,
  textParam,
  typedAmount,
  writeUrlFilters,
} from './url-filters';

const sp = (s: string) => new URLSearchParams(s);
const DEFAULTS = { sort: 'date', order: 'desc' } as const;

describe('URL filter readers', () => {
  it.each([
    ['2026-03-31', '2026-03-31'],
    ['2026-02-30', undefined],
    ['31.03.2026', undefined],
    [null, undefined],
  ])('isoDateParam(%s) = %s', (v, out) => expect(isoDateParam(v)).toBe(out));

  it.each([
    ['1000,5', 1000.5],
    ['0', 0],
    ['-4', undefined],
    ['  ', undefined],
    ['abc', undefined],
  ])('amountParam(%s) = %s', (v, out) => expect(amountParam(v)).toBe(out));

  it.each([
    ['5', 5],
    ['0', undefined],
    ['1.5', undefined],
    ['', undefined],
  ])('idParam(%s) = %s', (v, out) => expect(idParam(v)).toBe(out));

  it('text is trimmed, blank is nothing', () => {
    expect(textParam(' Ромашка ')).toBe('Ромашка');
    expect(textParam('   ')).toBeUndefined();
  });

  it('a list keeps known values once, from commas and repeats', () => {
    expect(enumListParam(sp('status=a,b&status=x&status=a'), 'status', ['a', 'b', 'c'])).toEqual(['a', 'b']);
  });

  it('sorting and paging fall back to the defaults', () => {
    expect(sortPagingParams(sp('sort=price&order=asc&page=3&limit=25'), ['date', 'price'], DEFAULTS)).toEqual(
      {
        sort: 'price',
        order: 'asc',
        page: 3,
        limit: 25,
      },
    );
    expect(sortPagingParams(sp('sort=x&order=up&page=0&limit=7'), ['date'], DEFAULTS)).toEqual({
      sort: 'date',
      order: 'desc',
      page: 1,
      limit: 10,
    });
  });

  it('a typed money value becomes an amount', () => {
    expect(typedAmount('1 000,50 ₽')).toBe(1000.5);
    expect(typedAmount(42)).toBe(42);
    expect(typedAmount('')).toBeNull();
    expect(typedAmount('-1')).toBeNull();
  });
});

describe('writeUrlFilters', () => {
  it('leaves out empty values and defaults, joins lists, resets the page, keeps other parameters', () => {
    const next = writeUrlFilters(
      sp('card=7&page=4&q=old'),
      { q: null, status: ['a', 'b'], flag: false, sort: 'date', order: 'asc', limit: 10 },
      DEFAULTS,
    );
    expect(next.toString()).toBe('card=7&status=a%2Cb&order=asc');
  });

  it('a page change keeps the page (the first page stays out)', () => {
    expect(writeUrlFilters(sp('q=x'), { page: 2 }, DEFAULTS).get('page')).toBe('2');
    expect(writeUrlFilters(sp('page=2'), { page: 1 }, DEFAULTS).has('page')).toBe(false);
  });
});
