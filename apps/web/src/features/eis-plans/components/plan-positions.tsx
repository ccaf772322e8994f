import { Anchor, Badge, Stack, Text } from '@mantine/core';
import type { EisPlanPosition, EisPlanTotals } from '@zakupki/shared/api/eis-plans';
import { useRef } from 'react';
import { Link } from 'react-router';
import { PagedTable } from '../../../components/table/paged-table';
import { formatMoney } from '../../../lib/formatters';
import { useEisPlanPositions } from '../api/eis-plans';
import { monthLabel, type PlanView, POSITION_LIMITS, POSITION_STATUS_COLOR } from '../model/view';
import { PositionFilters } from './plan-position-filters';
import { PlanTotals } from './plan-totals';

type Props = {
  companyId: number;
  planId: number;
  version: number;
  view: PlanView;
  onChange: (patch: Record<string, string | number | null>) => void;
};

/** Positions of a plan version: filters in the URL, server paging, totals by method and month, the SME share. */
export function PlanPositions({ companyId, planId, version, view, onChange }: Props) {
  const f = view.positions;
  const q = useEisPlanPositions(companyId, planId, version, f);
  const totals = q.data?.totals;
  // a search matching more than the server counts has no totals: the methods offered stay the last ones
  const lastTotals = useRef<EisPlanTotals | undefined>(undefined);
  if (totals) lastTotals.current = totals;
  const capped = q.data?.total_capped ?? false;
  return (
    <Stack gap="sm">
      <Text fw={600}>Позиции версии № {version}</Text>
      <PositionFilters f={f} totals={totals ?? lastTotals.current} onChange={onChange} />
      <PagedTable<EisPlanPosition>
        aria-label="Позиции плана"
        verticalAlign="top"
        records={q.data?.items ?? []}
        total={q.data?.total ?? 0}
        totalCapped={capped}
        page={f.page}
        limit={f.limit}
        pageSizes={POSITION_LIMITS}
        onPageChange={(page) => onChange({ page })}
        onLimitChange={(limit) => onChange({ limit })}
        fetching={q.isFetching}
        emptyText="Позиции не найдены"
        columns={[
          {
            accessor: 'number',
            title: 'Номер',
            width: 150,
            render: (p) => (
              <Anchor component={Link} to={`/eisPlanItems/${encodeURIComponent(p.number)}`} size="sm">
                {p.number}
              </Anchor>
            ),
          },
          {
            accessor: 'status',
            title: 'Статус',
            width: 120,
            render: (p) => (
              <Badge variant="light" color={POSITION_STATUS_COLOR[p.status ?? ''] ?? 'gray'}>
                {p.status_title ?? '—'}
              </Badge>
            ),
          },
          {
            accessor: 'subject',
            title: 'Предмет договора',
            render: (p) => (
              <Stack gap={0}>
                <Text size="sm" lineClamp={3}>
                  {p.subject}
                </Text>
                <Text size="xs" c="dimmed">
                  {p.okpd2_codes.join(', ')}
                  {p.sme_only ? ' · только МСП' : ''}
                  {p.long_term ? ' · долгосрочная' : ''}
                </Text>
              </Stack>
            ),
          },
          {
            accessor: 'method_name',
            title: 'Способ',
            width: 220,
            render: (p) => <Text size="xs">{p.method_name ?? p.method_code ?? '—'}</Text>,
          },
          { accessor: 'month', title: 'Срок', width: 110, render: (p) => monthLabel(p) },
          { accessor: 'price', title: 'НМЦД', width: 150, render: (p) => formatMoney(p.price) },
          {
            accessor: 'contracts',
            title: 'Закупки и договоры',
            width: 180,
            render: (p) => (
              <Stack gap={0}>
                <Text size="xs">
                  {p.procurements
                    ? `Закупок: ${p.procurements} на ${formatMoney(p.procurement_amount)}`
                    : 'Закупок нет'}
                </Text>
                <Text size="xs" c={Number(p.contract_amount) > Number(p.price ?? 0) ? 'red' : undefined}>
                  {p.contracts
                    ? `Договоров: ${p.contracts} на ${formatMoney(p.contract_amount)}`
                    : 'Договоров нет'}
                </Text>
              </Stack>
            ),
          },
        ]}
      />
      {totals ? <PlanTotals totals={totals} /> : null}
      {capped ? (
        <Text size="sm" c="dimmed">
          Найдено более {q.data?.total} позиций: итоги по способам и месяцам не подсчитаны — уточните фильтр.
        </Text>
      ) : null}
    </Stack>
  );
}
