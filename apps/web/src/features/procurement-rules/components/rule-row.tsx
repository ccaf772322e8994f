import { Anchor, Badge, Button, Group, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ProcurementRule } from '@zakupki/shared/api/procurement-rules';
import { Link } from 'react-router';
import { notices } from '../../../components/notices/notices.store';
import { formatDate } from '../../../lib/formatters';
import { useDeleteRule, useUpdateRule } from '../api/procurement-rules';
import { DUTY_VIEW, dutyText, VERSION_STATUS_VIEW } from '../model/views';

/** A rule of the register: its versions, the EIS duty and, for a writer, its actions. */
export function RuleRow({
  rule,
  canWrite,
  onEdit,
  onCopy,
}: {
  rule: ProcurementRule;
  canWrite: boolean;
  onEdit: () => void;
  onCopy: () => void;
}) {
  const update = useUpdateRule(rule.company_id);
  const remove = useDeleteRule(rule.company_id);
  const cur = rule.current_version;
  const archive = () =>
    modals.openConfirmModal({
      title: rule.archived ? 'Вернуть из архива' : 'Перенести в архив',
      children: (
        <Text size="sm">{`${rule.archived ? 'Вернуть из архива' : 'Перенести в архив'} «${rule.title}»?`}</Text>
      ),
      labels: { confirm: 'Да', cancel: 'Отмена' },
      onConfirm: () =>
        update.mutate({
          ruleId: rule.id,
          body: { title: rule.title, customer_ids: rule.customer_ids, archived: !rule.archived },
        }),
    });
  const del = () =>
    modals.openConfirmModal({
      title: 'Удалить положение',
      children: (
        <Text size="sm">{`Удалить «${rule.title}»? Удалить можно только положение без утверждённых редакций.`}</Text>
      ),
      labels: { confirm: 'Удалить', cancel: 'Отмена' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(rule.id, { onSuccess: () => notices.success('Удалено', 'Положение удалено') }),
    });
  return (
    <Table.Tr>
      <Table.Td>
        <Anchor component={Link} to={`/procurementsRules/${rule.id}/versions`} fw={500}>
          {rule.title}
        </Anchor>
        {rule.archived ? (
          <Badge ml="xs" color="dark" variant="light" size="sm">
            В архиве
          </Badge>
        ) : null}
        {rule.customers.length ? (
          <Text size="xs" c="dimmed">
            {rule.customers.map((c) => c.title).join(', ')}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        {cur ? (
          <>
            <Text size="sm">
              Редакция № {cur.number} с {formatDate(cur.effective_from)}
            </Text>
            <Text size="xs" c="dimmed">
              {cur.eis_registration_number ? `ЕИС № ${cur.eis_registration_number}` : ''}
            </Text>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            Нет действующей редакции
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        {rule.latest_version ? (
          <Badge color={VERSION_STATUS_VIEW[rule.latest_version.status].color} variant="light">
            {`№ ${rule.latest_version.number}: ${VERSION_STATUS_VIEW[rule.latest_version.status].label}`}
          </Badge>
        ) : (
          <Text size="sm" c="dimmed">
            Редакций нет
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        {rule.duty ? (
          <>
            <Badge
              color={DUTY_VIEW[rule.duty.status].color}
              variant={rule.duty.status === 'overdue' ? 'filled' : 'light'}
            >
              {DUTY_VIEW[rule.duty.status].label}
            </Badge>
            <Text size="xs" c="dimmed">
              {dutyText(rule.duty)}
            </Text>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            —
          </Text>
        )}
      </Table.Td>
      {canWrite ? (
        <Table.Td>
          <Group gap={4} wrap="nowrap">
            <Button size="compact-xs" variant="default" onClick={onEdit}>
              Изменить
            </Button>
            <Button size="compact-xs" variant="default" onClick={onCopy}>
              Копировать
            </Button>
            <Button size="compact-xs" variant="default" onClick={archive}>
              {rule.archived ? 'Из архива' : 'В архив'}
            </Button>
            {rule.can_delete ? (
              <Button size="compact-xs" variant="subtle" color="red" onClick={del}>
                Удалить
              </Button>
            ) : null}
          </Group>
        </Table.Td>
      ) : null}
    </Table.Tr>
  );
}
