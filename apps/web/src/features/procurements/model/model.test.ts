import { describe, expect, it } from 'vitest';
import { procurement } from '../test/fixtures';
import { readFilters, toListQuery, writeFilters } from './filters';
import { emptyValues, itemKopecks, sumHints, toBody, valuesFrom } from './form';
import { transitionsFor } from './status';

describe('register filters', () => {
  it.each([
    ['status=draft,bogus,draft', { status: ['draft'] }],
    ['nmcd_min=-1&nmcd_max=1,5', { nmcd_min: undefined, nmcd_max: 1.5 }],
    ['date_from=2026-02-30&date_to=2026-02-28', { date_from: undefined, date_to: '2026-02-28' }],
    ['method=0&customer=12', { method: undefined, customer: 12 }],
    ['sort=price&order=up&limit=7&page=-2', { sort: 'created_at', order: 'desc', limit: 10, page: 1 }],
  ])('%s is read as %o', (search, expected) => {
    expect(readFilters(new URLSearchParams(search))).toMatchObject(expected);
  });

  it('a change resets the page, leaves defaults out and keeps other parameters', () => {
    const next = writeFilters(new URLSearchParams('page=3&tab=x&sort=nmcd'), {
      status: ['published', 'bids_closed'],
      sme: true,
      sort: 'created_at',
    });
    expect(next.toString()).toBe('tab=x&status=published%2Cbids_closed&sme=true');
  });

  it('the query names the API’s parameters', () => {
    const q = toListQuery(readFilters(new URLSearchParams('method=3&customer=4&sme=true&overdue=true')));
    expect(q).toMatchObject({ method_id: 3, customer_id: 4, sme_only: 'true', overdue: 'true' });
  });
});

describe('the form', () => {
  it('round-trips a procurement into its input', () => {
    const body = toBody(valuesFrom(procurement()));
    expect(body).toMatchObject({
      number: 'З-2026-014',
      method_id: 3,
      nmcd: '1234567.89',
      plan_position_id: 41,
      lots: [{ number: 1, nmcd: '1234567.89', plan_position_id: 41, items: [{ okei_code: '006' }] }],
      application_security: null,
      platform_name: 'РТС-тендер',
    });
    expect(body).not.toHaveProperty('plan_position_label');
  });

  it('sums items in kopecks as the server does and says what differs', () => {
    expect(itemKopecks({ quantity: '100', unit_price: '12345.6789' })).toBe(123456789n);
    expect(itemKopecks({ quantity: '1,5', unit_price: 'x' })).toBeNull();
    const v = valuesFrom(procurement());
    expect(sumHints(v)).toEqual({
      lots: [{ items: 123456789n, mismatch: false }],
      total: 123456789n,
      mismatch: false,
    });
    v.nmcd = '1';
    expect(sumHints(v).mismatch).toBe(true);
    expect(sumHints(emptyValues()).lots[0].mismatch).toBe(false);
  });
});

describe('status buttons', () => {
  it('follow the state machine and what the server allows; no way back to the draft', () => {
    expect(
      transitionsFor('documentation_ready', ['draft', 'published', 'cancelled']).map((t) => t.to),
    ).toEqual(['published', 'cancelled']);
    expect(transitionsFor('contract_concluded', ['cancelled'])).toEqual([]);
  });
});
