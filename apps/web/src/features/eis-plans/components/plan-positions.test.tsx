import { screen } from '@testing-library/react';
import { type EisPlanPosition, eisPlanRoutes } from '@zakupki/shared/api/eis-plans';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { selectedCompanyStore } from '../../../lib/company';
import { sessionStore } from '../../../lib/session-store';
import { DEMO_COMPANY, loginAs, renderApp } from '../../../test/render';
import { stubRoute } from '../../../test/stub-api';
import { readPlanView } from '../model/view';
import { PlanPositions } from './plan-positions';

vi.mock('socket.io-client', async () => ({ io: (await import('../../../test/socket-mock')).ioMock }));

beforeEach(() => {
  loginAs('specialist');
  selectedCompanyStore.set(DEMO_COMPANY);
});
afterEach(() => {
  sessionStore.set({ status: 'anonymous' });
  selectedCompanyStore.set(null);
});

const open = (search: string) =>
  renderApp(
    <PlanPositions
      companyId={DEMO_COMPANY.id}
      planId={5}
      version={2}
      view={readPlanView(new URLSearchParams(search))}
      onChange={() => {}}
    />,
  );

describe('plan positions: a search counted up to its cap', () => {
  it('says «более N» and that the totals were not counted', async () => {
    stubRoute(eisPlanRoutes.positions, {
      items: [] as EisPlanPosition[],
      total: 1000,
      total_capped: true,
      page: 1,
      limit: 20,
      totals: null,
    });
    open('q=воды');
    expect(
      await screen.findByText(
        'Найдено более 1000 позиций: итоги по способам и месяцам не подсчитаны — уточните фильтр.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/Итого позиций/)).toBeNull();
  });

  it('shows the totals of an exact count', async () => {
    stubRoute(eisPlanRoutes.positions, {
      items: [] as EisPlanPosition[],
      total: 3,
      total_capped: false,
      page: 1,
      limit: 20,
      totals: {
        positions: 3,
        total_price: '300.00',
        sme_price: '0.00',
        sme_share: '0.00',
        by_method: [],
        by_month: [],
      },
    });
    open('month=4');
    expect(await screen.findByText(/Итого позиций \(без аннулированных\): 3/)).toBeTruthy();
    expect(screen.queryByText(/Найдено более/)).toBeNull();
  });
});
