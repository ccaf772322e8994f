import { BarChart } from '@mantine/charts';
import { SegmentedControl, Text } from '@mantine/core';
import type { AnalyticsDashboard, SavingsRow } from '@zakupki/shared/api/analytics';
import { useState } from 'react';
import { formatMoney } from '../../../lib/formatters';
import { compactRub, pct } from '../model/format';
import { contractsLink, monthLabel } from '../model/period';
import { FiguresTable } from './figures-table';
import { ChartBox, PanelCard } from './panel-card';

/** Savings: НМЦД against the contract price by month or by method, rubles and percent. */
export function SavingsPanel({ d }: { d: AnalyticsDashboard }) {
  const [by, setBy] = useState<'month' | 'method'>('month');
  const rows = by === 'month' ? d.savings.by_month : d.savings.by_method;
  const label = (r: SavingsRow) => (by === 'month' ? monthLabel(r.key) : r.title);
  const data = rows.map((r) => ({ name: label(r), nmcd: Number(r.nmcd), price: Number(r.price) }));
  const t = d.savings.total;
  return (
    <PanelCard title="Экономия" link={contractsLink(d.from, d.to)} linkLabel="Договоры периода">
      <Text size="sm">
        НМЦД {formatMoney(t.nmcd)}, цена договоров {formatMoney(t.price)}, экономия {formatMoney(t.saving)} (
        {pct(t.saving_percent)}); закупок: {t.count}
      </Text>
      <SegmentedControl
        size="xs"
        value={by}
        onChange={(v) => setBy(v as 'month' | 'method')}
        data={[
          { value: 'month', label: 'По месяцам' },
          { value: 'method', label: 'По способам' },
        ]}
        aria-label="Разрез экономии"
      />
      {rows.length ? (
        <ChartBox>
          <BarChart
            h={220}
            data={data}
            dataKey="name"
            valueFormatter={compactRub}
            barChartProps={{ accessibilityLayer: false }}
            series={[
              { name: 'nmcd', label: 'НМЦД', color: 'gray.5' },
              { name: 'price', label: 'Цена договоров', color: 'blue.7' },
            ]}
          />
        </ChartBox>
      ) : (
        <Text c="dimmed" size="sm">
          В периоде нет договоров, заключённых по закупкам
        </Text>
      )}
      <FiguresTable
        caption={by === 'month' ? 'Экономия по месяцам' : 'Экономия по способам закупки'}
        rows={rows}
        rowKey={(r) => r.key || r.title}
        columns={[
          { key: 'name', title: by === 'month' ? 'Месяц' : 'Способ', cell: label },
          { key: 'count', title: 'Закупок', cell: (r) => r.count, numeric: true },
          { key: 'nmcd', title: 'НМЦД', cell: (r) => formatMoney(r.nmcd), numeric: true },
          { key: 'price', title: 'Цена договоров', cell: (r) => formatMoney(r.price), numeric: true },
          { key: 'saving', title: 'Экономия', cell: (r) => formatMoney(r.saving), numeric: true },
          { key: 'pct', title: 'Экономия, %', cell: (r) => pct(r.saving_percent), numeric: true },
        ]}
      />
    </PanelCard>
  );
}
