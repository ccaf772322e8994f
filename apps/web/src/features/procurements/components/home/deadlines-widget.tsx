import { Anchor, Loader, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { DeadlineCounts } from '../../../../components/deadlines/deadline-counts';
import { DutyBadge } from '../../../../components/deadlines/duty-badge';
import { openDueText } from '../../../../lib/duties';
import { formatDate } from '../../../../lib/formatters';
import { procurementDeadlinesQuery } from '../../api/procurements';
import { DUTY_VIEW } from '../../model/status';

/**
 * Main page: the open duties of the company's procurements — notice placement, protocols within
 * 3 days of signing (ч. 12 ст. 4), the contract window 10–20 days after the final protocol
 * (ч. 15 ст. 3.2) — nearest first, each with a link to its procurement's dates tab.
 */
export function ProcurementDeadlinesWidget({ companyId }: { companyId: number }) {
  const q = useQuery(procurementDeadlinesQuery(companyId));
  if (q.isPending) return <Loader size="sm" aria-label="Загрузка сроков закупок" />;
  if (!q.data)
    return (
      <Text size="sm" c="dimmed">
        Сроки загрузить не удалось
      </Text>
    );
  const { items, counts } = q.data;
  return (
    <Stack gap="sm">
      <DeadlineCounts counts={counts} />
      {items.length ? (
        <Table striped aria-label="Сроки закупок">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Закупка</Table.Th>
              <Table.Th>Обязанность</Table.Th>
              <Table.Th>Срок</Table.Th>
              <Table.Th>Состояние</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((d) => (
              <Table.Tr key={`${d.procurement_id}-${d.duty}-${d.protocol_id ?? ''}`}>
                <Table.Td>
                  <Anchor component={Link} to={`/documents/${d.procurement_id}?tab=dates`} size="sm">
                    № {d.procurement_number}
                  </Anchor>
                  <Text size="xs" c="dimmed" lineClamp={2}>
                    {d.subject}
                  </Text>
                </Table.Td>
                <Table.Td>{d.title}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {d.earliest_date ? `${formatDate(d.earliest_date)} – ` : ''}
                  {formatDate(d.due_date)}
                </Table.Td>
                <Table.Td>
                  <DutyBadge status={d.status} view={DUTY_VIEW} note={openDueText(d)} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Text size="sm" c="dimmed">
          Открытых сроков по закупкам нет
        </Text>
      )}
    </Stack>
  );
}
