import { Text } from '@mantine/core';
import type { ProcurementEvent } from '@zakupki/shared/api/procurements';
import { type ListColumn, ListTable } from '../../../../components/table/list-table';
import { formatDateTime } from '../../../../lib/formatters';
import { useProcurementHistory } from '../../api/procurements';
import { changedFieldsText, STATUS_VIEW } from '../../model/status';

const COLUMNS: ListColumn<ProcurementEvent>[] = [
  { key: 'when', title: 'Когда', nowrap: true, render: (e) => formatDateTime(e.at) },
  { key: 'who', title: 'Кто', render: (e) => e.by?.title ?? 'Система' },
  {
    key: 'what',
    title: 'Действие',
    render: (e) => (
      <>
        {e.title}
        {e.from_status || e.to_status ? (
          <Text size="xs" c="dimmed">
            {e.from_status ? STATUS_VIEW[e.from_status].label : '—'} →{' '}
            {e.to_status ? STATUS_VIEW[e.to_status].label : '—'}
          </Text>
        ) : null}
      </>
    ),
  },
  {
    key: 'changed',
    title: 'Изменено',
    maw: 420,
    render: (e) => <Text size="sm">{e.kind === 'updated' ? changedFieldsText(e.changed_fields) : '—'}</Text>,
  },
  { key: 'comment', title: 'Комментарий', maw: 300, render: (e) => e.comment ?? '—' },
];

/** «История»: every change of the procurement, newest first, with who and when. */
export function HistoryTab({ companyId, procurementId }: { companyId: number; procurementId: number }) {
  const q = useProcurementHistory(companyId, procurementId);
  return (
    <ListTable
      aria-label="История закупки"
      columns={COLUMNS}
      records={q.data?.items}
      failed={q.isError}
      emptyText="Событий нет"
    />
  );
}
