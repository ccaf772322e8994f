import { Stack, Text } from '@mantine/core';
import type { Payment } from '@zakupki/shared/api/imports';
import type { DataTableColumn } from 'mantine-datatable';
import { ViewBadge } from '../../../../components/badges/view-badge';
import { formatDate, formatMoney } from '../../../../lib/formatters';
import { PAYMENT_STATUS_VIEW } from '../../model/labels';
import { PartyText } from '../cells';

/** The columns of a payment: date and number, sum, payee, purpose with the match reason, contract. */
export const PAYMENT_COLUMNS: DataTableColumn<Payment>[] = [
  {
    accessor: 'date',
    title: 'Дата и номер',
    render: (p) => (
      <Stack gap={0}>
        <Text size="sm">{formatDate(p.date)}</Text>
        <Text size="xs" c="dimmed">
          № {p.number}
        </Text>
      </Stack>
    ),
  },
  {
    accessor: 'amount',
    title: 'Сумма',
    textAlign: 'right',
    render: (p) => (
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatMoney(p.amount)}
      </Text>
    ),
  },
  {
    accessor: 'payee',
    title: 'Получатель',
    render: (p) => <PartyText party={p.payee} />,
  },
  {
    accessor: 'purpose',
    title: 'Назначение платежа',
    render: (p) => (
      <Stack gap={2}>
        <Text size="sm" lineClamp={3} title={p.purpose}>
          {p.purpose}
        </Text>
        {p.match_reason ? (
          <Text size="xs" c="dimmed">
            {p.match_reason}
          </Text>
        ) : null}
      </Stack>
    ),
  },
  {
    accessor: 'status',
    title: 'Договор',
    render: (p) => (
      <Stack gap={2}>
        <ViewBadge view={PAYMENT_STATUS_VIEW} state={p.status} variant="light" />
        {p.contract ? (
          <Text size="xs">
            № {p.contract.number} от {formatDate(p.contract.contract_date)}
          </Text>
        ) : null}
      </Stack>
    ),
  },
];
