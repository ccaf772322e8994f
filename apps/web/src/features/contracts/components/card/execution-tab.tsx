import { Alert, Card, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ContractEvent } from '@zakupki/shared/api/contracts';
import { CONTRACT_EVENT_TITLES } from '@zakupki/shared/api/contracts-model';
import type { Payment } from '@zakupki/shared/api/imports';
import type { z } from 'zod';
import { ViewBadge } from '../../../../components/badges/view-badge';
import { type ListColumn, ListTable } from '../../../../components/table/list-table';
import { formatDate, formatMoney } from '../../../../lib/formatters';
import { useContractEvents } from '../../api/contracts';
import { usePayments } from '../../api/execution';
import { PAYMENT_STATUS_VIEW } from '../../model/labels';
import { overrunOf, shareOf } from '../../model/overrun';
import { AcceptanceTable, percentOf } from './acceptance-table';
import type { ContractPaneProps } from './contract-pane';
import { DutiesList } from './duties-list';

type ContractEventRow = z.infer<typeof ContractEvent>;

function Meter({
  label,
  value,
  price,
  color,
}: {
  label: string;
  value: string;
  price: string;
  color: string;
}) {
  // the real share: above the price it reads 112 %, not a full bar of 100 %
  const pct = shareOf(value, price);
  const excess = overrunOf(value, price);
  return (
    <Card withBorder padding="sm">
      <Stack gap={6}>
        <Group justify="space-between">
          <Text size="sm" fw={500}>
            {label}
          </Text>
          <Text size="sm" c={excess ? 'red.8' : undefined} fw={excess ? 600 : undefined}>
            {pct.toFixed(1).replace('.', ',')} %
          </Text>
        </Group>
        <Progress
          value={percentOf(value, price)}
          color={excess ? 'red' : color}
          size="lg"
          aria-label={`${label}: ${pct.toFixed(0)} %`}
        />
        <Text size="sm" c="dimmed">
          {formatMoney(value)} из {formatMoney(price)}
        </Text>
        {excess ? (
          <Alert color="red" variant="light" p="xs" role="alert">
            {label}: превышение цены договора на {formatMoney(excess)}
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}

const PAYMENT_COLUMNS: ListColumn<Payment>[] = [
  { key: 'date', title: 'Дата', render: (p) => formatDate(p.date) },
  { key: 'number', title: 'Номер', render: (p) => p.number },
  { key: 'amount', title: 'Сумма', align: 'right', nowrap: true, render: (p) => formatMoney(p.amount) },
  {
    key: 'purpose',
    title: 'Назначение платежа',
    maw: 420,
    render: (p) => (
      <Text size="sm" lineClamp={2} title={p.purpose}>
        {p.purpose}
      </Text>
    ),
  },
  {
    key: 'status',
    title: 'Состояние',
    render: (p) => <ViewBadge view={PAYMENT_STATUS_VIEW} state={p.status} variant="light" />,
  },
];

const EVENT_COLUMNS: ListColumn<ContractEventRow>[] = [
  { key: 'date', title: 'Дата', render: (e) => formatDate(e.event_date) },
  {
    key: 'kind',
    title: 'Событие',
    render: (e) => (
      <>
        <Text size="sm">{CONTRACT_EVENT_TITLES[e.kind]}</Text>
        {e.description ? (
          <Text size="xs" c="dimmed">
            {e.description}
          </Text>
        ) : null}
      </>
    ),
  },
  {
    key: 'amount',
    title: 'Сумма',
    align: 'right',
    nowrap: true,
    render: (e) => (e.amount ? formatMoney(e.amount) : '—'),
  },
  {
    key: 'document',
    title: 'Документ',
    render: (e) =>
      e.document_number
        ? `${e.document_name ?? 'Документ'} № ${e.document_number}${e.document_date ? ` от ${formatDate(e.document_date)}` : ''}`
        : '—',
  },
  {
    key: 'eis',
    title: 'Размещено в ЕИС',
    render: (e) => (e.eis_published_at ? formatDate(e.eis_published_at) : '—'),
  },
];

/** «Исполнение»: accepted and paid against the price, per item, payments, events and EIS deadlines. */
export function ExecutionTab({ companyId, contract, canWrite }: ContractPaneProps) {
  const payments = usePayments(companyId, { contract_id: contract.id, page: 1, limit: 100 });
  const events = useContractEvents(companyId, contract.id);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Meter
          label="Исполнено (принято)"
          value={contract.executed_amount}
          price={contract.price}
          color="teal"
        />
        <Meter label="Оплачено" value={contract.paid_amount} price={contract.price} color="blue" />
      </SimpleGrid>

      <Title order={4}>Приёмка по позициям</Title>
      <AcceptanceTable
        aria-label="Приёмка по позициям"
        items={contract.items}
        withProgress
        emptyText="Спецификация пуста"
        minWidth={800}
      />

      <Title order={4}>Платежи</Title>
      <ListTable
        aria-label="Платежи по договору"
        columns={PAYMENT_COLUMNS}
        records={payments.data?.items}
        failed={payments.isError}
        emptyText="Платежей из банковских выписок нет"
      />

      <Title order={4}>События исполнения</Title>
      <ListTable
        aria-label="События исполнения"
        columns={EVENT_COLUMNS}
        records={events.data?.items}
        failed={events.isError}
        emptyText="Событий нет"
      />

      <Title order={4}>Сроки размещения сведений в ЕИС</Title>
      <DutiesList companyId={companyId} contract={contract} canWrite={canWrite} />
    </Stack>
  );
}
