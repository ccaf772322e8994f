import { Pagination, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '../../../../lib/formatters';
import { contractHistoryQuery } from '../../api/contracts';
import { changedFieldsText, SOURCE_TITLES, VERSION_ACTION_TITLES } from '../../model/labels';

/** «История»: the contract's versions, newest first, with who changed what. */
export function HistoryTab({ companyId, contractId }: { companyId: number; contractId: number }) {
  const [page, setPage] = useState(1);
  const q = useQuery(contractHistoryQuery(companyId, contractId, page));
  const pages = q.data ? Math.max(1, Math.ceil(q.data.total / q.data.limit)) : 1;
  return (
    <Stack gap="sm">
      <Table withTableBorder striped aria-label="История изменений договора">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Версия</Table.Th>
            <Table.Th>Когда</Table.Th>
            <Table.Th>Кто</Table.Th>
            <Table.Th>Действие</Table.Th>
            <Table.Th>Источник</Table.Th>
            <Table.Th>Изменено</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(q.data?.items ?? []).map((v) => (
            <Table.Tr key={v.id}>
              <Table.Td>
                {v.revision}
                {v.eis_version ? (
                  <Text size="xs" c="dimmed">
                    ЕИС: {v.eis_version}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(v.changed_at)}</Table.Td>
              <Table.Td>{v.changed_by?.title ?? 'Система'}</Table.Td>
              <Table.Td>{VERSION_ACTION_TITLES[v.action] ?? v.action}</Table.Td>
              <Table.Td>{SOURCE_TITLES[v.source] ?? v.source}</Table.Td>
              <Table.Td maw={420}>
                <Text size="sm">{changedFieldsText(v.changed_fields, v.revision === 1)}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
          {q.data && !q.data.items.length ? (
            <Table.Tr>
              <Table.Td colSpan={6}>
                <Text size="sm" c="dimmed" ta="center">
                  Версий нет
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : null}
        </Table.Tbody>
      </Table>
      {pages > 1 ? <Pagination total={pages} value={page} onChange={setPage} /> : null}
    </Stack>
  );
}
