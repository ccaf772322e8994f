import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { catalogRoutes } from '@zakupki/shared/api/catalogs';
import { companyRoutes } from '@zakupki/shared/api/companies';
import { eisSyncRoutes } from '@zakupki/shared/api/eis-sync';
import { procurementRoutes } from '@zakupki/shared/api/procurements';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { selectedCompanyStore } from '../../../../lib/company';
import { sessionStore } from '../../../../lib/session-store';
import { DEMO_COMPANY, loginAs, renderApp } from '../../../../test/render';
import { errorBody, reply, stubRoute } from '../../../../test/stub-api';
import { listItem } from '../../test/fixtures';
import { RegisterPage } from './register-page';

vi.mock('socket.io-client', async () => ({ io: (await import('../../../../test/socket-mock')).ioMock }));

const empty = { items: [], total: 0, page: 1, limit: 500 };
let list: ReturnType<typeof stubRoute<typeof procurementRoutes.list>>;
const lastQuery = () => list.calls.at(-1)?.query ?? new URLSearchParams();

beforeEach(() => {
  loginAs('specialist');
  selectedCompanyStore.set(DEMO_COMPANY);
  stubRoute(companyRoutes.permissions, ['procurements.read', 'procurements.write']);
  list = stubRoute(procurementRoutes.list, { items: [listItem()], total: 1, page: 1, limit: 10 });
  stubRoute(companyRoutes.customers.list, empty);
  stubRoute(procurementRoutes.methods, {
    items: [{ id: 3, code: 'e_quotation', title: 'Запрос котировок в электронной форме' }],
  });
});
afterEach(() => {
  sessionStore.set({ status: 'anonymous' });
  selectedCompanyStore.set(null);
  vi.unstubAllGlobals();
});

