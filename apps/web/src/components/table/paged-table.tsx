import 'mantine-datatable/styles.css';
import './paged-table.css';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import type { CSSProperties } from 'react';

export const PAGE_SIZES = [10, 25, 50, 100];

/** Russian names of the paging buttons (screen readers), for every table with pages. */
export const PAGING_LABELS = {
  first: 'Первая страница',
  last: 'Последняя страница',
  previous: 'Предыдущая страница',
  next: 'Следующая страница',
};

export type PagedTableProps<T> = {
  records: T[];
  columns: DataTableColumn<T>[];
  total: number;
  /** `total` is a cap: more records match («из более N»). */
  totalCapped?: boolean;
  page: number;
  limit: number;
  onPageChange: (page: number) => void;
  onLimitChange?: (limit: number) => void;
  fetching?: boolean;
  emptyText?: string;
  'aria-label': string;
  /** Page sizes offered with onLimitChange (PAGE_SIZES by default). */
  pageSizes?: number[];
  /** Server-side sorting: the current sort and what a click on a sortable column asks for. */
  sortStatus?: DataTableSortStatus<T>;
  onSortStatusChange?: (status: DataTableSortStatus<T>) => void;
  onRowClick?: (record: T) => void;
  rowStyle?: (record: T) => CSSProperties | undefined;
  verticalAlign?: 'top' | 'center' | 'bottom';
};

/** A register table with server-side paging (and sorting, when given) and Russian texts (mantine-datatable). */
export function PagedTable<T extends { id: number }>(props: PagedTableProps<T>) {
  const { records, columns, total, page, limit, onPageChange, onLimitChange, fetching, emptyText } = props;
  const sizes = onLimitChange
    ? {
        recordsPerPageOptions: props.pageSizes ?? PAGE_SIZES,
        onRecordsPerPageChange: onLimitChange,
        recordsPerPageLabel: 'Строк на странице',
      }
    : {};
  const sorting = props.sortStatus
    ? { sortStatus: props.sortStatus, onSortStatusChange: props.onSortStatusChange }
    : {};
  return (
    <DataTable<T>
      aria-label={props['aria-label']}
      withTableBorder
      striped
      highlightOnHover
      minHeight={records.length ? undefined : 160}
      records={records}
      columns={columns}
      idAccessor="id"
      fetching={fetching}
      loadingText="Загрузка…"
      noRecordsText={emptyText ?? 'Записей нет'}
      totalRecords={total}
      recordsPerPage={limit}
      page={page}
      onPageChange={onPageChange}
      paginationText={({ from, to, totalRecords }) =>
        `${from}–${to} из ${props.totalCapped ? 'более ' : ''}${totalRecords}`
      }
      getPaginationControlProps={(control) => ({ 'aria-label': PAGING_LABELS[control] })}
      onRowClick={props.onRowClick ? ({ record }) => props.onRowClick?.(record) : undefined}
      rowStyle={props.rowStyle}
      verticalAlign={props.verticalAlign}
      {...sizes}
      {...sorting}
    />
  );
}
