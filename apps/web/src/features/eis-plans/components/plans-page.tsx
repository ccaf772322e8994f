import { Alert, Group, Select, Stack, Text, Title } from '@mantine/core';
import { EIS_PLAN_TYPE_TITLES, type EisPlanListItem } from '@zakupki/shared/api/eis-plans';
import { useSearchParams } from 'react-router';
import { EisConfirmationBadge } from '../../../components/badges/eis-confirmation-badge';
import { PagedTable } from '../../../components/table/paged-table';
import { companyLabel, useSelectedCompany } from '../../../lib/company';
import { useEisConfirmations } from '../../../lib/eis-confirmation-queries';
import { formatDate, formatMoney } from '../../../lib/formatters';
import { useEisPlans } from '../api/eis-plans';
import { patchView, readPlanView } from '../model/view';
import { PlanImportCard } from './plan-import-card';
import { PlanView } from './plan-view';

const YEARS = Array.from({ length: 8 }, (_, i) => String(new Date().getFullYear() + 1 - i));

/** /eisPlans: the company's plans by year and type with the version in force, the import, and the chosen plan. */
export function PlansPage() {
  const company = useSelectedCompany();
  const companyId = company?.id ?? null;
  const [params, setParams] = useSearchParams();
  const view = readPlanView(params);
  const change = (patch: Record<string, string | number | null>) =>
    setParams(patchView(params, patch), { replace: true });
  const page = Number(params.get('plans_page') ?? 1) || 1;
  const list = useEisPlans(companyId, {
    page,
    limit: 10,
    ...(view.year ? { year: view.year } : {}),
    ...(view.type ? { type: view.type } : {}),
  });
  const marks = useEisConfirmations(
    companyId,
    'eis_plan',
    (list.data?.items ?? []).map((p) => p.id),
  );
  const openPlan = (id: number) => setParams(patchView(new URLSearchParams(), { plan: id }));
  return (
    <Stack gap="md">
      <Title order={2}>Планы закупок{company ? `: ${companyLabel(company)}` : ''}</Title>
      {!companyId ? (
        <Alert color="gray">
          Выберите компанию в шапке: планы закупок ведутся отдельно для каждой компании.
        </Alert>
      ) : (
        <>
          <PlanImportCard companyId={companyId} onPlan={openPlan} />
          <Group gap="sm" align="end">
            <Select
              label="Год"
              placeholder="Все годы"
              clearable
              data={YEARS}
              value={view.year ? String(view.year) : null}
              onChange={(v) => change({ year: v, plans_page: null })}
              w={140}
            />
            <Select
              label="Вид плана"
              placeholder="Все"
              clearable
              data={Object.entries(EIS_PLAN_TYPE_TITLES).map(([value, label]) => ({ value, label }))}
              value={view.type}
              onChange={(v) => change({ type: v, plans_page: null })}
              w={340}
            />
            <Text size="sm" c="dimmed">
              {list.data ? `Планов: ${list.data.total}` : ''}
            </Text>
          </Group>
          <PagedTable<EisPlanListItem>
            aria-label="Планы закупок"
            records={list.data?.items ?? []}
            total={list.data?.total ?? 0}
            page={page}
            limit={10}
            onPageChange={(p) => change({ plans_page: p, page: null })}
            fetching={list.isFetching}
            emptyText="Планов закупок нет: загрузите план из ЕИС"
            onRowClick={(p) => openPlan(p.id)}
            rowStyle={(p) => ({ cursor: 'pointer', fontWeight: p.id === view.plan ? 600 : undefined })}
            columns={[
              {
                accessor: 'registration_number',
                title: 'Реестровый номер',
                render: (p) => (
                  <Stack gap={2}>
                    <Text size="sm">{p.registration_number}</Text>
                    <EisConfirmationBadge mark={marks.get(p.id)} />
                  </Stack>
                ),
              },
              { accessor: 'year', title: 'Год', width: 70 },
              {
                accessor: 'plan_type',
                title: 'Вид',
                render: (p) => EIS_PLAN_TYPE_TITLES[p.plan_type] ?? p.plan_type,
              },
              {
                accessor: 'current.version',
                title: 'Действующая версия',
                render: (p) => `№ ${p.current.version}${p.versions > 1 ? ` (версий: ${p.versions})` : ''}`,
              },
              { accessor: 'current.status', title: 'Статус', render: (p) => p.current.status_title ?? '—' },
              {
                accessor: 'current.approve_date',
                title: 'Утверждена',
                render: (p) => formatDate(p.current.approve_date),
              },
              {
                accessor: 'current.published_at',
                title: 'Размещена',
                render: (p) => formatDate(p.current.published_at),
              },
              { accessor: 'current.positions', title: 'Позиций', width: 90 },
              {
                accessor: 'current.total_price',
                title: 'Сумма НМЦД',
                render: (p) => formatMoney(p.current.total_price),
              },
            ]}
          />
          {view.plan ? (
            <PlanView companyId={companyId} view={view} params={params} setParams={setParams} />
          ) : null}
        </>
      )}
    </Stack>
  );
}
