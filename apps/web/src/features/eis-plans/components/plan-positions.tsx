import { Anchor, Badge, Group, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import {
  EIS_POSITION_STATUS_TITLES,
  type EisPlanPosition,
  type EisPlanTotals,
} from '@zakupki/shared/api/eis-plans';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { PagedTable } from '../../../components/table/paged-table';
import { formatMoney } from '../../../lib/formatters';
import { useEisPlanPositions } from '../api/eis-plans';
import { MONTHS, type PlanView, POSITION_LIMITS, POSITION_STATUS_COLOR } from '../model/view';

type Props = {
  companyId: number;
  planId: number;
  version: number;
  view: PlanView;
  onChange: (patch: Record<string, string | number | null>) => void;
};

/** A text filter applied when the user stops typing (the URL keeps it). */
function SearchInput(p: {
  label: string;
  value: string | undefined;
  onChange: (v: string | null) => void;
  w: number;
}) {
  const [text, setText] = useState(p.value ?? '');
  useEffect(() => setText(p.value ?? ''), [p.value]);
  useEffect(() => {
    if ((p.value ?? '') === text) return;
    const id = setTimeout(() => p.onChange(text.trim() || null), 400);
    return () => clearTimeout(id);
  }, [text, p]);
  return <TextInput label={p.label} value={text} onChange={(e) => setText(e.currentTarget.value)} w={p.w} />;
}

const monthLabel = (m: { year: number | null; month: number | null }) =>
  m.month ? `${MONTHS[m.month - 1]} ${m.year ?? ''}` : m.year ? `${m.year} г.` : 'Без срока';

/** Positions of a plan version: filters in the URL, server paging, totals by method and month, the SME share. */
export function PlanPositions({ companyId, planId, version, view, onChange }: Props) {
  const f = view.positions;
  const q = useEisPlanPositions(companyId, planId, version, f);
  const totals = q.data?.totals;
  return (
    <Stack gap="sm">
      <Text fw={600}>Позиции версии № {version}</Text>
      <Group gap="sm" align="end" wrap="wrap">
        <SearchInput label="Номер или предмет" value={f.q} onChange={(v) => onChange({ q: v })} w={260} />
        <Select
          label="Статус"
          placeholder="Все"
          clearable
          data={Object.entries(EIS_POSITION_STATUS_TITLES).map(([value, label]) => ({ value, label }))}
          value={f.status ?? null}
          onChange={(v) => onChange({ status: v })}
          w={160}
        />
        <Select
          label="Способ закупки"
          placeholder="Все"
          clearable
          searchable
          data={(totals?.by_method ?? [])
            .filter((m) => m.code)
            .map((m) => ({ value: m.code as string, label: m.name ?? (m.code as string) }))}
          value={f.method ?? null}
          onChange={(v) => onChange({ method: v })}
          w={300}
        />
        <Select
          label="Месяц"
          placeholder="Все"
          clearable
          data={MONTHS.map((label, i) => ({ value: String(i + 1), label }))}
          value={f.month ? String(f.month) : null}
          onChange={(v) => onChange({ month: v })}
          w={140}
        />
        <SearchInput label="ОКПД2" value={f.okpd2} onChange={(v) => onChange({ okpd2: v })} w={140} />
        <Select
          label="Закупка"
          placeholder="Все"
          clearable
          data={[
            { value: 'true', label: 'Есть закупка' },
            { value: 'false', label: 'Нет закупки' },
          ]}
          value={f.has_procurement ?? null}
          onChange={(v) => onChange({ has_procurement: v })}
          w={150}
        />
        <Select
          label="Договор"
          placeholder="Все"
          clearable
          data={[
            { value: 'true', label: 'Есть договор' },
            { value: 'false', label: 'Нет договора' },
          ]}
          value={f.has_contract ?? null}
          onChange={(v) => onChange({ has_contract: v })}
          w={150}
        />
      </Group>
      <PagedTable<EisPlanPosition>
        aria-label="Позиции плана"
        verticalAlign="top"
        records={q.data?.items ?? []}
        total={q.data?.total ?? 0}
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
    </Stack>
  );
}

function PlanTotals({ totals }: { totals: EisPlanTotals }) {
  return (
    <Stack gap="xs" role="group" aria-label="Итоги">
      <Text size="sm">
        Итого позиций (без аннулированных): {totals.positions} на {formatMoney(totals.total_price)}; только
        для субъектов МСП: {formatMoney(totals.sme_price)} ({totals.sme_share.replace('.', ',')} %)
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Table withTableBorder striped aria-label="Итоги по способам закупки">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Способ закупки</Table.Th>
              <Table.Th>Позиций</Table.Th>
              <Table.Th>Сумма</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {totals.by_method.map((m) => (
              <Table.Tr key={m.code ?? '—'}>
                <Table.Td>{m.name ?? m.code ?? 'Не указан'}</Table.Td>
                <Table.Td>{m.count}</Table.Td>
                <Table.Td>{formatMoney(m.sum)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Table withTableBorder striped aria-label="Итоги по месяцам">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Месяц размещения</Table.Th>
              <Table.Th>Позиций</Table.Th>
              <Table.Th>Сумма</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {totals.by_month.map((m) => (
              <Table.Tr key={`${m.year}-${m.month}`}>
                <Table.Td>{monthLabel(m)}</Table.Td>
                <Table.Td>{m.count}</Table.Td>
                <Table.Td>{formatMoney(m.sum)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </SimpleGrid>
    </Stack>
  );
}
