import { fromKopecks, toScaled } from '@zakupki/shared';
import type { EisPlanTotalsCell, EisPlanTotalsJson } from '../../db/schema/index.js';

/**
 * The totals of the positions page without reading its rows (issue 27 item 2): a filter by status,
 * method or month is answered from the version's totals cells kept at import; any other filter
 * (a search, ОКПД2, links) is counted over at most `countCap` matching rows, and above that the
 * page says «more than N» without totals.
 */

/** Filters of the positions page the totals depend on. */
export type TotalsFilter = {
  status?: string;
  method?: string;
  month?: number;
  okpd2?: string;
  q?: string;
  has_procurement?: boolean;
  has_contract?: boolean;
};

/** Whether the version's totals cells answer this filter (status, method and month only). */
export function cellsAnswer(f: TotalsFilter): boolean {
  return !f.q && !f.okpd2 && f.has_procurement === undefined && f.has_contract === undefined;
}

/** The fewest matching rows a searched page counts before it says «more than N». */
export const MIN_COUNT_CAP = 1000;

/**
 * How many matching rows a searched page counts at most: 1 000, or five pages past the one asked
 * for, so the pager always reaches further than the page shown.
 */
export function countCap(page: number, limit: number): number {
  return Math.max(MIN_COUNT_CAP, (page + 5) * limit);
}

const add = (a: string, b: string) => fromKopecks(toScaled(a, 2) + toScaled(b, 2));

/**
 * The totals of the positions a status / method / month filter selects, from the version's cells:
 * the same figures `positionTotals` counts from the rows (annulled positions left out of the
 * counts and sums, `total` counting them; by method largest sum first, by month in order).
 */
export function totalsFromCells(cells: EisPlanTotalsCell[], f: TotalsFilter): EisPlanTotalsJson {
  const byMethod = new Map<
    string | null,
    { code: string | null; name: string | null; count: number; sum: string }
  >();
  const byMonth = new Map<
    string,
    { year: number | null; month: number | null; count: number; sum: string }
  >();
  const all = { count: 0, sum: '0.00', sme: '0.00' };
  let total = 0;
  for (const [code, name, year, month, status, sme, n, sum] of cells) {
    if (f.status && status !== f.status) continue;
    if (f.method && code !== f.method) continue;
    if (f.month && month !== f.month) continue;
    total += n;
    if (status === 'A') continue;
    const m = byMethod.get(code) ?? { code, name: null, count: 0, sum: '0.00' };
    if (name !== null && (m.name === null || name > m.name)) m.name = name;
    m.count += n;
    m.sum = add(m.sum, sum);
    byMethod.set(code, m);
    const key = `${year}-${month}`;
    const p = byMonth.get(key) ?? { year, month, count: 0, sum: '0.00' };
    p.count += n;
    p.sum = add(p.sum, sum);
    byMonth.set(key, p);
    all.count += n;
    all.sum = add(all.sum, sum);
    if (sme) all.sme = add(all.sme, sum);
  }
  return {
    total,
    byMethod: [...byMethod.values()].filter((m) => m.count > 0).sort((a, b) => Number(b.sum) - Number(a.sum)),
    byMonth: [...byMonth.values()]
      .filter((m) => m.count > 0)
      .sort((a, b) => (a.year ?? 0) - (b.year ?? 0) || (a.month ?? 0) - (b.month ?? 0)),
    all,
  };
}
