import { BarChart } from '@mantine/charts';
import type { AnalyticsDashboard } from '@zakupki/shared/api/analytics';
import { monthEnd, monthLabel } from '../model/period';
import { FiguresTable } from './figures-table';
import { ChartBox, PanelCard } from './panel-card';

/** Deadlines: duties of the compliance calendar done on time, done late and overdue per month. */
export function DeadlinesPanel({ d }: { d: AnalyticsDashboard }) {
  const months = d.deadlines.months;
  const link = `/compliance?from=${d.from}-01&to=${monthEnd(d.to)}`;
  return (
    <PanelCard title="Сроки обязанностей" link={link} linkLabel="Календарь обязанностей">
      <ChartBox>
        <BarChart
          h={200}
          type="stacked"
          data={months.map((m) => ({
            name: monthLabel(m.month),
            on_time: m.on_time,
            late: m.late,
            overdue: m.overdue,
          }))}
          dataKey="name"
          barChartProps={{ accessibilityLayer: false }}
          series={[
            { name: 'on_time', label: 'В срок', color: 'teal.7' },
            { name: 'late', label: 'С опозданием', color: 'orange.6' },
            { name: 'overdue', label: 'Просрочено', color: 'red.8' },
          ]}
        />
      </ChartBox>
      <FiguresTable
        caption="Обязанности по месяцам срока"
        rows={months}
        rowKey={(m) => m.month}
        columns={[
          { key: 'm', title: 'Месяц', cell: (m) => monthLabel(m.month) },
          { key: 'o', title: 'В срок', cell: (m) => m.on_time, numeric: true },
          { key: 'l', title: 'С опозданием', cell: (m) => m.late, numeric: true },
          { key: 'x', title: 'Просрочено', cell: (m) => m.overdue, numeric: true },
        ]}
      />
    </PanelCard>
  );
}
