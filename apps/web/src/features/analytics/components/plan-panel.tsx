import { BarChart } from '@mantine/charts';
import type { AnalyticsDashboard } from '@zakupki/shared/api/analytics';
import { formatMoney } from '../../../lib/formatters';
import { pct } from '../model/format';
import { FiguresTable } from './figures-table';
import { ChartBox, PanelCard } from './panel-card';

/** Plan execution: positions with a procurement and a contract, the value contracted against the plan. */
export function PlanPanel({ d }: { d: AnalyticsDashboard }) {
  const p = d.plan;
  const rows = [
    { key: 'positions', title: 'Позиций плана', value: String(p.positions) },
    { key: 'proc', title: 'С закупкой', value: String(p.with_procurement) },
    { key: 'contract', title: 'С договором', value: String(p.with_contract) },
    { key: 'plan', title: 'Объём плана', value: formatMoney(p.plan_amount) },
    { key: 'contracted', title: 'Законтрактовано', value: formatMoney(p.contracted_amount) },
    { key: 'pct', title: 'Законтрактовано от плана', value: pct(p.contracted_percent) },
  ];
  return (
    <PanelCard title={`Исполнение плана ${p.year} года`} link="/eisPlans" linkLabel="Планы закупок">
      <ChartBox>
        <BarChart
          h={160}
          data={[{ name: 'Позиции', all: p.positions, proc: p.with_procurement, contract: p.with_contract }]}
          dataKey="name"
          barChartProps={{ accessibilityLayer: false }}
          series={[
            { name: 'all', label: 'Всего', color: 'gray.5' },
            { name: 'proc', label: 'С закупкой', color: 'blue.6' },
            { name: 'contract', label: 'С договором', color: 'teal.7' },
          ]}
        />
      </ChartBox>
      <FiguresTable
        caption="Исполнение плана закупки"
        rows={rows}
        rowKey={(r) => r.key}
        columns={[
          { key: 't', title: 'Показатель', cell: (r) => r.title },
          { key: 'v', title: 'Значение', cell: (r) => r.value, numeric: true },
        ]}
      />
    </PanelCard>
  );
}