describe('the procurement register', () => {
  it('shows the rows in Russian formats with the nearest duty', { timeout: 20_000 }, async () => {
    renderApp(<RegisterPage />, { path: '/documents' });
    const table = within(await screen.findByRole('table', { name: 'Реестр закупок' }));
    expect(await table.findByText('№ З-2026-014')).toBeTruthy();
    expect(table.getByText('1 234 567,89 ₽')).toBeTruthy();
    expect(table.getByText('05.03.2026')).toBeTruthy();
    expect(table.getByText('13.03.2026')).toBeTruthy();
    expect(table.getByText('Извещение размещено')).toBeTruthy();
    expect(table.getByText('Просрочено: 19.03.2026')).toBeTruthy();
    expect(table.getByText('№ З-2026-014').closest('a')?.getAttribute('href')).toBe('/documents/7');
    expect(screen.getByText('Найдено закупок: 1')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Создать закупку' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Загрузить из ЕИС' })).toBeTruthy();
  });

  it('the address sets the filters of the request and of the form', { timeout: 20_000 }, async () => {
    renderApp(<RegisterPage />, {
      path: '/documents',
      initialPath:
        '/documents?status=draft,published&q=кабель&sme=true&overdue=true&method=3&nmcd_min=1000&date_from=2026-01-01&sort=nmcd&order=asc&page=2&bogus=1&customer=x',
    });
    await screen.findByText('№ З-2026-014');
    const q = lastQuery();
    expect(q.get('status')).toBe('draft,published');
    expect(q.get('q')).toBe('кабель');
    expect(q.get('sme_only')).toBe('true');
    expect(q.get('overdue')).toBe('true');
    expect(q.get('method_id')).toBe('3');
    expect(q.get('customer_id')).toBeNull();
    expect(q.get('nmcd_min')).toBe('1000');
    expect(q.get('date_from')).toBe('2026-01-01');
    expect([q.get('sort'), q.get('order'), q.get('page')]).toEqual(['nmcd', 'asc', '2']);
    expect(screen.getByLabelText('Поиск')).toHaveProperty('value', 'кабель');
    expect(screen.getByRole('switch', { name: 'Только для МСП' })).toHaveProperty('checked', true);
    const pills = [...document.querySelectorAll('.mantine-Pill-label')].map((p) => p.textContent);
    expect(pills).toEqual(['Черновик', 'Извещение размещено']);
  });

  it('a changed filter goes to the address (page reset) and to the server', { timeout: 30_000 }, async () => {
    const { router } = renderApp(<RegisterPage />, { path: '/documents', initialPath: '/documents?page=3' });
    await screen.findByText('№ З-2026-014');
    const slow = { timeout: 4000 };
    await userEvent.click(screen.getByRole('switch', { name: 'Просроченные' }));
    await waitFor(() => expect(router.state.location.search).toBe('?overdue=true'), slow);
    await waitFor(() => expect(lastQuery().get('overdue')).toBe('true'), slow);
    expect(lastQuery().get('page')).toBe('1');
    fireEvent.change(screen.getByLabelText('Поиск'), { target: { value: '32615123456' } });
    await waitFor(
      () => expect(new URLSearchParams(router.state.location.search).get('q')).toBe('32615123456'),
      slow,
    );
    await waitFor(() => expect(lastQuery().get('q')).toBe('32615123456'), slow);
    await userEvent.click(screen.getByRole('button', { name: /НМЦД/ }));
    await waitFor(() => expect(lastQuery().get('sort')).toBe('nmcd'), slow);
    await userEvent.click(screen.getByRole('button', { name: 'Сбросить фильтры' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=nmcd'), slow);
  });

  it('«Выгрузить в Excel» downloads the view with its filters and without paging', {
    timeout: 20_000,
  }, async () => {
    const xlsx = stubRoute(
      procurementRoutes.exportXlsx,
      reply(200, 'PK', {
        'content-disposition': "attachment; filename*=UTF-8''%D0%A0%D0%B5%D0%B5%D1%81%D1%82%D1%80.xlsx",
        'x-total-count': '1',
      }),
    );
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    renderApp(<RegisterPage />, { path: '/documents', initialPath: '/documents?status=published&page=2' });
    await screen.findByText('№ З-2026-014');
    await userEvent.click(screen.getByRole('button', { name: 'Выгрузить в Excel' }));
    await waitFor(() => expect(xlsx.calls).toHaveLength(1));
    const q = xlsx.calls[0].query;
    expect(q.get('status')).toBe('published');
    expect(q.get('page')).toBeNull();
    expect(q.get('limit')).toBeNull();
    expect(await screen.findByText('Файл «Реестр.xlsx» сохранён: закупок в выгрузке — 1')).toBeTruthy();
  });

  it('a client reads the register without the create and import buttons', { timeout: 20_000 }, async () => {
    loginAs('client');
    stubRoute(companyRoutes.permissions, ['procurements.read', 'contracts.read']);
    renderApp(<RegisterPage />, { path: '/documents' });
    await screen.findByText('№ З-2026-014');
    expect(screen.getByRole('button', { name: 'Выгрузить в Excel' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Создать закупку' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Загрузить из ЕИС' })).toBeNull();
  });

  it('a client’s «Способ» filter offers the methods its procurements use (no catalogue asked)', {
    timeout: 20_000,
  }, async () => {
    loginAs('client');
    stubRoute(companyRoutes.permissions, ['procurements.read', 'contracts.read']);
    const catalogue = stubRoute(
      catalogRoutes.methods.list,
      reply(403, errorBody('forbidden', 'Справочник «Способы закупки» доступен только сотрудникам')),
    );
    renderApp(<RegisterPage />, { path: '/documents' });
    await screen.findByText('№ З-2026-014');
    const bar = screen.getByRole('search', { name: 'Фильтры реестра закупок' });
    await userEvent.click(within(bar).getAllByLabelText('Способ')[0]);
    expect(await screen.findByRole('option', { name: 'Запрос котировок в электронной форме' })).toBeTruthy();
    expect(catalogue.calls).toHaveLength(0);
  });
});

describe('EIS confirmation marks', () => {
  it('one request for the rows shown; the mark under the EIS notice number', {
    timeout: 20_000,
  }, async () => {
    list = stubRoute(procurementRoutes.list, {
      items: [listItem(), listItem({ id: 8, number: 'З-2026-015', eis_notice_number: null })],
      total: 2,
      page: 1,
      limit: 10,
    });
    const marks = stubRoute(eisSyncRoutes.confirmations, {
      items: [
        {
          entity: 'procurement',
          entity_id: 7,
          registration_number: '32615123456',
          status: 'confirmed',
          confirmed_on: '2026-11-20',
          checked_at: '2026-11-20T03:30:00.000Z',
        },
      ],
    });
    renderApp(<RegisterPage />, { path: '/documents' });
    const table = within(await screen.findByRole('table', { name: 'Реестр закупок' }));
    expect(await table.findByText('подтверждено в ЕИС')).toBeTruthy();
    expect(table.getByText('20.11.2026')).toBeTruthy();
    expect(marks.calls).toHaveLength(1);
    expect(marks.calls[0]?.query.get('entity')).toBe('procurement');
    expect(marks.calls[0]?.query.getAll('ids')).toEqual(['7']);
  });
});
