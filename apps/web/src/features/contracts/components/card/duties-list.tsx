import { Badge, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import type { Contract } from '@zakupki/shared/api/contracts';
import { useState } from 'react';
import { DateField } from '../../../../components/form/date-field';
import { notices } from '../../../../components/notices/notices.store';
import { formatDate } from '../../../../lib/formatters';
import { useRecordPublication } from '../../api/contracts';
import { moscowDay } from '../../model/general-values';
import { DUTY_VIEW } from '../../model/status';
import { dueText } from '../badges';
import type { ContractPaneProps } from './contract-pane';

type Duty = Contract['duties'][number];

/** The contract's EIS duties (docs/domain.md §1) with their due dates and states; placement is marked here. */
export function DutiesList({ companyId, contract, canWrite }: ContractPaneProps) {
  const [marking, setMarking] = useState<Duty | null>(null);
  const [date, setDate] = useState<string | null>(null);
  const mark = useRecordPublication(companyId, contract.id, {
    onSuccess: () => {
      notices.success('Размещение отмечено', 'Дата размещения сведений в ЕИС сохранена');
      setMarking(null);
    },
  });
  if (!contract.duties.length) {
    return (
      <Text size="sm" c="dimmed">
        Обязанностей по размещению сведений в ЕИС пока нет.
      </Text>
    );
  }
  return (
    <>
      <Table withTableBorder striped aria-label="Сроки размещения в ЕИС">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Обязанность</Table.Th>
            <Table.Th>Основание</Table.Th>
            <Table.Th>Срок</Table.Th>
            <Table.Th>Состояние</Table.Th>
            <Table.Th>Размещено</Table.Th>
            {canWrite ? <Table.Th /> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {contract.duties.map((d) => {
            const v = DUTY_VIEW[d.status];
            const open = d.status === 'due' || d.status === 'due_soon' || d.status === 'overdue';
            return (
              <Table.Tr key={`${d.duty}-${d.event_id ?? 0}`}>
                <Table.Td maw={360}>{d.title}</Table.Td>
                <Table.Td>{formatDate(d.base_date)}</Table.Td>
                <Table.Td>{formatDate(d.due_date)}</Table.Td>
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
                {canWrite ? (
                  <Table.Td>
                    {open ? (
                      <Button
                        size="compact-xs"
                        variant="light"
                        onClick={() => {
                          setDate(moscowDay(new Date().toISOString()));
                          setMarking(d);
                        }}
                      >
                        Отметить размещение
                      </Button>
                    ) : null}
                  </Table.Td>
                ) : null}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      <Modal opened={!!marking} onClose={() => setMarking(null)} title="Размещение сведений в ЕИС">
        <Stack gap="sm">
          <Text size="sm">{marking?.title}</Text>
          <DateField label="Дата размещения" required value={date} onChange={setDate} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setMarking(null)}>
              Отмена
            </Button>
            <Button
              disabled={!date}
              loading={mark.isPending}
              onClick={() =>
                marking && date && mark.mutate({ event_id: marking.event_id, eis_published_at: date })
              }
            >
              Сохранить
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
