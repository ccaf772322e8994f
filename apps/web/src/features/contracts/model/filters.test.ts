import { describe, expect, it } from 'vitest';
import { describeFilters, hasFilters, readFilters, toFilterBody, toListQuery, writeFilters } from './filters';

const sp = (s: string) => new URLSearchParams(s);

describe('register filters ↔ URL', () => {
  it('reads every filter from the address, dropping what the server would refuse', () => {
    const f = readFilters(
      sp(
        'status=draft,concluded&status=bogus&supplier=%20Ромашка%20&date_from=2026-02-30&date_to=2026-03-31' +
          '&price_min=1000,5&price_max=-4&overdue=true&q=кабель&sort=price&order=asc&page=3&limit=25',
      ),
    );
    expect(f).toEqual({
      status: ['draft', 'concluded'],
      supplier: 'Ромашка',
      date_from: undefined, // 30 February does not exist
      date_to: '2026-03-31',
      price_min: 1000.5,
      price_max: undefined,
      overdue: true,
      archived: false,
      q: 'кабель',
      sort: 'price',
      order: 'asc',
      page: 3,
      limit: 25,
    });
  });

  it('defaults: newest contracts first, 10 rows, first page', () => {
    const f = readFilters(sp('sort=unknown&order=sideways&page=0&limit=7'));
    expect(f).toMatchObject({
      status: [],
      sort: 'contract_date',
      order: 'desc',
      page: 1,
      limit: 10,
      overdue: false,
    });
    expect(hasFilters(f)).toBe(false);
  });

  it('writes a change, resets the page, keeps the open card, leaves defaults out', () => {
    const next = writeFilters(sp('page=4&contract=12&q=old'), {
      status: ['executed', 'terminated'],
      q: null,
    });
    expect(next.get('status')).toBe('executed,terminated');
    expect(next.has('q')).toBe(false);
    expect(next.has('page')).toBe(false);
    expect(next.get('contract')).toBe('12');
    const sorted = writeFilters(next, { sort: 'contract_date', order: 'desc' });
    expect(sorted.has('sort')).toBe(false);
    expect(sorted.has('order')).toBe(false);
    const paged = writeFilters(sorted, { page: 2 });
    expect(paged.get('page')).toBe('2');
    expect(writeFilters(paged, { overdue: false }).has('overdue')).toBe(false);
  });

  it('round trip: what is written is read back the same', () => {
    const f = readFilters(sp(''));
    const patch = {
      status: ['concluded' as const],
      supplier: '7704123450',
      date_from: '2026-01-01',
      date_to: '2026-06-30',
      price_min: 100000,
      price_max: 5000000,
      overdue: true,
      q: 'поставка',
      sort: 'supplier_name' as const,
      order: 'asc' as const,
    };
    expect(readFilters(writeFilters(sp(''), patch))).toEqual({ ...f, ...patch });
  });

  it('the API query and the OCDS filter body carry the same filters', () => {
    const f = readFilters(sp('status=draft,concluded&overdue=true&price_min=10&sort=price&page=2'));
    expect(toListQuery(f)).toMatchObject({
      status: 'draft,concluded',
      overdue: 'true',
      price_min: 10,
      sort: 'price',
      order: 'desc',
      page: 2,
      limit: 10,
    });
    expect(toFilterBody(f)).toEqual({ status: 'draft,concluded', overdue: 'true', price_min: 10 });
  });

  it('describes the view in words for the export screen', () => {
    const f = readFilters(sp('status=concluded&date_from=2026-01-01&overdue=true'));
    expect(
      describeFilters(
        f,
        (s) => s.toUpperCase(),
        (n) => `${n} ₽`,
      ),
    ).toEqual([
      'статус: CONCLUDED',
      'дата договора с 01.01.2026',
      'только просроченные',
      'сортировка по дате договора, по убыванию',
    ]);
  });
});
