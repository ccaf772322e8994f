import { Alert, Anchor, Badge, Card, Group, List, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  EIS_CANCELLATION_REASON_TITLES,
  EIS_PLAN_TYPE_TITLES,
  type EisPlanItem,
} from '@zakupki/shared/api/eis-plans';
import { Link } from 'react-router';
import { formatDate, formatMoney } from '../../../lib/formatters';
import { MONTHS, POSITION_STATUS_COLOR } from '../model/view';

const yes = (v: boolean | null) => (v === null ? '—' : v ? 'да' : 'нет');

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </Stack>
  );
}

/** A position's facts: status, plan, price, method, dates, flags, customer, violations. */
export function PlanItemSummary({ p }: { p: EisPlanItem }) {
  return (
    <>
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Group gap="xs">
            <Badge variant="light" color={POSITION_STATUS_COLOR[p.status ?? ''] ?? 'gray'}>
              {p.status_title ?? '—'}
            </Badge>
            {p.cancellation_reason ? (
              <Text size="sm">
                {EIS_CANCELLATION_REASON_TITLES[p.cancellation_reason] ?? p.cancellation_reason}
              </Text>
            ) : null}
            <Anchor component={Link} to={`/eisPlans?plan=${p.plan_id}&version=${p.version}`} size="sm">
              План № {p.registration_number} на {p.plan_year} г., версия {p.version}
            </Anchor>
          </Group>
          <Text fw={600}>{p.subject}</Text>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
            <Field label="НМЦД">{formatMoney(p.price)}</Field>
            <Field label="Способ закупки">{p.method_name ?? p.method_code ?? '—'}</Field>
            <Field label="Срок размещения извещения">
              {p.month ? `${MONTHS[p.month - 1]} ${p.year}` : (p.year ?? '—')}
              {p.quarter ? `, ${p.quarter} квартал` : ''}
            </Field>
            <Field label="Срок исполнения договора">{formatDate(p.contract_end_date)}</Field>
            <Field label="В электронной форме">{yes(p.electronic)}</Field>
            <Field label="Только для субъектов МСП">{yes(p.sme_only)}</Field>
            <Field label="Долгосрочный договор">{yes(p.long_term)}</Field>
            <Field label="Вид плана">{EIS_PLAN_TYPE_TITLES[p.plan_type] ?? p.plan_type}</Field>
            <Field label="Заказчик">
              {p.customer_name ?? '—'}
              {p.customer_inn ? ` (ИНН ${p.customer_inn})` : ''}
            </Field>
            <Field label="Регион">{p.region ?? '—'}</Field>
            <Field label="Категория закупки (ПП 1352)">{p.purchase_category ?? '—'}</Field>
            <Field label="Инновационная продукция">{yes(p.innovation)}</Field>
          </SimpleGrid>
          {p.long_term_volumes?.details.length ? (
            <Field label="Объёмы оплаты долгосрочного договора">
              {p.long_term_volumes.details.map((d) => `${d.year}: ${formatMoney(d.sum)}`).join('; ')}
            </Field>
          ) : null}
          {p.modification_description ? (
            <Field label="Описание изменений">{p.modification_description}</Field>
          ) : null}
        </Stack>
      </Card>
      {p.violations.length ? (
        <Alert color="orange" title="Нарушения">
          <List size="sm">
            {p.violations.map((v) => (
              <List.Item key={v.message}>{v.message}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
    </>
  );
}
