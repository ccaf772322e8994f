import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { catalogRoutes } from '@zakupki/shared/api/catalogs';
import { companyRoutes } from '@zakupki/shared/api/companies';
import { contractRoutes } from '@zakupki/shared/api/contracts';
import { eisPlanRoutes } from '@zakupki/shared/api/eis-plans';
import { eisSyncRoutes } from '@zakupki/shared/api/eis-sync';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { selectedCompanyStore } from '../../../../lib/company';
import { sessionStore } from '../../../../lib/session-store';
import { DEMO_COMPANY, loginAs, renderApp } from '../../../../test/render';
import { apiCalls, type RecordedCall, stubRoute } from '../../../../test/stub-api';
import { contract, listItem } from '../../test/fixtures';
import { RegisterPage } from './register-page';

vi.mock('socket.io-client', async () => ({ io: (await import('../../../../test/socket-mock')).ioMock }));

let calls: RecordedCall[];
const listCalls = () =>
  calls.filter(
    (c) => c.url.startsWith('/api/companies/1/contracts?') || c.url === '/api/companies/1/contracts',
  );
const lastQuery = () => new URL(listCalls().at(-1)?.url ?? '/', 'http://x').searchParams;

beforeEach(() => {
  loginAs('client');
  selectedCompanyStore.set(DEMO_COMPANY);
  calls = apiCalls();
  stubRoute(companyRoutes.permissions, ['contracts.read', 'contracts.write']);
  stubRoute(contractRoutes.list, { items: [listItem()], total: 1, page: 1, limit: 10 });
  stubRoute(contractRoutes.get, contract());
  // the open card's option lists (customers, funding sources, bases) are empty here
  const empty = { items: [], total: 0, page: 1, limit: 500 };
  stubRoute(companyRoutes.customers.list, empty);
  stubRoute(catalogRoutes.generic.list, empty);
  stubRoute(catalogRoutes.methods.list, empty);
  stubRoute(eisPlanRoutes.searchPositions, empty);
});
afterEach(() => {
  sessionStore.set({ status: 'anonymous' });
  selectedCompanyStore.set(null);
  vi.unstubAllGlobals();
});

