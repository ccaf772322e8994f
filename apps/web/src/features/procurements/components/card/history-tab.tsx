import { Text } from '@mantine/core';
import type { ProcurementEvent } from '@zakupki/shared/api/procurements';
import { historyColumns } from '../../../../components/table/history-columns';
import { type ListColumn, ListTable } from '../../../../components/table/list-table';
import { useProcurementHistory } from '../../api/procurements';
import { changedFieldsText, STATUS_VIEW } from '../../model/status';

const COLUMNS: ListColumn<ProcurementEvent>[] = [
  historyColumns.when((e) => e.at),
  historyColumns.who((e) => e.by),
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
  historyColumns.changed((e) => (e.kind === 'updated' ? changedFieldsText(e.changed_fields) : '—')),
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
