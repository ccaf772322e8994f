import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  List,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  EIS_CANCELLATION_REASON_TITLES,
  EIS_PLAN_TYPE_TITLES,
  type EisPlanItem,
} from '@zakupki/shared/api/eis-plans';
import { procurementRoutes } from '@zakupki/shared/api/procurements';
import { mayCall } from '@zakupki/shared/contract';
import { Link, useNavigate, useParams } from 'react-router';
import { notices } from '../../../components/notices/notices.store';
import { companyLabel, useSelectedCompany } from '../../../lib/company';
import { formatDate, formatMoney } from '../../../lib/formatters';
import { useCreateProcurementFromPosition, useEisPlanItem, useEisPlanPermissions } from '../api/eis-plans';
import { changeText, MONTHS, POSITION_STATUS_COLOR, positionStatusTitle } from '../model/view';

/**
 * /eisPlanItems/:number — a plan position by its number (`<plan registration number>-<ordinal>`).
 * «Создать закупку по позиции» (users with procurements.write) makes a draft procurement from the
 * position and opens its card.
 */
export function PlanItemRoute() {
  const { number = '' } = useParams();
  return <PlanItemView number={number} />;
}

const yes = (v: boolean | null) => (v === null ? '—' : v ? 'да' : 'нет');

export function PlanItemView({ number }: { number: string }) {
  const company = useSelectedCompany();
  const item = useEisPlanItem(company?.id ?? null, number);
  const p = item.data;
  return (
    <Stack gap="md">
      <Title order={2}>Позиция плана закупки № {number}</Title>
      {!company ? <Alert color="gray">Выберите компанию в шапке.</Alert> : null}
      {item.isError ? (
        <Alert color="red" title="Позиция не найдена">
          В планах закупок компании {company ? `«${companyLabel(company)}»` : ''} нет позиции с номером{' '}
          {number}.
        </Alert>
      ) : null}
      {p && company ? <CreateProcurementButton companyId={company.id} position={p} /> : null}
      {p ? <PlanItemCard p={p} /> : null}
    </Stack>
  );
}

function CreateProcurementButton({ companyId, position: p }: { companyId: number; position: EisPlanItem }) {
  const navigate = useNavigate();
  const perms = useEisPlanPermissions(companyId);
  const create = useCreateProcurementFromPosition(companyId, {
    onSuccess: (x) => {
      notices.success('Закупка создана', `Черновик закупки № ${x.number} создан по позиции плана`);
      navigate(`/documents/${x.id}`);
    },
  });
  if (!perms.isSuccess || !mayCall(procurementRoutes.fromPlan, perms.data)) return null;
  // a draft is a real record of the register: asked first, with what it will take from the position
  const confirm = () =>
    modals.openConfirmModal({
      title: 'Создать закупку по позиции?',
      children: (
        <Text size="sm">
          Будет создан черновик закупки по позиции № {p.number}: «{p.subject}», НМЦД {formatMoney(p.price)},
          способ «{p.method_name ?? p.method_code ?? 'не указан'}»
          {p.electronic === false ? ' (не в электронной форме)' : ''}.
        </Text>
      ),
      labels: { confirm: 'Создать', cancel: 'Отмена' },
      onConfirm: () => create.mutate(p.id),
    });
  return (
    <Group>
      <Button onClick={confirm} loading={create.isPending}>
        Создать закупку по позиции
      </Button>
    </Group>
  );
}

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

function PlanItemCard({ p }: { p: EisPlanItem }) {
  return (
    <Stack gap="md">
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
      <Stack gap="xs">
        <Text fw={600}>Строки позиции</Text>
        <Table withTableBorder striped aria-label="Строки позиции">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>№</Table.Th>
              <Table.Th>ОКПД2</Table.Th>
              <Table.Th>ОКВЭД2</Table.Th>
              <Table.Th>Количество</Table.Th>
              <Table.Th>Регион</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {p.rows.map((r, i) => (
              <Table.Tr key={`${r.ordinal_number}|${r.okpd2_code}|${r.qty}|${r.okei_code}`}>
                <Table.Td>{r.ordinal_number ?? i + 1}</Table.Td>
                <Table.Td>
                  {r.okpd2_code} {r.okpd2_name}
                </Table.Td>
                <Table.Td>
                  {r.okved2_code} {r.okved2_name}
                </Table.Td>
                <Table.Td>
                  {r.qty_undefined ? 'не определено' : `${r.qty ?? '—'} ${r.okei_name ?? ''}`}
                </Table.Td>
                <Table.Td>{r.region ?? p.region ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
      <Stack gap="xs">
        <Text fw={600}>Закупки и договоры по позиции</Text>
        {p.links.length ? (
          <Table withTableBorder striped aria-label="Закупки и договоры">
            <Table.Tbody>
              {p.links.map((l) => (
                <Table.Tr key={`${l.kind}-${l.id}`}>
                  <Table.Td>{l.kind === 'contract' ? 'Договор' : 'Закупка'}</Table.Td>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={
                        l.kind === 'contract' ? `/contracts/register?contract=${l.id}` : `/documents/${l.id}`
                      }
                    >
                      № {l.number}
                    </Anchor>
                    {l.date ? ` от ${formatDate(l.date)}` : ''}
                  </Table.Td>
                  <Table.Td>{l.subject}</Table.Td>
                  <Table.Td>{formatMoney(l.amount)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          <Text size="sm" c="dimmed">
            По позиции нет закупок и договоров
          </Text>
        )}
        <Text size="sm">
          НМЦД позиции {formatMoney(p.price)}; договоров на {formatMoney(p.contract_amount)}; закупок на{' '}
          {formatMoney(p.procurement_amount)}
        </Text>
      </Stack>
      <Stack gap="xs">
        <Text fw={600}>История позиции</Text>
        <Table withTableBorder striped aria-label="История позиции">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Версия плана</Table.Th>
              <Table.Th>Размещена</Table.Th>
              <Table.Th>Статус</Table.Th>
              <Table.Th>НМЦД</Table.Th>
              <Table.Th>Изменения</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {p.history.map((h) => (
              <Table.Tr key={h.version}>
                <Table.Td>№ {h.version}</Table.Td>
                <Table.Td>{formatDate(h.published_at)}</Table.Td>
                <Table.Td>{positionStatusTitle(h.status)}</Table.Td>
                <Table.Td>{formatMoney(h.price)}</Table.Td>
                <Table.Td>{h.changes.length ? h.changes.map(changeText).join('; ') : '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Stack>
  );
}
