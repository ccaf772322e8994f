import { Badge, Card, Group, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Contract } from '@zakupki/shared/api/contracts';
import { CONTRACT_EVENT_TITLES } from '@zakupki/shared/api/contracts-model';
import { formatDate, formatMoney } from '../../../../lib/formatters';
import { contractEventsQuery } from '../../api/contracts';
import { paymentsQuery } from '../../api/execution';
import { PAYMENT_STATUS_VIEW } from '../../model/labels';
import { DutiesList } from './duties-list';

/** Share of `part` in `whole`, 0–100 (display only). */
export const percentOf = (part: string, whole: string) => {
  const w = Number(whole);
  if (!(w > 0)) return 0;
  return Math.max(0, Math.min(100, (Number(part) / w) * 100));
};

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
  const pct = percentOf(value, price);
  return (
    <Card withBorder padding="sm">
      <Stack gap={6}>
        <Group justify="space-between">
          <Text size="sm" fw={500}>
            {label}
          </Text>
          <Text size="sm">{pct.toFixed(1).replace('.', ',')} %</Text>
        </Group>
        <Progress value={pct} color={color} size="lg" aria-label={`${label}: ${pct.toFixed(0)} %`} />
        <Text size="sm" c="dimmed">
          {formatMoney(value)} из {formatMoney(price)}
        </Text>
      </Stack>
    </Card>
  );
}

/** «Исполнение»: accepted and paid against the price, per item, payments, events and EIS deadlines. */
export function ExecutionTab({
  companyId,
  contract,
  canWrite,
}: {
  companyId: number;
  contract: Contract;
  canWrite: boolean;
}) {
  const payments = useQuery(paymentsQuery(companyId, { contract_id: contract.id, page: 1, limit: 100 }));
  const events = useQuery(contractEventsQuery(companyId, contract.id));
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
      <Table.ScrollContainer minWidth={800}>
        <Table withTableBorder striped aria-label="Приёмка по позициям">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>№</Table.Th>
              <Table.Th>Позиция</Table.Th>
              <Table.Th ta="right">Количество</Table.Th>
              <Table.Th ta="right">Принято</Table.Th>
              <Table.Th ta="right">Сумма</Table.Th>
              <Table.Th ta="right">Принято на сумму</Table.Th>
              <Table.Th w={140}>Выполнение</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {contract.items.map((i) => (
              <Table.Tr key={i.id}>
                <Table.Td>{i.line_no}</Table.Td>
                <Table.Td maw={320}>{i.name}</Table.Td>
                <Table.Td ta="right">
                  {i.quantity} {i.unit_name ?? ''}
                </Table.Td>
                <Table.Td ta="right">{i.accepted_quantity}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(i.amount)}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(i.accepted_amount)}
                </Table.Td>
                <Table.Td>
                  <Progress
                    value={percentOf(i.accepted_amount, i.amount)}
                    color="teal"
                    aria-label={`Выполнение позиции ${i.line_no}`}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
            {!contract.items.length ? (
              <Table.Tr>
                <Table.Td colSpan={7}>
                  <Text size="sm" c="dimmed" ta="center">
                    Спецификация пуста
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : null}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      <Title order={4}>Платежи</Title>
      <Table withTableBorder striped aria-label="Платежи по договору">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Дата</Table.Th>
            <Table.Th>Номер</Table.Th>
            <Table.Th ta="right">Сумма</Table.Th>
            <Table.Th>Назначение платежа</Table.Th>
            <Table.Th>Состояние</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(payments.data?.items ?? []).map((p) => (
            <Table.Tr key={p.id}>
              <Table.Td>{formatDate(p.date)}</Table.Td>
              <Table.Td>{p.number}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(p.amount)}
              </Table.Td>
              <Table.Td maw={420}>
                <Text size="sm" lineClamp={2} title={p.purpose}>
                  {p.purpose}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge color={PAYMENT_STATUS_VIEW[p.status]?.color} variant="light">
                  {PAYMENT_STATUS_VIEW[p.status]?.label ?? p.status}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
          {!payments.data?.items.length ? (
            <Table.Tr>
              <Table.Td colSpan={5}>
                <Text size="sm" c="dimmed" ta="center">
                  {payments.data ? 'Платежей из банковских выписок нет' : 'Загрузка…'}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : null}
        </Table.Tbody>
      </Table>

      <Title order={4}>События исполнения</Title>
      <Table withTableBorder striped aria-label="События исполнения">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Дата</Table.Th>
            <Table.Th>Событие</Table.Th>
            <Table.Th ta="right">Сумма</Table.Th>
            <Table.Th>Документ</Table.Th>
            <Table.Th>Размещено в ЕИС</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(events.data?.items ?? []).map((e) => (
            <Table.Tr key={e.id}>
              <Table.Td>{formatDate(e.event_date)}</Table.Td>
              <Table.Td>
                <Text size="sm">{CONTRACT_EVENT_TITLES[e.kind]}</Text>
                {e.description ? (
                  <Text size="xs" c="dimmed">
                    {e.description}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {e.amount ? formatMoney(e.amount) : '—'}
              </Table.Td>
              <Table.Td>
                {e.document_number
                  ? `${e.document_name ?? 'Документ'} № ${e.document_number}${e.document_date ? ` от ${formatDate(e.document_date)}` : ''}`
                  : '—'}
              </Table.Td>
              <Table.Td>{e.eis_published_at ? formatDate(e.eis_published_at) : '—'}</Table.Td>
            </Table.Tr>
          ))}
          {!events.data?.items.length ? (
            <Table.Tr>
              <Table.Td colSpan={5}>
                <Text size="sm" c="dimmed" ta="center">
                  {events.data ? 'Событий нет' : 'Загрузка…'}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : null}
        </Table.Tbody>
      </Table>

      <Title order={4}>Сроки размещения сведений в ЕИС</Title>
      <DutiesList companyId={companyId} contract={contract} canWrite={canWrite} />
    </Stack>
  );
}
