/**
 * Register filters kept in the URL (`?status=a,b&date_from=2026-01-01&price_min=…&page=2&limit=25`):
 * readers that drop unknown or broken values, so a hand-edited address never sends the server
 * something it refuses, and the writer of the next address after a change.
 */

/** Rows per page a register offers; 10 is the default and stays out of the address. */
export const PAGE_LIMITS = [10, 25, 50, 100];

const ISO = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day `YYYY-MM-DD` (not 2026-02-30), else nothing. */
export const isoDateParam = (v: string | null): string | undefined => {
  if (!v || !ISO.test(v)) return undefined;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v ? v : undefined;
};

/** A non-negative amount; a decimal comma is accepted. */
export const amountParam = (v: string | null): number | undefined => {
  if (v === null || v.trim() === '') return undefined;
  const n = Number(v.replace(',', '.'));
  return Number.isFinite(n) && n >= 0 ? n : undefined;
};

/** A positive integer id. */
export const idParam = (v: string | null): number | undefined => {
  const n = Number(v);
  return v && Number.isInteger(n) && n > 0 ? n : undefined;
};

/** Trimmed text; blank is nothing. */
export const textParam = (v: string | null) => v?.trim() || undefined;

/** The known values of a list parameter (`?status=a,b` or `?status=a&status=b`), each once. */
export function enumListParam<T extends string>(p: URLSearchParams, key: string, known: readonly T[]): T[] {
  const values = p
    .getAll(key)
    .flatMap((s) => s.split(','))
    .filter((s): s is T => (known as readonly string[]).includes(s));
  return [...new Set(values)];
}

/** Sorting and paging of a register: a known sort column, the order, page from 1, a limit of PAGE_LIMITS. */
export function sortPagingParams<S extends string>(
  p: URLSearchParams,
  sorts: readonly S[],
  defaults: { sort: S; order: 'asc' | 'desc' },
) {
  const sort = p.get('sort');
  const order = p.get('order');
  const page = Number(p.get('page'));
  const limit = Number(p.get('limit'));
  return {
    sort: (sorts as readonly string[]).includes(sort ?? '') ? (sort as S) : defaults.sort,
    order: order === 'asc' || order === 'desc' ? order : defaults.order,
    page: Number.isInteger(page) && page > 0 ? page : 1,
    limit: PAGE_LIMITS.includes(limit) ? limit : 10,
  };
}

/** A change of the filters: `null` (or an empty value) removes the parameter. */
export type UrlFilterPatch = Record<string, string | number | boolean | readonly string[] | null | undefined>;

/**
 * The next URL parameters after a change: empty values removed, defaults (sort, order, page 1,
 * 10 rows) left out, the page reset to the first unless the page itself changes; other parameters
 * (the open card) kept.
 */
export function writeUrlFilters(
  current: URLSearchParams,
  patch: UrlFilterPatch,
  defaults: { sort: string; order: 'asc' | 'desc' },
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(patch)) {
    next.delete(key);
    if (value === null || value === undefined || value === '' || value === false) continue;
    if (Array.isArray(value)) {
      if (value.length) next.set(key, value.join(','));
      continue;
    }
    if (key === 'sort' && value === defaults.sort) continue;
    if (key === 'order' && value === defaults.order) continue;
    if (key === 'page' && value === 1) continue;
    if (key === 'limit' && value === 10) continue;
    next.set(key, String(value));
  }
  if (!('page' in patch)) next.delete('page');
  return next;
}

/** What a money input holds (`1 000,50 ₽`, a number or '') as an amount for the address; else null. */
export function typedAmount(v: string | number): number | null {
  if (v === '' || v === null || v === undefined) return null;
  const n =
    typeof v === 'number'
      ? v
      : Number(
          String(v)
            .replace(/[\s\u00a0₽]/g, '')
            .replace(',', '.'),
        );
  return Number.isFinite(n) && n >= 0 ? n : null;
}
