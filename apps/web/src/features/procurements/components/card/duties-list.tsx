import { Badge, Stack, Table, Text } from '@mantine/core';
import type { ProcurementDutyOut } from '@zakupki/shared/api/procurements';
import { formatDate } from '../../../../lib/formatters';
import { DUTY_VIEW } from '../../model/status';
import { dueText } from '../badges';

/** The procurement's duties of the law with their due dates and states (as a contract's duties). */
export function DutiesList({ duties }: { duties: ProcurementDutyOut[] }) {
  if (!duties.length)
    return (
      <Text size="sm" c="dimmed">
        Обязанностей со сроками пока нет.
      </Text>
    );
  return (
    <Table withTableBorder striped aria-label="Сроки закупки">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Обязанность</Table.Th>
          <Table.Th>Основание</Table.Th>
          <Table.Th>Срок</Table.Th>
          <Table.Th>Состояние</Table.Th>
          <Table.Th>Выполнено</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {duties.map((d) => {
          const v = DUTY_VIEW[d.status] ?? { label: d.status, color: 'gray' };
          const open = d.status === 'due' || d.status === 'due_soon' || d.status === 'overdue';
          return (
            <Table.Tr key={`${d.duty}-${d.protocol_id ?? 0}`}>
              <Table.Td maw={360}>
                {d.title}
                <Text size="xs" c="dimmed">
                  {d.reference}
                </Text>
              </Table.Td>
              <Table.Td>{formatDate(d.base_date)}</Table.Td>
              <Table.Td>
                {d.earliest_date ? `с ${formatDate(d.earliest_date)} по ` : ''}
                {formatDate(d.due_date)}
              </Table.Td>
              <Table.Td>
                <Stack gap={2}>
                  <Badge color={v.color} variant={d.status === 'overdue' ? 'filled' : 'light'}>
                    {v.label}
                  </Badge>
                  {open ? (
                    <Text size="xs" c="dimmed">
                      {dueText({ ...d, status: d.status === 'overdue' ? 'overdue' : 'due' })}
                    </Text>
                  ) : null}
                </Stack>
              </Table.Td>
              <Table.Td>{d.done_on ? formatDate(d.done_on) : '—'}</Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
