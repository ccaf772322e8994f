import type { DataTableColumn } from 'mantine-datatable';
import { PAGE_LIMITS } from '../../lib/url-filters';
import { PagedTable } from '../table/paged-table';

/** Sorting and paging of a register as its address holds them (lib/url-filters.ts). */
export type RegisterView<S extends string> = { sort: S; order: 'asc' | 'desc'; page: number; limit: number };

export type RegisterTableProps<T, S extends string> = {
  'aria-label': string;
  emptyText: string;
  columns: DataTableColumn<T>[];
  records: T[];
  total: number;
  view: RegisterView<S>;
  fetching: boolean;
  onPage: (page: number) => void;
  onLimit: (limit: number) => void;
  onSort: (sort: S, order: 'asc' | 'desc') => void;
  /** A click on a row opens its card. */
  onOpen: (id: number) => void;
};

/** A register's table: server paging (PAGE_LIMITS rows) and sorting from the address; a row opens its card. */
export function RegisterTable<T extends { id: number }, S extends string>(p: RegisterTableProps<T, S>) {
  return (
    <PagedTable<T>
      aria-label={p['aria-label']}
      verticalAlign="top"
      records={p.records}
      fetching={p.fetching}
      emptyText={p.emptyText}
      total={p.total}
      limit={p.view.limit}
      page={p.view.page}
      onPageChange={p.onPage}
      pageSizes={PAGE_LIMITS}
      onLimitChange={p.onLimit}
      sortStatus={{ columnAccessor: p.view.sort, direction: p.view.order }}
      onSortStatusChange={(s) => p.onSort(s.columnAccessor as S, s.direction)}
      onRowClick={(record) => p.onOpen(record.id)}
      rowStyle={() => ({ cursor: 'pointer' })}
      columns={p.columns}
    />
  );
}

/** What a register page hands its table: the page of rows and the address's sort and paging. */
export type RegisterTableData<T, S extends string> = Omit<
  RegisterTableProps<T, S>,
  'aria-label' | 'emptyText' | 'columns' | 'onOpen'
>;

/**
 * The table's data and its paging/sorting handlers from a register page's list answer, its
 * filters and its URL change (a new sort or limit goes to the address like any filter).
 */
export function registerTableData<T, S extends string>(
  data: { items: T[]; total: number } | undefined,
  fetching: boolean,
  view: RegisterView<S>,
  change: (patch: { page?: number; limit?: number; sort?: S; order?: 'asc' | 'desc' }) => void,
): RegisterTableData<T, S> {
  return {
    records: data?.items ?? [],
    total: data?.total ?? 0,
    view,
    fetching,
    onPage: (page) => change({ page }),
    onLimit: (limit) => change({ limit }),
    onSort: (sort, order) => change({ sort, order }),
  };
}
