import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { EisPlanItem } from '@zakupki/shared/api/eis-plans';
import { procurementRoutes } from '@zakupki/shared/api/procurements';
import { mayCall } from '@zakupki/shared/contract';
import { useNavigate, useParams } from 'react-router';
import { notices } from '../../../components/notices/notices.store';
import { companyLabel, useSelectedCompany } from '../../../lib/company';
import { formatMoney } from '../../../lib/formatters';
import { useCreateProcurementFromPosition, useEisPlanItem, useEisPlanPermissions } from '../api/eis-plans';
import { PlanItemSummary } from './plan-item-summary';
import { PlanItemTables } from './plan-item-tables';

/**
 * /eisPlanItems/:number — a plan position by its number (`<plan registration number>-<ordinal>`).
 * «Создать закупку по позиции» (users with procurements.write) makes a draft procurement from the
 * position and opens its card.
 */
export function PlanItemRoute() {
  const { number = '' } = useParams();
  return <PlanItemView number={number} />;
}

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
      {p ? <PlanItemSummary p={p} /> : null}
      {p ? <PlanItemTables p={p} /> : null}
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
