import {
  ProcurementListQuery,
  type ProcurementSort,
  type ProcurementStatus,
} from '@zakupki/shared/api/procurements-model';
import { decimalComma, readUrlQuery, writeUrlFilters } from '../../../lib/url-filters';

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

export { PAGE_LIMITS } from '../../../lib/url-filters';
export const DEFAULT_SORT: ProcurementSort = 'created_at';
export const DEFAULT_ORDER: 'asc' | 'desc' = 'desc';

/** The filters of the address (`method`, `customer`, `sme` there), read with the API's `ProcurementListQuery`. */
export function readFilters(p: URLSearchParams): RegisterFilters {
  const q = readUrlQuery(ProcurementListQuery, p, {
    names: { method_id: 'method', customer_id: 'customer', sme_only: 'sme' },
    prepare: { nmcd_min: decimalComma, nmcd_max: decimalComma },
  });
  return {
    status: q.status ?? [],
    method: q.method_id,
    customer: q.customer_id,
    date_from: q.date_from,
    date_to: q.date_to,
    nmcd_min: q.nmcd_min,
    nmcd_max: q.nmcd_max,
    sme: q.sme_only === 'true',
    overdue: q.overdue === 'true',
    q: q.q,
    sort: q.sort ?? DEFAULT_SORT,
    order: q.order ?? DEFAULT_ORDER,
    page: q.page ?? 1,
    limit: q.limit ?? 10,
  };
}

export type FilterPatch = Partial<{ [K in keyof RegisterFilters]: RegisterFilters[K] | null }>;

/** The next URL parameters (lib/url-filters.ts: defaults left out, the page reset unless it changes). */
export const writeFilters = (current: URLSearchParams, patch: FilterPatch): URLSearchParams =>
  writeUrlFilters(current, patch, { sort: DEFAULT_SORT, order: DEFAULT_ORDER });

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
