import { screen, within } from '@testing-library/react';
import type { AnalyticsDashboard } from '@zakupki/shared/api/analytics';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render';
import { CompetitionPanel } from './competition-panel';

const dashboard = (competition: AnalyticsDashboard['competition']) =>
  ({ from: '2026-01', to: '2026-03', competition }) as AnalyticsDashboard;

describe('the competition panel', () => {
  it('draws a chart for the eye and keeps its figures in a table as the text alternative', async () => {
    const { container } = renderApp(
      <CompetitionPanel
        d={dashboard({
          available: true,
          message: '',
          by_method: [
            { method: 'Электронный аукцион', lots: 4, bids_per_lot: '2.50', single_bid_percent: '25.00' },
            { method: 'Запрос котировок', lots: 1, bids_per_lot: '1.00', single_bid_percent: '100.00' },
          ],
        })}
      />,
    );
    const panel = await screen.findByRole('region', { name: 'Конкуренция' });
    // the chart (Mantine charts) is hidden from assistive technology: the table says the same
    const chart = container.querySelector('[aria-hidden="true"] .mantine-BarChart-root');
    expect(chart).not.toBeNull();
    const table = within(panel).getByRole('table', { name: 'Заявки на лот по способам' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'СпособЛотовЗаявок на лотС одной заявкой',
      'Электронный аукцион42.5025,00 %',
      'Запрос котировок11.00100,00 %',
    ]);
    expect(within(panel).getByRole('link', { name: 'Закупки периода' }).getAttribute('href')).toBe(
      '/documents?date_from=2026-01-01&date_to=2026-03-31',
    );
  });

  it('says so, with no chart, when no bids are recorded', async () => {
    const { container } = renderApp(
      <CompetitionPanel
        d={dashboard({
          available: false,
          message: 'Заявки по закупкам периода не внесены',
          by_method: [],
        })}
      />,
    );
    expect(await screen.findByText('Заявки по закупкам периода не внесены')).toBeTruthy();
    expect(container.querySelector('.mantine-BarChart-root')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
