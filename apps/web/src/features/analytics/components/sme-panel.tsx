import { BarChart } from '@mantine/charts';
import { Text } from '@mantine/core';
import type { AnalyticsDashboard } from '@zakupki/shared/api/analytics';
import { formatDate, formatMoney } from '../../../lib/formatters';
import { pct } from '../model/format';
import { FiguresTable } from './figures-table';
import { ChartBox, PanelCard } from './panel-card';

/** The SME share of the year so far against the quotas, as the annual SME report computes it. */
export function SmePanel({ d }: { d: AnalyticsDashboard }) {
  const s = d.sme;
  const data = s.quotas.map((q) => ({
    name: q.code === 'sme' ? 'С МСП' : 'Только среди МСП',
    share: Number(q.share_percent ?? 0),
    required: Number(q.required_percent),
  }));
  return (
    <PanelCard
      title={`Доля МСП за ${s.year} год`}
      link={`/contracts/smeReport?year=${s.year}`}
      linkLabel="Отчёт МСП"
    >
      <Text size="sm">
        Годовой объём {formatMoney(s.base)} по {formatDate(s.period_to)}
      </Text>
      <ChartBox>
        <BarChart
          h={160}
          data={data}
          dataKey="name"
          orientation="vertical"
          yAxisProps={{ width: 130 }}
          unit=" %"
          barChartProps={{ accessibilityLayer: false }}
          series={[
            { name: 'share', label: 'Доля', color: 'teal.7' },
            { name: 'required', label: 'Требуется', color: 'gray.5' },
          ]}
        />
      </ChartBox>
      <FiguresTable
        caption="Доли закупок у субъектов МСП и квоты"
        rows={s.quotas}
        rowKey={(q) => q.code}
        columns={[
          { key: 't', title: 'Квота', cell: (q) => q.title },
          { key: 'a', title: 'Сумма', cell: (q) => formatMoney(q.amount), numeric: true },
          { key: 's', title: 'Доля', cell: (q) => pct(q.share_percent), numeric: true },
          { key: 'r', title: 'Требуется', cell: (q) => `${q.required_percent} %`, numeric: true },
          { key: 'm', title: 'Выполнена', cell: (q) => (q.met === null ? '—' : q.met ? 'да' : 'нет') },
        ]}
      />
    </PanelCard>
  );
}
