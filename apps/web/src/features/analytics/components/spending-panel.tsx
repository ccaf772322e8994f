import { BarChart } from '@mantine/charts';
import { Anchor, Text } from '@mantine/core';
import type { AnalyticsDashboard, ShareRow } from '@zakupki/shared/api/analytics';
import { Link } from 'react-router';
import { formatMoney } from '../../../lib/formatters';
import { compactRub, pct } from '../model/format';
import { contractsLink } from '../model/period';
import { FiguresTable } from './figures-table';
import { ChartBox, PanelCard } from './panel-card';

function ShareChart({ rows }: { rows: ShareRow[] }) {
  return (
    <ChartBox>
      <BarChart
        h={Math.max(120, rows.length * 26)}
        data={rows.map((r) => ({ name: r.key, amount: Number(r.amount) }))}
        dataKey="name"
        orientation="vertical"
        valueFormatter={compactRub}
        barChartProps={{ accessibilityLayer: false }}
        series={[{ name: 'amount', label: 'Сумма', color: 'indigo.6' }]}
      />
    </ChartBox>
  );
}

/** Spending: the top ОКПД2 classes and suppliers with their share. */
export function SpendingPanel({ d }: { d: AnalyticsDashboard }) {
  const s = d.spending;
  const supplier = (r: ShareRow) => (
    <Anchor component={Link} to={contractsLink(d.from, d.to, { supplier: r.key })} size="sm">
      {r.title}
    </Anchor>
  );
  return (
    <PanelCard title="Расходы" link={contractsLink(d.from, d.to)} linkLabel="Договоры периода">
      <Text size="sm">Всего по договорам периода: {formatMoney(s.total)}</Text>
      <ShareChart rows={s.okpd2} />
      <FiguresTable
        caption="Крупнейшие классы ОКПД2 (доля от суммы спецификаций)"
        rows={s.okpd2}
        rowKey={(r) => r.key}
        columns={[
          { key: 'k', title: 'Класс', cell: (r) => r.key },
          { key: 't', title: 'Наименование', cell: (r) => r.title },
          { key: 'a', title: 'Сумма', cell: (r) => formatMoney(r.amount), numeric: true },
          { key: 's', title: 'Доля', cell: (r) => pct(r.share_percent), numeric: true },
        ]}
      />
      <ShareChart rows={s.suppliers} />
      <FiguresTable
        caption="Крупнейшие поставщики"
        rows={s.suppliers}
        rowKey={(r) => r.key}
        columns={[
          { key: 't', title: 'Поставщик', cell: supplier },
          { key: 'k', title: 'ИНН', cell: (r) => r.key },
          { key: 'a', title: 'Сумма', cell: (r) => formatMoney(r.amount), numeric: true },
          { key: 's', title: 'Доля', cell: (r) => pct(r.share_percent), numeric: true },
        ]}
      />
    </PanelCard>
  );
}
