import { screen, within } from '@testing-library/react';
import { procurementRoutes } from '@zakupki/shared/api/procurements';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../../test/render';
import { stubRoute } from '../../../../test/stub-api';
import { ProcurementDeadlinesWidget } from './deadlines-widget';

const duty = {
  duty: 'contract_conclusion' as const,
  title: 'Заключение договора (ч. 15 ст. 3.2 223-ФЗ)',
  protocol_id: null,
  base_date: '2026-11-10',
  earliest_date: '2026-11-20',
  due_date: '2026-11-30',
  done_on: null,
  status: 'overdue' as const,
  days_left: -2,
  working_days_left: null,
  reference: 'ч. 15 ст. 3.2 223-ФЗ',
  procurement_id: 31,
  procurement_number: 'З-2026-014',
  subject: 'Поставка трансформаторного масла',
};

describe('the procurement deadlines on the main page', () => {
  it('counts the duties and lists each with its window, state and a link to the procurement', async () => {
    stubRoute(procurementRoutes.deadlines, { items: [duty], counts: { overdue: 1, due_soon: 0, due: 0 } });
    renderApp(<ProcurementDeadlinesWidget companyId={1} />);
    const table = await screen.findByRole('table', { name: 'Сроки закупок' });
    expect(within(table).getByRole('link', { name: '№ З-2026-014' }).getAttribute('href')).toBe(
      '/documents/31?tab=dates',
    );
    expect(within(table).getByText('20.11.2026 – 30.11.2026')).toBeTruthy();
    expect(within(table).getByText(/просрочено на 2 дня/)).toBeTruthy();
    expect(screen.getByText('Просрочено: 1')).toBeTruthy();
  });

  it('says when nothing is due', async () => {
    stubRoute(procurementRoutes.deadlines, { items: [], counts: { overdue: 0, due_soon: 0, due: 0 } });
    renderApp(<ProcurementDeadlinesWidget companyId={1} />);
    expect(await screen.findByText('Открытых сроков по закупкам нет')).toBeTruthy();
  });
});
