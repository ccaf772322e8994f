import { Button, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ProcurementProtocol } from '@zakupki/shared/api/procurements';
import { useState } from 'react';
import { DateField } from '../../../../components/form/date-field';
import { notices } from '../../../../components/notices/notices.store';
import { formatDate, formatMoney } from '../../../../lib/formatters';
import { useRemoveProtocol } from '../../api/procurements';
import { DATE_FIELDS } from '../../model/form';
import type { CardFormProps } from './card-form';
import { DutiesList } from './duties-list';
import { ProtocolModal } from './protocol-modal';

/** «Сроки»: the five dates (saved with the card), the duties with due dates and the protocols. */
export function DatesTab({
  companyId,
  procurement: p,
  form,
  readOnly: ro,
  canWrite,
}: CardFormProps & { canWrite: boolean }) {
  const [editing, setEditing] = useState<ProcurementProtocol | 'new' | null>(null);
  const remove = useRemoveProtocol(companyId, p.id, {
    onSuccess: () => notices.success('Протокол удалён', 'Протокол удалён из закупки'),
  });
  const confirmRemove = (pr: ProcurementProtocol) =>
    modals.openConfirmModal({
      title: 'Удалить протокол?',
      children: (
        <Text size="sm">
          {pr.title} от {formatDate(pr.signed_on)} будет удалён.
        </Text>
      ),
      labels: { confirm: 'Удалить', cancel: 'Отмена' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(pr.id),
    });
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 3, md: 5 }}>
        {DATE_FIELDS.map(([name, label]) => (
          <DateField key={name} label={label} readOnly={ro} {...form.getInputProps(name)} />
        ))}
      </SimpleGrid>
      <Stack gap="xs">
        <Title order={4}>Сроки по закону</Title>
        <DutiesList duties={p.duties} />
      </Stack>
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={4}>Протоколы</Title>
          {canWrite ? (
            <Button size="xs" variant="light" onClick={() => setEditing('new')}>
              Добавить протокол
            </Button>
          ) : null}
        </Group>
        {p.protocols.length ? (
          <Table withTableBorder striped aria-label="Протоколы">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Протокол</Table.Th>
                <Table.Th>Подписан</Table.Th>
                <Table.Th>Размещён</Table.Th>
                <Table.Th>Лот</Table.Th>
                <Table.Th>Победитель</Table.Th>
                {canWrite ? <Table.Th /> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {p.protocols.map((pr) => (
                <Table.Tr key={pr.id}>
                  <Table.Td>
                    {pr.title}
                    {pr.final ? (
                      <Text size="xs" c="dimmed">
                        итоговый
                      </Text>
                    ) : null}
                    {pr.eis_registration_number ? (
                      <Text size="xs" c="dimmed">
                        ЕИС {pr.eis_registration_number}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{formatDate(pr.signed_on)}</Table.Td>
                  <Table.Td>{pr.published_on ? formatDate(pr.published_on) : '—'}</Table.Td>
                  <Table.Td>{pr.lot_number ?? '—'}</Table.Td>
                  <Table.Td>
                    {pr.winner_name ?? '—'}
                    {pr.winner_inn ? ` (ИНН ${pr.winner_inn})` : ''}
                    {pr.winner_price ? (
                      <Text size="xs" c="dimmed">
                        {formatMoney(pr.winner_price)}
                      </Text>
                    ) : null}
                  </Table.Td>
                  {canWrite ? (
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Button size="compact-xs" variant="subtle" onClick={() => setEditing(pr)}>
                          Изменить
                        </Button>
                        {pr.source === 'manual' ? (
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            color="red"
                            onClick={() => confirmRemove(pr)}
                          >
                            Удалить
                          </Button>
                        ) : null}
                      </Group>
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          <Text size="sm" c="dimmed">
            Протоколов нет
          </Text>
        )}
      </Stack>
      <ProtocolModal
        companyId={companyId}
        procurementId={p.id}
        protocol={editing === 'new' ? null : editing}
        opened={editing !== null}
        onClose={() => setEditing(null)}
      />
    </Stack>
  );
}
