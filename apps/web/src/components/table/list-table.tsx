import { Pagination, Stack, Table, Text } from '@mantine/core';
import type { Key, ReactNode } from 'react';
import { PAGING_LABELS } from './paged-table';

export type ListColumn<T> = {
  key: string;
  /** Header text; none for a column of row buttons. */
  title?: ReactNode;
  align?: 'right';
  /** Keeps the body cells on one line (sums, dates). */
  nowrap?: boolean;
  /** Widths in px: `w` of the header cell, `maw` of the body cells. */
  w?: number;
  maw?: number;
  render: (row: T, index: number) => ReactNode;
};

export type ListPaging = { page: number; total: number; limit: number; onPageChange: (page: number) => void };

export type ListTableProps<T> = {
  'aria-label': string;
  columns: ListColumn<T>[];
  /** `undefined` until the list has loaded: the table says «Загрузка…» (or that loading failed). */
  records: readonly T[] | undefined;
  /** The request failed (its error notice is shown by the query client). */
  failed?: boolean;
  /** Said in a row of its own when the list is empty; without it an empty list has an empty body. */
  emptyText?: string;
  /** Row key; `row.id` by default. */
  rowKey?: (row: T, index: number) => Key;
  /** The table scrolls sideways inside a container of this minimum width. */
  minWidth?: number;
  /** Server paging under the table, shown from two pages on. */
  paging?: ListPaging;
};

const NOWRAP = { whiteSpace: 'nowrap' } as const;

const defaultKey = (row: unknown, index: number): Key => (row as { id?: Key }).id ?? index;

/**
 * A short list as a plain striped table (card tabs, reports): columns, one row a record, and a
 * row of its own for «Загрузка…», a failed load or the empty text. Long registers use PagedTable.
 */
export function ListTable<T>(props: ListTableProps<T>) {
  const { columns, records, failed, emptyText, rowKey = defaultKey, minWidth, paging } = props;
  const note = records
    ? records.length
      ? null
      : (emptyText ?? null)
    : failed
      ? 'Не удалось загрузить данные'
      : 'Загрузка…';
  let table = (
    <Table withTableBorder striped aria-label={props['aria-label']}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((c) => (
            <Table.Th key={c.key} ta={c.align} w={c.w}>
              {c.title}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {(records ?? []).map((row, i) => (
          <Table.Tr key={rowKey(row, i)}>
            {columns.map((c) => (
              <Table.Td key={c.key} ta={c.align} maw={c.maw} style={c.nowrap ? NOWRAP : undefined}>
                {c.render(row, i)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
        {note ? (
          <Table.Tr>
            <Table.Td colSpan={columns.length}>
              <Text size="sm" c="dimmed" ta="center">
                {note}
              </Text>
            </Table.Td>
          </Table.Tr>
        ) : null}
      </Table.Tbody>
    </Table>
  );
  if (minWidth) table = <Table.ScrollContainer minWidth={minWidth}>{table}</Table.ScrollContainer>;
  const pages = paging ? Math.max(1, Math.ceil(paging.total / paging.limit)) : 1;
  if (!paging || pages < 2) return table;
  return (
    <Stack gap="sm">
      {table}
      <Pagination
        total={pages}
        value={paging.page}
        onChange={paging.onPageChange}
        getControlProps={(control) => ({ 'aria-label': PAGING_LABELS[control] })}
      />
    </Stack>
  );
}
