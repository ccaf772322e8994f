import { Loader, Stack, Table, Text } from '@mantine/core';
import type { Key, ReactNode } from 'react';
import { DeadlineCounts } from './deadline-counts';

export type DeadlineWidgetColumn<T> = {
  title: string;
  cell: (duty: T) => ReactNode;
  /** the due day's column: kept on one line */
  nowrap?: boolean;
  maw?: number;
};

type Props<T> = {
  /** the widget's query: pending, then its data (undefined when it failed) */
  pending: boolean;
  data: { items: readonly T[]; counts: { overdue: number; due_soon: number; due?: number } } | undefined;
  loadingLabel: string;
  'aria-label': string;
  columns: DeadlineWidgetColumn<T>[];
  rowKey: (duty: T) => Key;
  emptyText: string;
  /** after the counts (a link to the overdue ones in their register) */
  head?: ReactNode;
  /** under the table («Показаны 10 из 25») */
  foot?: ReactNode;
};

/**
 * A deadlines widget of the main page: the loader, «Сроки загрузить не удалось», the counts, the
 * duties as a table or the empty text. The contracts', procurements' and rules' widgets give their
 * columns.
 */
export function DeadlineWidget<T>(p: Props<T>) {
  if (p.pending) return <Loader size="sm" aria-label={p.loadingLabel} />;
  if (!p.data)
    return (
      <Text size="sm" c="dimmed">
        Сроки загрузить не удалось
      </Text>
    );
  const { items, counts } = p.data;
  return (
    <Stack gap="sm">
      <DeadlineCounts counts={counts}>{p.head}</DeadlineCounts>
      {items.length ? (
        <Table striped aria-label={p['aria-label']}>
          <Table.Thead>
            <Table.Tr>
              {p.columns.map((c) => (
                <Table.Th key={c.title}>{c.title}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((d) => (
              <Table.Tr key={p.rowKey(d)}>
                {p.columns.map((c) => (
                  <Table.Td key={c.title} maw={c.maw} style={c.nowrap ? { whiteSpace: 'nowrap' } : undefined}>
                    {c.cell(d)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Text size="sm" c="dimmed">
          {p.emptyText}
        </Text>
      )}
      {p.foot}
    </Stack>
  );
}
