import { Text } from '@mantine/core';
import type { Key, ReactNode } from 'react';
import type { StateView } from '../../lib/duties';
import { formatDate } from '../../lib/formatters';
import { type ListColumn, ListTable } from '../table/list-table';
import { DutyBadge } from './duty-badge';

/** What a duty row needs: its name, the day it counts from, the due day, its state, when it was done. */
export type DutyRow = {
  title: string;
  base_date: string;
  due_date: string;
  status: string;
  done_on: string | null;
};

export type DeadlineListProps<T extends DutyRow> = {
  'aria-label': string;
  duties: readonly T[];
  rowKey: (duty: T) => Key;
  view: Record<string, StateView>;
  /** Said instead of the table when there are no duties; nothing at all without it. */
  emptyText?: string;
  /** The last column's title: «Размещено» (EIS placement) or «Выполнено». */
  doneTitle: string;
  /** A dimmed line under the duty's name (the article of the law, …). */
  note?: (duty: T) => ReactNode;
  /** The «Срок» cell; the due day by default. */
  due?: (duty: T) => ReactNode;
  /** A dimmed line under the state badge (lib/duties.ts openDueText). */
  stateNote?: (duty: T) => ReactNode;
  /** A cell of buttons at the end of each row. */
  action?: (duty: T) => ReactNode;
  titleWidth?: number;
};

/** Duties of the law with their due dates and states: contract, procurement and plan cards. */
export function DeadlineList<T extends DutyRow>(p: DeadlineListProps<T>) {
  if (!p.duties.length)
    return p.emptyText ? (
      <Text size="sm" c="dimmed">
        {p.emptyText}
      </Text>
    ) : null;
  const columns: ListColumn<T>[] = [
    {
      key: 'title',
      title: 'Обязанность',
      maw: p.titleWidth ?? 360,
      render: (d) => (
        <>
          {d.title}
          {p.note ? (
            <Text size="xs" c="dimmed">
              {p.note(d)}
            </Text>
          ) : null}
        </>
      ),
    },
    { key: 'base', title: 'Основание', render: (d) => formatDate(d.base_date) },
    { key: 'due', title: 'Срок', render: (d) => (p.due ? p.due(d) : formatDate(d.due_date)) },
    {
      key: 'state',
      title: 'Состояние',
      render: (d) => <DutyBadge status={d.status} view={p.view} note={p.stateNote?.(d)} />,
    },
    { key: 'done', title: p.doneTitle, render: (d) => (d.done_on ? formatDate(d.done_on) : '—') },
  ];
  if (p.action) columns.push({ key: 'action', render: p.action });
  return <ListTable aria-label={p['aria-label']} columns={columns} records={p.duties} rowKey={p.rowKey} />;
}
