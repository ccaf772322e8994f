import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import type { EisConfirmation } from '@zakupki/shared/api/eis-sync';
import type { ProcurementListItem } from '@zakupki/shared/api/procurements';
import type { ProcurementSort } from '@zakupki/shared/api/procurements-model';
import { Link } from 'react-router';
import { EisConfirmationBadge } from '../../../../components/badges/eis-confirmation-badge';
import {
  type RegisterTableData,
  RegisterTable as Table,
} from '../../../../components/register/register-table';
import { formatDate, formatMoney } from '../../../../lib/formatters';
import { DeadlineBadge, StatusBadge } from '../badges';

export type RegisterTableProps = RegisterTableData<ProcurementListItem, ProcurementSort> & {
  onOpen: (id: number) => void;
  /** the EIS confirmation marks of the rows shown, by procurement id */
  marks?: ReadonlyMap<number, EisConfirmation>;
};

const money = (p: ProcurementListItem) =>
  formatMoney(p.nmcd, p.currency_code === 'RUB' ? '₽' : p.currency_code);

/** The register table: server-side paging and sorting; a row opens the procurement's card. */
export function RegisterTable({ marks, ...p }: RegisterTableProps) {
  return (
    <Table<ProcurementListItem, ProcurementSort>
      aria-label="Реестр закупок"
      emptyText="Закупки не найдены"
      {...p}
      columns={[
        {
          accessor: 'number',
          title: 'Номер',
          sortable: true,
          width: 150,
          render: (r) => (
            <Stack gap={0}>
              <Anchor
                component={Link}
                to={`/documents/${r.id}`}
                size="sm"
                fw={500}
                onClick={(e) => e.stopPropagation()}
              >
                № {r.number}
              </Anchor>
              {r.eis_notice_number ? (
                <Text size="xs" c="dimmed">
                  ЕИС {r.eis_notice_number}
                </Text>
              ) : null}
              <EisConfirmationBadge mark={marks?.get(r.id)} />
            </Stack>
          ),
        },
        {
          accessor: 'subject',
          title: 'Предмет',
          sortable: true,
          render: (r) => (
            <Stack gap={2}>
              <Text size="sm" lineClamp={3} title={r.subject}>
                {r.subject}
              </Text>
              <Group gap={4}>
                <Text size="xs" c="dimmed">
                  {r.method_title}
                  {r.lots_count > 1 ? ` · лотов: ${r.lots_count}` : ''}
                </Text>
                {r.sme_only ? (
                  <Badge size="xs" variant="outline">
                    МСП
                  </Badge>
                ) : null}
              </Group>
            </Stack>
          ),
        },
        { accessor: 'customer_title', title: 'Заказчик', width: 200 },
        {
          accessor: 'nmcd',
          title: 'НМЦД',
          sortable: true,
          textAlign: 'right',
          width: 150,
          render: (r) => (
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              {money(r)}
            </Text>
          ),
        },
        {
          accessor: 'planned_publication_date',
          title: 'Размещение',
          sortable: true,
          width: 120,
          render: (r) =>
            r.published_on ? (
              formatDate(r.published_on)
            ) : r.planned_publication_date ? (
              <Text size="sm" c="dimmed">
                план {formatDate(r.planned_publication_date)}
              </Text>
            ) : (
              '—'
            ),
        },
        {
          accessor: 'bids_deadline',
          title: 'Окончание подачи заявок',
          sortable: true,
          width: 120,
          render: (r) => formatDate(r.bids_deadline) || '—',
        },
        {
          accessor: 'status',
          title: 'Статус',
          sortable: true,
          width: 150,
          render: (r) => <StatusBadge status={r.status} />,
        },
        {
          accessor: 'deadline',
          title: 'Ближайший срок',
          width: 220,
          render: (r) => <DeadlineBadge deadline={r.deadline} />,
        },
      ]}
    />
  );
}
