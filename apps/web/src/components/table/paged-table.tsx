import 'mantine-datatable/styles.css';
import { DataTable, type DataTableColumn } from 'mantine-datatable';

export const PAGE_SIZES = [10, 25, 50, 100];

export type PagedTableProps<T> = {
  records: T[];
  columns: DataTableColumn<T>[];
  total: number;
  page: number;
  limit: number;
  onPageChange: (page: number) => void;
  onLimitChange?: (limit: number) => void;
  fetching?: boolean;
  emptyText?: string;
  'aria-label': string;
};

/** A register table with server-side paging and Russian texts (mantine-datatable). */
export function PagedTable<T extends { id: number }>(props: PagedTableProps<T>) {
  const { records, columns, total, page, limit, onPageChange, onLimitChange, fetching, emptyText } = props;
  const sizes = onLimitChange
    ? {
        recordsPerPageOptions: PAGE_SIZES,
        onRecordsPerPageChange: onLimitChange,
        recordsPerPageLabel: 'Строк на странице',
      }
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
      paginationText={({ from, to, totalRecords }) => `${from}–${to} из ${totalRecords}`}
      getPaginationControlProps={(control) => ({
        'aria-label': {
          first: 'Первая страница',
          last: 'Последняя страница',
          previous: 'Предыдущая страница',
          next: 'Следующая страница',
        }[control],
      })}
      {...sizes}
    />
  );
}
