import { Text } from '@mantine/core';
import type { ContractVersion } from '@zakupki/shared/api/contracts';
import { useState } from 'react';
import type { z } from 'zod';
import { historyColumns } from '../../../../components/table/history-columns';
import { type ListColumn, ListTable } from '../../../../components/table/list-table';
import { useContractHistory } from '../../api/contracts';
import { changedFieldsText, SOURCE_TITLES, VERSION_ACTION_TITLES } from '../../model/labels';

const COLUMNS: ListColumn<z.infer<typeof ContractVersion>>[] = [
  {
    key: 'revision',
    title: 'Версия',
    render: (v) => (
      <>
        {v.revision}
        {v.eis_version ? (
          <Text size="xs" c="dimmed">
            ЕИС: {v.eis_version}
          </Text>
        ) : null}
      </>
    ),
  },
  historyColumns.when((v) => v.changed_at),
  historyColumns.who((v) => v.changed_by),
  { key: 'action', title: 'Действие', render: (v) => VERSION_ACTION_TITLES[v.action] ?? v.action },
  { key: 'source', title: 'Источник', render: (v) => SOURCE_TITLES[v.source] ?? v.source },
  historyColumns.changed((v) => changedFieldsText(v.changed_fields, v.revision === 1)),
];

/** «История»: the contract's versions, newest first, with who changed what. */
export function HistoryTab({ companyId, contractId }: { companyId: number; contractId: number }) {
  const [page, setPage] = useState(1);
  const q = useContractHistory(companyId, contractId, page);
  return (
    <ListTable
      aria-label="История изменений договора"
      columns={COLUMNS}
      records={q.data?.items}
      failed={q.isError}
      emptyText="Версий нет"
      paging={q.data ? { page, total: q.data.total, limit: q.data.limit, onPageChange: setPage } : undefined}
    />
  );
}
