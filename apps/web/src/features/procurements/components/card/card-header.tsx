import { Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useNavigate } from 'react-router';
import { notices } from '../../../../components/notices/notices.store';
import { formatMoney } from '../../../../lib/formatters';
import { useRemoveProcurement } from '../../api/procurements';
import { DeadlineBadge, StatusBadge } from '../badges';
import type { CardProps } from './card-props';
import { StatusActions } from './status-actions';

/** The card's header: number, badges, summary line, the status moves and «Удалить» where the server allows it. */
export function CardHeader({ companyId, procurement: p, canWrite }: CardProps) {
  const navigate = useNavigate();
  const remove = useRemoveProcurement(companyId, {
    onSuccess: () => {
      notices.success('Закупка удалена', `Черновик закупки № ${p.number} удалён`);
      navigate('/documents');
    },
  });
  return (
    <Stack gap={6}>
      <Title order={2}>Закупка № {p.number}</Title>
      <Group gap="sm">
        <StatusBadge status={p.status} />
        {p.sme_only ? <Badge variant="outline">Только для МСП</Badge> : null}
        {p.source === 'eis' ? <Badge variant="outline">из ЕИС</Badge> : null}
        {p.source === 'plan' ? <Badge variant="outline">по позиции плана</Badge> : null}
        {p.deadline ? <DeadlineBadge deadline={p.deadline} /> : null}
      </Group>
      <Text size="sm">{p.subject}</Text>
      <Text size="sm" c="dimmed">
        {p.customer_title} · {p.method_title} · НМЦД{' '}
        {formatMoney(p.nmcd, p.currency_code === 'RUB' ? '₽' : p.currency_code)}
        {p.eis_notice_number ? ` · извещение № ${p.eis_notice_number}` : ''}
        {p.eis_url ? (
          <>
            {' · '}
            <Anchor href={p.eis_url} target="_blank" rel="noreferrer" size="sm">
              в ЕИС
            </Anchor>
          </>
        ) : null}
      </Text>
      {canWrite ? (
        <Group gap="xs">
          <StatusActions companyId={companyId} procurement={p} />
          {p.can_delete ? (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              loading={remove.isPending}
              onClick={() =>
                modals.openConfirmModal({
                  title: 'Удалить черновик закупки?',
                  children: (
                    <Text size="sm">Закупка № {p.number} будет удалена без возможности восстановления.</Text>
                  ),
                  labels: { confirm: 'Удалить', cancel: 'Отмена' },
                  confirmProps: { color: 'red' },
                  onConfirm: () => remove.mutate(p.id),
                })
              }
            >
              Удалить
            </Button>
          ) : null}
        </Group>
      ) : null}
    </Stack>
  );
}
