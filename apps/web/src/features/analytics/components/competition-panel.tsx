import { Alert } from '@mantine/core';
import type { AnalyticsDashboard } from '@zakupki/shared/api/analytics';
import { pct } from '../model/format';
import { procurementsLink } from '../model/period';
import { CompetitionChart } from './competition-chart';
import { FiguresTable } from './figures-table';
import { PanelCard } from './panel-card';

/**
 * Competition: bids per lot and the share of single-bid lots by method, when bids are kept: the
 * chart and, as its text alternative, the table of its figures.
 */
export function CompetitionPanel({ d }: { d: AnalyticsDashboard }) {
  const c = d.competition;
  return (
    <PanelCard title="Конкуренция" link={procurementsLink(d.from, d.to)} linkLabel="Закупки периода">
      {!c.available ? (
        <Alert color="gray">{c.message}</Alert>
      ) : (
        <>
          <CompetitionChart rows={c.by_method} />
          <FiguresTable
            caption="Заявки на лот по способам"
            rows={c.by_method}
            rowKey={(r) => r.method}
            columns={[
              { key: 'm', title: 'Способ', cell: (r) => r.method },
              { key: 'l', title: 'Лотов', cell: (r) => r.lots, numeric: true },
              { key: 'b', title: 'Заявок на лот', cell: (r) => r.bids_per_lot ?? '—', numeric: true },
              { key: 's', title: 'С одной заявкой', cell: (r) => pct(r.single_bid_percent), numeric: true },
            ]}
          />
        </>
      )}
    </PanelCard>
  );
}
