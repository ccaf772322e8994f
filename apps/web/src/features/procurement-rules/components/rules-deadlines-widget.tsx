import { Anchor, Loader, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { DeadlineCounts } from '../../../components/deadlines/deadline-counts';
import { DutyBadge } from '../../../components/deadlines/duty-badge';
import { formatDate } from '../../../lib/formatters';
import { ruleDeadlinesQuery } from '../api/procurement-rules';
import { DUTY_VIEW, dutyText } from '../model/views';

/** Main page: approved Положения (and changes) still owed to the EIS within 15 days (ч. 1 ст. 4). */
export function RulesDeadlinesWidget({ companyId }: { companyId: number }) {
  const q = useQuery(ruleDeadlinesQuery(companyId));
  if (q.isPending) return <Loader size="sm" aria-label="Загрузка сроков положений" />;
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
        <Table striped aria-label="Размещение положений о закупке в ЕИС">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Положение</Table.Th>
              <Table.Th>Утверждено</Table.Th>
              <Table.Th>Срок</Table.Th>
              <Table.Th>Состояние</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((d) => (
              <Table.Tr key={d.version_id}>
                <Table.Td>
                  <Anchor component={Link} to={`/procurementsRules/${d.rule_id}/versions`} size="sm">
                    {d.rule_title}, редакция № {d.version_number}
                  </Anchor>
                </Table.Td>
                <Table.Td>{formatDate(d.base_date)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(d.due_date)}</Table.Td>
                <Table.Td>
                  <DutyBadge status={d.status} view={DUTY_VIEW} note={dutyText(d)} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Text size="sm" c="dimmed">
          Утверждённых положений, ожидающих размещения в ЕИС, нет
        </Text>
      )}
    </Stack>
  );
}
