import { Stack, Text } from '@mantine/core';
import type { ContractListItem } from '@zakupki/shared/api/contracts';
import type { EisConfirmation } from '@zakupki/shared/api/eis-sync';
import { EisConfirmationBadge } from '../../../../components/badges/eis-confirmation-badge';
import {
  type RegisterTableData,
  RegisterTable as Table,
} from '../../../../components/register/register-table';
import { formatDate, formatMoney } from '../../../../lib/formatters';
import type { ContractSort } from '../../model/filters';
import { DeadlineBadge, StatusBadge } from '../badges';

export type RegisterTableProps = RegisterTableData<ContractListItem, ContractSort> & {
  onOpen: (id: number) => void;
  /** the EIS confirmation marks of the rows shown, by contract id */
  marks?: ReadonlyMap<number, EisConfirmation>;
};

/** The register table: server-side paging and sorting, a row opens the contract's card. */
export function RegisterTable({ marks, ...p }: RegisterTableProps) {
  return (
    <Table<ContractListItem, ContractSort>
      aria-label="Реестр договоров"
      emptyText="Договоры не найдены"
      {...p}
      columns={[
        {
          accessor: 'eis_registry_number',
          title: (
            <span>
              Реестровый
              <br />
              номер
            </span>
          ),
          width: 130,
          render: (c) => (
            <Stack gap={2}>
              <Text size="sm" style={{ wordBreak: 'break-all' }}>
                {c.eis_registry_number ?? '—'}
              </Text>
              <EisConfirmationBadge mark={marks?.get(c.id)} />
            </Stack>
          ),
        },
        {
          accessor: 'contract_date',
          title: 'Номер и дата',
          sortable: true,
          width: 150,
          render: (c) => (
            <Stack gap={0}>
              <Text size="sm" fw={500}>
                № {c.number}
              </Text>
              <Text size="xs" c="dimmed">
                от {formatDate(c.contract_date)}
              </Text>
            </Stack>
          ),
        },
        {
          accessor: 'subject',
          title: 'Предмет',
          render: (c) => (
            <Text size="sm" lineClamp={3} title={c.subject}>
              {c.subject}
            </Text>
          ),
        },
        {
          accessor: 'supplier_name',
          title: 'Поставщик',
          sortable: true,
          width: 220,
          render: (c) => (
            <Stack gap={0}>
              <Text size="sm">{c.supplier_name}</Text>
              <Text size="xs" c="dimmed">
                ИНН {c.supplier_inn}
              </Text>
            </Stack>
          ),
        },
        {
          accessor: 'price',
          title: 'Цена',
          sortable: true,
          textAlign: 'right',
          width: 150,
          render: (c) => (
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              {formatMoney(c.price, c.currency_code === 'RUB' ? '₽' : c.currency_code)}
            </Text>
          ),
        },
        {
          accessor: 'status',
          title: 'Статус',
          sortable: true,
          width: 120,
          render: (c) => <StatusBadge status={c.status} />,
        },
        {
          accessor: 'end_date',
          title: 'Окончание',
          sortable: true,
          width: 110,
          render: (c) => formatDate(c.end_date) || '—',
        },
        {
          accessor: 'deadline',
          title: 'Срок в ЕИС',
          width: 230,
          render: (c) => <DeadlineBadge deadline={c.deadline} />,
        },
      ]}
    />
  );
}
