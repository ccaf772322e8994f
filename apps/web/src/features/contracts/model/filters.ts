import { ContractListQuery } from '@zakupki/shared/api/contracts';
import type { CONTRACT_SORTS, ContractStatus } from '@zakupki/shared/api/contracts-model';
import { decimalComma, readUrlQuery, writeUrlFilters } from '../../../lib/url-filters';

/**
 * Register filters kept in the URL:
 * `?status=draft,concluded&supplier=…&date_from=2026-01-01&date_to=…&price_min=…&price_max=…
 *  &overdue=true&q=…&sort=price&order=asc&page=2&limit=25`. Unknown or broken values are dropped,
 * so a hand-edited address never sends the server something it refuses.
 */
export type ContractSort = (typeof CONTRACT_SORTS)[number];

export type RegisterFilters = {
  status: ContractStatus[];
  supplier?: string;
  date_from?: string;
  date_to?: string;
  price_min?: number;
  price_max?: number;
  overdue: boolean;
  archived: boolean;
  q?: string;
  sort: ContractSort;
  order: 'asc' | 'desc';
  page: number;
  limit: number;
};

export { PAGE_LIMITS } from '../../../lib/url-filters';
export const DEFAULT_SORT: ContractSort = 'contract_date';
export const DEFAULT_ORDER: 'asc' | 'desc' = 'desc';

/** The filters of the address, read with the API's `ContractListQuery`. */
export function readFilters(p: URLSearchParams): RegisterFilters {
  const q = readUrlQuery(ContractListQuery, p, {
    prepare: { price_min: decimalComma, price_max: decimalComma },
  });
  return {
    status: q.status ?? [],
    supplier: q.supplier,
    date_from: q.date_from,
    date_to: q.date_to,
    price_min: q.price_min,
    price_max: q.price_max,
    overdue: q.overdue === 'true',
    archived: q.archived === 'true',
    q: q.q,
    sort: q.sort ?? DEFAULT_SORT,
    order: q.order ?? DEFAULT_ORDER,
    page: q.page ?? 1,
    limit: q.limit ?? 10,
  };
}

export type FilterPatch = Partial<{
  [K in keyof RegisterFilters]: RegisterFilters[K] | null;
}>;

/** The next URL parameters after a change (lib/url-filters.ts: defaults left out, page reset). */
export const writeFilters = (current: URLSearchParams, patch: FilterPatch): URLSearchParams =>
  writeUrlFilters(current, patch, { sort: DEFAULT_SORT, order: DEFAULT_ORDER });

/** Nothing but paging and sorting: the «Сбросить фильтры» button has nothing to do. */
export const hasFilters = (f: RegisterFilters) =>
  f.status.length > 0 ||
  !!f.supplier ||
  !!f.date_from ||
  !!f.date_to ||
  f.price_min !== undefined ||
  f.price_max !== undefined ||
  f.overdue ||
  f.archived ||
  !!f.q;

export type ListQuery = ReturnType<typeof toListQuery>;

/** The query of GET …/contracts (and of the XLSX export, which takes the same filters). */
export function toListQuery(f: RegisterFilters) {
  return {
    status: f.status.length ? f.status.join(',') : undefined,
    supplier: f.supplier,
    date_from: f.date_from,
    date_to: f.date_to,
    price_min: f.price_min,
    price_max: f.price_max,
    overdue: f.overdue ? ('true' as const) : undefined,
    archived: f.archived ? ('true' as const) : undefined,
    q: f.q,
    sort: f.sort,
    order: f.order,
    page: f.page,
    limit: f.limit,
  };
}

/** Register filters without paging and sorting (the OCDS export of a register view). */
export function toFilterBody(f: RegisterFilters) {
  const { sort: _s, order: _o, page: _p, limit: _l, ...rest } = toListQuery(f);
  return Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)) as Omit<
    ReturnType<typeof toListQuery>,
    'sort' | 'order' | 'page' | 'limit'
  >;
}

const SORT_TITLES: Record<ContractSort, string> = {
  contract_date: 'дате договора',
  price: 'цене',
  number: 'номеру',
  supplier_name: 'поставщику',
  end_date: 'дате окончания',
  status: 'статусу',
};

/** The filters in words (export screen): «статус: Заключен, Исполнен», «цена от 1 000,00 ₽», … */
export function describeFilters(
  f: RegisterFilters,
  statusTitle: (s: ContractStatus) => string,
  money: (n: number) => string,
) {
  const out: string[] = [];
  if (f.status.length) out.push(`статус: ${f.status.map(statusTitle).join(', ')}`);
  if (f.q) out.push(`поиск: «${f.q}»`);
  if (f.supplier) out.push(`поставщик: «${f.supplier}»`);
  const d = (iso: string) => iso.split('-').reverse().join('.');
  if (f.date_from || f.date_to) {
    out.push(
      `дата договора${f.date_from ? ` с ${d(f.date_from)}` : ''}${f.date_to ? ` по ${d(f.date_to)}` : ''}`,
    );
  }
  if (f.price_min !== undefined || f.price_max !== undefined) {
    out.push(
      `цена${f.price_min !== undefined ? ` от ${money(f.price_min)}` : ''}${f.price_max !== undefined ? ` до ${money(f.price_max)}` : ''}`,
    );
  }
  if (f.overdue) out.push('только просроченные');
  if (f.archived) out.push('архив');
  out.push(`сортировка по ${SORT_TITLES[f.sort]}, ${f.order === 'asc' ? 'по возрастанию' : 'по убыванию'}`);
  return out;
}
