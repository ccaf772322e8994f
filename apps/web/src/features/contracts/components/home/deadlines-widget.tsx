import { Anchor, Loader, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { DeadlineCounts } from '../../../../components/deadlines/deadline-counts';
import { DutyBadge } from '../../../../components/deadlines/duty-badge';
import { dueText } from '../../../../lib/duties';
import { formatDate } from '../../../../lib/formatters';
import { useDeadlines } from '../../api/contracts';
import { DEADLINE_VIEW } from '../../model/status';

/** Main page: EIS duties of the company's contracts that are due soon or overdue (docs/domain.md §1). */
export function DeadlinesWidget({ companyId }: { companyId: number }) {
  const q = useDeadlines(companyId, 10);
  if (q.isPending) return <Loader size="sm" aria-label="Загрузка сроков" />;
  if (!q.data)
    return (
      <Text size="sm" c="dimmed">
        Сроки загрузить не удалось
      </Text>
    );
  const { counts, items, total } = q.data;
  return (
    <Stack gap="sm">
      <DeadlineCounts counts={counts}>
        {counts.overdue ? (
          <Anchor component={Link} to="/contracts/register?overdue=true" size="sm">
            Просроченные договоры в реестре
          </Anchor>
        ) : null}
      </DeadlineCounts>
      {items.length ? (
        <Table striped aria-label="Сроки размещения сведений в ЕИС">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Договор</Table.Th>
              <Table.Th>Что разместить</Table.Th>
              <Table.Th>Срок</Table.Th>
              <Table.Th>Состояние</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((d) => (
              <Table.Tr key={`${d.contract_id}-${d.duty}-${d.event_id ?? 0}`}>
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={`/contracts/register?contract=${d.contract_id}&tab=execution`}
                    size="sm"
                  >
                    № {d.contract_number} от {formatDate(d.contract_date)}
                  </Anchor>
                  <Text size="xs" c="dimmed" lineClamp={1} title={d.subject}>
                    {d.supplier_name}
                  </Text>
                </Table.Td>
                <Table.Td maw={360}>
                  <Text size="sm">{d.title}</Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(d.due_date)}</Table.Td>
                <Table.Td>
                  <DutyBadge status={d.status} view={DEADLINE_VIEW} note={dueText(d)} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Text size="sm" c="dimmed">
          Сроков, которые истекают или уже прошли, нет
        </Text>
      )}
      {total > items.length ? (
        <Text size="xs" c="dimmed">
          Показаны {items.length} из {total}
        </Text>
      ) : null}
    </Stack>
  );
}
