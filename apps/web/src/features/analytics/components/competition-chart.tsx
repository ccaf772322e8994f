import { BarChart } from '@mantine/charts';
import type { AnalyticsDashboard } from '@zakupki/shared/api/analytics';
import { ChartBox } from './panel-card';

type Row = AnalyticsDashboard['competition']['by_method'][number];

/** A figure as the chart reads it: the table under the chart shows «—» where there is none. */
const num = (v: string | null) => (v === null ? null : Number(v));

/**
 * Competition by method: bids per lot (bars, left axis) and the share of lots with one bid (bars,
 * right axis in percent). Drawn for the eye only; the panel's table carries the same figures.
 */
export function CompetitionChart({ rows }: { rows: Row[] }) {
  const data = rows.map((r) => ({
    method: r.method,
    bids: num(r.bids_per_lot),
    single: num(r.single_bid_percent),
  }));
  return (
    <ChartBox>
      <BarChart
        h={220}
        data={data}
        dataKey="method"
        withLegend
        withRightYAxis
        yAxisLabel="Заявок на лот"
        rightYAxisLabel="Лотов с одной заявкой, %"
        rightYAxisProps={{ domain: [0, 100], unit: ' %' }}
        barChartProps={{ accessibilityLayer: false }}
        series={[
          { name: 'bids', label: 'Заявок на лот', color: 'blue.7' },
          { name: 'single', label: 'С одной заявкой, %', color: 'orange.6', yAxisId: 'right' },
        ]}
      />
    </ChartBox>
  );
}
