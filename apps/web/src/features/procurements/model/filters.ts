import {
  PROCUREMENT_SORTS,
  PROCUREMENT_STATUSES,
  type ProcurementSort,
  type ProcurementStatus,
} from '@zakupki/shared/api/procurements-model';

/**
 * Register filters kept in the URL, like the contract register's:
 * `?status=draft,published&method=3&customer=5&date_from=2026-01-01&date_to=…&nmcd_min=…&nmcd_max=…
 *  &sme=true&overdue=true&q=…&sort=nmcd&order=asc&page=2&limit=25`. Unknown or broken values are
 * dropped, so a hand-edited address never sends the server something it refuses.
 */
export type RegisterFilters = {
  status: ProcurementStatus[];
  method?: number;
  customer?: number;
  date_from?: string;
  date_to?: string;
  nmcd_min?: number;
  nmcd_max?: number;
  sme: boolean;
  overdue: boolean;
  q?: string;
  sort: ProcurementSort;
  order: 'asc' | 'desc';
  page: number;
  limit: number;
};

export const PAGE_LIMITS = [10, 25, 50, 100];
export const DEFAULT_SORT: ProcurementSort = 'created_at';
export const DEFAULT_ORDER = 'desc';

const ISO = /^\d{4}-\d{2}-\d{2}$/;
const realIso = (v: string | null): string | undefined => {
  if (!v || !ISO.test(v)) return undefined;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v ? v : undefined;
};
const amount = (v: string | null): number | undefined => {
  if (v === null || v.trim() === '') return undefined;
  const n = Number(v.replace(',', '.'));
  return Number.isFinite(n) && n >= 0 ? n : undefined;
};
const idOf = (v: string | null): number | undefined => {
  const n = Number(v);
  return v && Number.isInteger(n) && n > 0 ? n : undefined;
};
const text = (v: string | null) => v?.trim() || undefined;

export function readFilters(p: URLSearchParams): RegisterFilters {
  const statuses = p
    .getAll('status')
    .flatMap((s) => s.split(','))
    .filter((s): s is ProcurementStatus => (PROCUREMENT_STATUSES as readonly string[]).includes(s));
  const sort = p.get('sort');
  const order = p.get('order');
  const page = Number(p.get('page'));
  const limit = Number(p.get('limit'));
  return {
    status: [...new Set(statuses)],
    method: idOf(p.get('method')),
    customer: idOf(p.get('customer')),
    date_from: realIso(p.get('date_from')),
    date_to: realIso(p.get('date_to')),
    nmcd_min: amount(p.get('nmcd_min')),
    nmcd_max: amount(p.get('nmcd_max')),
    sme: p.get('sme') === 'true',
    overdue: p.get('overdue') === 'true',
    q: text(p.get('q')),
    sort: (PROCUREMENT_SORTS as readonly string[]).includes(sort ?? '')
      ? (sort as ProcurementSort)
      : DEFAULT_SORT,
    order: order === 'asc' || order === 'desc' ? order : DEFAULT_ORDER,
    page: Number.isInteger(page) && page > 0 ? page : 1,
    limit: PAGE_LIMITS.includes(limit) ? limit : 10,
  };
}

export type FilterPatch = Partial<{ [K in keyof RegisterFilters]: RegisterFilters[K] | null }>;

/** The next URL parameters: empty values and defaults left out, the page reset unless it changes. */
export function writeFilters(current: URLSearchParams, patch: FilterPatch): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(patch)) {
    next.delete(key);
    if (value === null || value === undefined || value === '' || value === false) continue;
    if (Array.isArray(value)) {
      if (value.length) next.set(key, value.join(','));
      continue;
    }
    if (key === 'sort' && value === DEFAULT_SORT) continue;
    if (key === 'order' && value === DEFAULT_ORDER) continue;
    if (key === 'page' && value === 1) continue;
    if (key === 'limit' && value === 10) continue;
    next.set(key, String(value));
  }
  if (!('page' in patch)) next.delete('page');
  return next;
}

export const hasFilters = (f: RegisterFilters) =>
  f.status.length > 0 ||
  f.method !== undefined ||
  f.customer !== undefined ||
  !!f.date_from ||
  !!f.date_to ||
  f.nmcd_min !== undefined ||
  f.nmcd_max !== undefined ||
  f.sme ||
  f.overdue ||
  !!f.q;

export const CLEAR_FILTERS: FilterPatch = {
  status: null,
  method: null,
  customer: null,
  date_from: null,
  date_to: null,
  nmcd_min: null,
  nmcd_max: null,
  sme: null,
  overdue: null,
  q: null,
};

export type ListQuery = ReturnType<typeof toListQuery>;

/** The query of GET …/procurements (and of the XLSX export, without paging). */
export function toListQuery(f: RegisterFilters) {
  return {
    status: f.status.length ? f.status.join(',') : undefined,
    method_id: f.method,
    customer_id: f.customer,
    date_from: f.date_from,
    date_to: f.date_to,
    nmcd_min: f.nmcd_min,
    nmcd_max: f.nmcd_max,
    sme_only: f.sme ? ('true' as const) : undefined,
    overdue: f.overdue ? ('true' as const) : undefined,
    q: f.q,
    sort: f.sort,
    order: f.order,
    page: f.page,
    limit: f.limit,
  };
}
