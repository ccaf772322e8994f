import { Text } from '@mantine/core';
import { formatDateTime } from '../../lib/formatters';
import type { ListColumn } from './list-table';

/** The columns every «История» tab has, for a ListTable of changes. */
export const historyColumns = {
  /** «Когда»: the moment of the change. */
  when: <T,>(at: (row: T) => string): ListColumn<T> => ({
    key: 'when',
    title: 'Когда',
    nowrap: true,
    render: (r) => formatDateTime(at(r)),
  }),
  /** «Кто»: the user, or «Система» for a change nobody made by hand. */
  who: <T,>(by: (row: T) => { title: string } | null): ListColumn<T> => ({
    key: 'who',
    title: 'Кто',
    render: (r) => by(r)?.title ?? 'Система',
  }),
  /** «Изменено»: the changed fields in words. */
  changed: <T,>(text: (row: T) => string): ListColumn<T> => ({
    key: 'changed',
    title: 'Изменено',
    maw: 420,
    render: (r) => <Text size="sm">{text(r)}</Text>,
  }),
};
