import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { catalogRoutes } from '@zakupki/shared/api/catalogs';
import { companyRoutes } from '@zakupki/shared/api/companies';
import { complianceRoutes } from '@zakupki/shared/api/compliance';
import { contractRoutes } from '@zakupki/shared/api/contracts';
import { eisPlanRoutes } from '@zakupki/shared/api/eis-plans';
import { procurementRuleRoutes } from '@zakupki/shared/api/procurement-rules';
import { procurementRoutes } from '@zakupki/shared/api/procurements';
import { smeReportRoutes } from '@zakupki/shared/api/sme-report';
import { systemRoutes } from '@zakupki/shared/api/system';
import { userRoutes } from '@zakupki/shared/api/users';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import { sessionStore } from '../lib/session-store';
import { loginAs } from '../test/render';
import { errorBody, reply, stubRoute } from '../test/stub-api';
import { appRoutes } from './router';
import { theme } from './theme';

vi.mock('socket.io-client', async () => ({ io: (await import('../test/socket-mock')).ioMock }));

function open(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}

beforeEach(() => {
  stubRoute(companyRoutes.my, [{ id: 1, title: 'ООО «Закупки-Сервис»', has_data: false }]);
  stubRoute(systemRoutes.publicConfig, {
    support_phones: ['8 800 000-00-00'],
    support_email: 'support@zakupki.local',
    partner_links: [{ title: 'ЕИС в сфере закупок', url: 'https://zakupki.gov.ru' }],
    yandex_metrika_id: null,
    sentry_dsn: null,
    environment: 'test',
    pdf_available: true,
    pdf_unavailable_reason: null,
  });
  stubRoute(systemRoutes.notifications, { items: [], total: 0, page: 1, limit: 10, unread: 0 });
  stubRoute(userRoutes.list, { items: [], total: 0, page: 1, limit: 10 });
  // the catalogue screens the guard lets through
  stubRoute(companyRoutes.permissions, []);
  // the home page's widgets, where a guard lands the user
  const noDeadlines = { items: [], counts: { overdue: 0, due_soon: 0, due: 0 } };
  stubRoute(contractRoutes.deadlines, {
    items: [],
    total: 0,
    page: 1,
    limit: 10,
    counts: { due_soon: 0, overdue: 0 },
  });
  stubRoute(procurementRuleRoutes.deadlines, noDeadlines);
  stubRoute(procurementRoutes.deadlines, noDeadlines);
  stubRoute(catalogRoutes.methods.list, { items: [], total: 0, page: 1, limit: 10 });
  stubRoute(catalogRoutes.tariffs.list, { items: [], total: 0, page: 1, limit: 10 });
  stubRoute(companyRoutes.get, {
    id: 1,
    title: 'ООО «Закупки-Сервис»',
    full_title: null,
    inn: '7707083893',
    kpp: null,
    ogrn: null,
    legal_address: null,
    postal_address: null,
    email: null,
    phone: null,
    is_provider: true,
    tariff_id: null,
    status: 'active',
    created_at: '2026-01-01T00:00:00Z',
  });
});
afterEach(() => {
  sessionStore.set({ status: 'anonymous' });
  vi.unstubAllGlobals();
});

describe('guard in the router', () => {
  it('an unauthenticated user on a protected route lands on /login, without header or footer', async () => {
    const router = open('/users');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Вход в систему' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Разделы' })).toBeNull();
  });

  it('a client typing a staff-only address lands on /', async () => {
    loginAs('client');
    const router = open('/catalogTariffs');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('navigation', { name: 'Разделы' })).toBeTruthy();
    expect(await screen.findByText('support@zakupki.local')).toBeTruthy();
  });

  it('a logged-in user on /registration lands on /', async () => {
    loginAs('operator');
    const router = open('/registration');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('staff open a restricted route: /catalogMethod shows its catalogue screen', async () => {
    loginAs('operator');
    const router = open('/catalogMethod');
    expect(await screen.findByRole('heading', { name: 'Способы закупки' }, { timeout: 10_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/catalogMethod');
  });

  it('staff open the documents rules of a version (restricted route): they stay there', async () => {
    loginAs('operator');
    // the screen's own data is not what this test is about: the rule is not found
    const missing = reply(404, errorBody('not_found', 'Положение не найдено'));
    for (const r of [
      procurementRuleRoutes.get,
      procurementRuleRoutes.versions,
      procurementRuleRoutes.documentsRules,
    ])
      stubRoute(r, missing);
    const router = open('/procurementsRules/5/versions/7/documentsRules');
    await new Promise((r) => setTimeout(r, 300));
    expect(router.state.location.pathname).toBe('/procurementsRules/5/versions/7/documentsRules');
  });

  it('tariffs are for the admin alone: a specialist typing /catalogTariffs lands on /', async () => {
    loginAs('specialist');
    // the home page it lands on asks for its widgets' data: not what this test is about
    const none = reply(404, errorBody('not_found', 'Не найдено'));
    stubRoute(complianceRoutes.calendar, none);
    stubRoute(smeReportRoutes.get, none);
    const router = open('/catalogTariffs');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 10_000 });
  });

  it('the admin opens /catalogTariffs', async () => {
    loginAs('admin');
    const router = open('/catalogTariffs');
    expect(await screen.findByRole('heading', { name: 'Тарифы' }, { timeout: 10_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/catalogTariffs');
  });

  it('/eisPlanItems/:number hands the number to its view', async () => {
    loginAs('client');
    stubRoute(eisPlanRoutes.item, reply(404, errorBody('not_found', 'Позиция плана не найдена')));
    open('/eisPlanItems/2231234567801');
    expect(
      await screen.findByRole('heading', { name: 'Позиция плана закупки № 2231234567801' }),
    ).toBeTruthy();
  });

  it('/contracts opens the register', async () => {
    loginAs('client');
    const router = open('/contracts');
    await waitFor(() => expect(router.state.location.pathname).toBe('/contracts/register'));
  });
});