describe('register filters kept in the URL', () => {
  it('the address sets the filters of the request and of the form', { timeout: 20_000 }, async () => {
    renderApp(<RegisterPage />, {
      path: '/contracts/register',
      initialPath:
        '/contracts/register?status=draft,concluded&q=кабель&overdue=true&sort=price&order=asc&page=2',
    });
    await screen.findByText('№ 112/26-ЭА');
    const q = lastQuery();
    expect(q.get('status')).toBe('draft,concluded');
    expect(q.get('q')).toBe('кабель');
    expect(q.get('overdue')).toBe('true');
    expect(q.get('sort')).toBe('price');
    expect(q.get('order')).toBe('asc');
    expect(q.get('page')).toBe('2');
    expect(screen.getByLabelText('Поиск')).toHaveProperty('value', 'кабель');
    expect(screen.getByRole('switch', { name: 'Просроченные' })).toHaveProperty('checked', true);
    const pills = [...document.querySelectorAll('.mantine-Pill-label')].map((p) => p.textContent);
    expect(pills).toEqual(['Проект', 'Заключен']);
  });

  it('a changed filter goes to the address (page reset) and to the server', { timeout: 30_000 }, async () => {
    const { router } = renderApp(<RegisterPage />, {
      path: '/contracts/register',
      initialPath: '/contracts/register?page=3',
    });
    await screen.findByText('№ 112/26-ЭА');
    await userEvent.click(screen.getByRole('switch', { name: 'Просроченные' }));
    const slow = { timeout: 4000 };
    await waitFor(() => expect(router.state.location.search).toBe('?overdue=true'), slow);
    await waitFor(() => expect(lastQuery().get('overdue')).toBe('true'), slow);
    expect(lastQuery().get('page')).toBe('1');

    fireEvent.change(screen.getByLabelText('Поставщик'), { target: { value: '7810456789' } });
    await waitFor(
      () => expect(new URLSearchParams(router.state.location.search).get('supplier')).toBe('7810456789'),
      slow,
    );
    await waitFor(() => expect(lastQuery().get('supplier')).toBe('7810456789'), slow);

    // another column keeps the direction (descending, the default, is left out of the address) …
    await userEvent.click(screen.getByRole('button', { name: /Цена/ }));
    await waitFor(() => {
      const sp = new URLSearchParams(router.state.location.search);
      expect([sp.get('sort'), sp.get('order')]).toEqual(['price', null]);
    }, slow);
    await waitFor(
      () => expect([lastQuery().get('sort'), lastQuery().get('order')]).toEqual(['price', 'desc']),
      slow,
    );
    // … the same column again turns it
    await userEvent.click(screen.getByRole('button', { name: /Цена/ }));
    await waitFor(
      () => expect(new URLSearchParams(router.state.location.search).get('order')).toBe('asc'),
      slow,
    );
    await waitFor(() => expect(lastQuery().get('order')).toBe('asc'), slow);
  });

  it('text typed into two filters one after the other reaches the address from both', {
    timeout: 20_000,
  }, async () => {
    const { router } = renderApp(<RegisterPage />, { path: '/contracts/register' });
    await screen.findByText('№ 112/26-ЭА');
    fireEvent.change(screen.getByLabelText('Поиск'), { target: { value: 'кабель' } });
    fireEvent.change(screen.getByLabelText('Поставщик'), { target: { value: '7810456789' } });
    await waitFor(
      () => {
        const sp = new URLSearchParams(router.state.location.search);
        expect([sp.get('q'), sp.get('supplier')]).toEqual(['кабель', '7810456789']);
      },
      { timeout: 4000 },
    );
  });

  it('the row shows the register columns in Russian formats; «Сбросить фильтры» keeps only the open card', {
    timeout: 20_000,
  }, async () => {
    const { router } = renderApp(<RegisterPage />, {
      path: '/contracts/register',
      initialPath: '/contracts/register?q=x&contract=1',
    });
    await screen.findByText('№ 112/26-ЭА');
    const row = within(screen.getByRole('table', { name: 'Реестр договоров' }));
    expect(row.getByText('от 25.04.2026')).toBeTruthy();
    // Testing Library folds the non-breaking spaces of the money format into plain ones
    expect(row.getByText('4 179 600,00 ₽')).toBeTruthy();
    expect(row.getByText('ИНН 7810456789')).toBeTruthy();
    expect(row.getByText('Просрочено: 29.04.2026')).toBeTruthy();
    expect(row.getByText('Сведения о договоре в реестре договоров')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Сбросить фильтры' }));
    await waitFor(() => expect(router.state.location.search).toBe('?contract=1'), { timeout: 4000 });
    // the card of ?contract=1 is open over the register
    expect(await screen.findByText('Договор № 112/26-ЭА от 25.04.2026')).toBeTruthy();
  });
});

describe('EIS confirmation marks', () => {
  it('one request for the rows shown; «подтверждено в ЕИС» with the day, «не найдено в ЕИС»', {
    timeout: 20_000,
  }, async () => {
    stubRoute(contractRoutes.list, {
      items: [
        listItem(),
        listItem({ id: 2, number: '113/26', eis_registry_number: '50031234582600002010000' }),
        listItem({ id: 3, number: '114/26', eis_registry_number: null }),
      ],
      total: 3,
      page: 1,
      limit: 10,
    });
    const marks = stubRoute(eisSyncRoutes.confirmations, {
      items: [
        {
          entity: 'contract',
          entity_id: 1,
          registration_number: '50031234582600001010000',
          status: 'confirmed',
          confirmed_on: '2026-11-20',
          checked_at: '2026-11-20T03:30:00.000Z',
        },
        {
          entity: 'contract',
          entity_id: 2,
          registration_number: '50031234582600002010000',
          status: 'not_found',
          confirmed_on: null,
          checked_at: '2026-11-25T03:30:00.000Z',
        },
      ],
    });
    renderApp(<RegisterPage />, { path: '/contracts/register' });
    const table = within(await screen.findByRole('table', { name: 'Реестр договоров' }));
    expect(await table.findByText('подтверждено в ЕИС')).toBeTruthy();
    expect(table.getByText('20.11.2026')).toBeTruthy();
    expect(table.getByText('не найдено в ЕИС')).toBeTruthy();
    expect(table.getByText('проверено 25.11.2026')).toBeTruthy();
    // a contract without a registry number is not asked about
    expect(marks.calls).toHaveLength(1);
    expect(marks.calls[0]?.query.get('entity')).toBe('contract');
    expect(marks.calls[0]?.query.getAll('ids')).toEqual(['1', '2']);
  });
});
