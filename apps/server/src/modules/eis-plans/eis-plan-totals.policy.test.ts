import { describe, expect, it } from 'vitest';
import type { EisPlanTotalsCell } from '../../db/schema/index.js';
import { cellsAnswer, countCap, totalsFromCells } from './eis-plan-totals.policy.js';

const cells: EisPlanTotalsCell[] = [
  ['EP', 'Единственный поставщик', 2020, 1, 'P', false, 4, '400.00'],
  ['EP', 'Единственный поставщик', 2020, 2, 'N', true, 1, '50.25'],
  ['EA', 'Аукцион', 2020, 1, 'P', true, 2, '1000.00'],
  ['EA', 'Аукцион', 2020, 1, 'A', false, 3, '999.00'],
  [null, null, null, null, null, false, 1, '0'],
];

describe('plan positions totals from the cells', () => {
  it('sums the cells a filter selects; annulled ones counted in total only', () => {
    expect(totalsFromCells(cells, {})).toEqual({
      total: 11,
      byMethod: [
        { code: 'EA', name: 'Аукцион', count: 2, sum: '1000.00' },
        { code: 'EP', name: 'Единственный поставщик', count: 5, sum: '450.25' },
        { code: null, name: null, count: 1, sum: '0.00' },
      ],
      byMonth: [
        { year: null, month: null, count: 1, sum: '0.00' },
        { year: 2020, month: 1, count: 6, sum: '1400.00' },
        { year: 2020, month: 2, count: 1, sum: '50.25' },
      ],
      all: { count: 8, sum: '1450.25', sme: '1050.25' },
    });
    expect(totalsFromCells(cells, { month: 1, method: 'EA' })).toEqual({
      total: 5,
      byMethod: [{ code: 'EA', name: 'Аукцион', count: 2, sum: '1000.00' }],
      byMonth: [{ year: 2020, month: 1, count: 2, sum: '1000.00' }],
      all: { count: 2, sum: '1000.00', sme: '1000.00' },
    });
    expect(totalsFromCells(cells, { status: 'A' })).toEqual({
      total: 3,
      byMethod: [],
      byMonth: [],
      all: { count: 0, sum: '0.00', sme: '0.00' },
    });
  });

  it('the cells answer status, method and month; a search is counted up to its cap', () => {
    expect(cellsAnswer({ status: 'P', method: 'EA', month: 3 })).toBe(true);
    expect(cellsAnswer({ q: 'бумага' })).toBe(false);
    expect(cellsAnswer({ okpd2: '17' })).toBe(false);
    expect(cellsAnswer({ has_contract: false })).toBe(false);
    expect(cellsAnswer({ has_procurement: true })).toBe(false);
    expect(countCap(1, 50)).toBe(1000);
    expect(countCap(399, 50)).toBe(20200);
  });
});
