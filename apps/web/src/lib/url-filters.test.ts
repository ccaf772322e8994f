import { ProcurementListQuery } from '@zakupki/shared/api/procurements-model';
import { describe, expect, it } from 'vitest';
import { decimalComma, readUrlQuery, typedAmount, writeUrlFilters } from './url-filters';

const sp = (s: string) => new URLSearchParams(s);
const DEFAULTS = { sort: 'date', order: 'desc' } as const;

describe('URL filters read with the list query schema: a value the API refuses falls back', () => {
  const read = (q: string) =>
    readUrlQuery(ProcurementListQuery, sp(q), {
      names: { method_id: 'method' },
      prepare: { nmcd_min: decimalComma, nmcd_max: decimalComma },
    });

  it.each([
    ['2026-03-31', '2026-03-31'],
    ['2026-02-30', undefined],
    ['31.03.2026', undefined],
    ['', undefined],
  ])('date_from=%s → %s', (v, out) => expect(read(`date_from=${v}`).date_from).toBe(out));

  it.each([
    ['1000,5', 1000.5],
    ['0', 0],
    ['-4', undefined],
    ['abc', undefined],
  ])('nmcd_min=%s → %s', (v, out) => expect(read(`nmcd_min=${v}`).nmcd_min).toBe(out));

  it.each([
    ['5', 5],
    ['0', undefined],
    ['1.5', undefined],
    ['', undefined],
  ])('an id under its address name: method=%s → %s', (v, out) =>
    expect(read(`method=${v}`).method_id).toBe(out),
  );

  it('text is trimmed, blank is nothing', () => {
    expect(read('q=%20Ромашка%20').q).toBe('Ромашка');
    expect(read('q=%20%20').q).toBeUndefined();
  });

  it('a list keeps known values once, from commas and repeats', () => {
    expect(read('status=draft,published&status=bogus&status=draft').status).toEqual(['draft', 'published']);
    expect(read('status=bogus').status).toBeUndefined();
  });

  it('sorting and paging fall back to the defaults; the rows are one a register offers', () => {
    expect(read('sort=nmcd&order=asc&page=3&limit=25')).toMatchObject({
      sort: 'nmcd',
      order: 'asc',
      page: 3,
      limit: 25,
    });
    expect(read('sort=x&order=up&page=0&limit=7')).toMatchObject({
      sort: 'created_at',
      order: 'desc',
      page: 1,
      limit: 10,
    });
    expect(read('limit=300').limit).toBe(10);
  });

  it('one bad value leaves the others', () => {
    expect(read('date_from=2026-02-30&date_to=2026-03-31&nmcd_max=-1&q=кабель&overdue=maybe')).toMatchObject({
      date_from: undefined,
      date_to: '2026-03-31',
      nmcd_max: undefined,
      q: 'кабель',
      overdue: undefined,
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
