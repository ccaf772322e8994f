import type { z } from 'zod';

/**
 * Register filters kept in the URL (`?status=a,b&date_from=2026-01-01&price_min=…&page=2&limit=25`):
 * read with the list's query schema (a value it refuses is dropped, so a hand-edited address never
 * sends the server something it refuses), and the writer of the next address after a change.
 */

/** Rows per page a register offers; 10 is the default and stays out of the address. */
export const PAGE_LIMITS = [10, 25, 50, 100];

/** A decimal comma typed into the address (`price_min=1000,5`) read as the API's point. */
export const decimalComma = (v: string) => v.replace(',', '.');

/**
 * A register's filters read from the address with the list's query schema, the one the API
 * checks (`ContractListQuery`, `ProcurementListQuery`). Each parameter is parsed on its own, so a
 * value the API would refuse falls back to its default (or to nothing) without taking the others
 * with it, and a list keeps its known values (`status=draft,bogus` → `['draft']`); the number of
 * rows is one a register offers (PAGE_LIMITS). `names` gives the address's name of a schema key
 * where they differ; `prepare` rewrites a raw value first.
 */
export function readUrlQuery<S extends z.ZodObject>(
  schema: S,
  p: URLSearchParams,
  options: {
    names?: Partial<Record<keyof z.output<S>, string>>;
    prepare?: Record<string, (v: string) => string>;
  } = {},
): Partial<z.output<S>> {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    const param = (options.names as Record<string, string> | undefined)?.[key] ?? key;
    const prepare = options.prepare?.[key] ?? ((v: string) => v);
    const values = p.getAll(param).map(prepare);
    const value = values.length ? values.join(',') : undefined;
    const whole = field.safeParse(value);
    if (whole.success) {
      out[key] = whole.data;
      continue;
    }
    // a list keeps the values the API knows; anything else falls back to the default
    const known = (value ?? '')
      .split(',')
      .map((v) => field.safeParse(v))
      .flatMap((r) => (r.success && Array.isArray(r.data) ? r.data : []));
    const fallback = field.safeParse(undefined);
    if (known.length) out[key] = [...new Set(known)];
    else if (fallback.success) out[key] = fallback.data;
  }
  if (typeof out.limit === 'number' && !PAGE_LIMITS.includes(out.limit)) out.limit = 10;
  // a blank text is no filter
  for (const [key, v] of Object.entries(out)) if (v === '') delete out[key];
  return out as Partial<z.output<S>>;
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
