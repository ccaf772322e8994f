import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CATALOG_ROUTES } from '@zakupki/shared/access';
import { authRoutes } from '@zakupki/shared/api/auth';
import { companyRoutes } from '@zakupki/shared/api/companies';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { selectedCompanyStore } from '../../lib/company';
import { getCookie } from '../../lib/cookies';
import { sessionStore, writeSessionCookies } from '../../lib/session-store';
import { loginAs, renderApp } from '../../test/render';
import { apiCalls, type RecordedCall, reply, stubRoute } from '../../test/stub-api';
import { AppHeader } from './app-header';

vi.mock('socket.io-client', async () => ({ io: (await import('../../test/socket-mock')).ioMock }));

const A = { id: 1, title: 'ООО «Закупки-Сервис»' };
const B = { id: 2, title: 'АО «Энергосеть»' };
const C = { id: 3, title: null };

let calls: RecordedCall[];
beforeEach(() => {
  calls = apiCalls();
  stubRoute(
    companyRoutes.my,
    [A, B, C].map((c) => ({ ...c, has_data: false })),
  );
  stubRoute(authRoutes.logout, reply(204));
});
afterEach(() => {
  sessionStore.set({ status: 'anonymous' });
  selectedCompanyStore.set(null);
  vi.unstubAllGlobals();
});

async function gearLinks() {
  await userEvent.click(screen.getByRole('button', { name: 'Справочники' }));
  const menu = await screen.findByRole('menu');
  return within(menu)
    .getAllByRole('menuitem')
    .map((a) => a.getAttribute('href'));
}

describe('header per role', () => {
  it('client: three catalogue links, no company selector, no company list request', async () => {
    loginAs('client');
    renderApp(<AppHeader />);
    expect(await gearLinks()).toEqual([
      '/catalogExecPlace',
      '/catalogFundingSources',
      '/catalogContractBasis',
    ]);
    expect(screen.queryByRole('combobox', { name: 'Компания' })).toBeNull();
    expect(calls.some((c) => c.url === '/api/companies/my')).toBe(false);
    await waitFor(() => expect(selectedCompanyStore.get()).toEqual(A));
  });

  it('operator: the client’s three catalogue links, but the company list is loaded and the selector shown', async () => {
    loginAs('operator');
    renderApp(<AppHeader />);
    // and, as staff, the register of unfair suppliers below the catalogues
    expect(await gearLinks()).toEqual([
      '/catalogExecPlace',
      '/catalogFundingSources',
      '/catalogContractBasis',
      '/rnp',
    ]);
    const select = await screen.findByRole('combobox', { name: 'Компания' });
    expect(select).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/companies/my')).toBeTruthy();
  });

  it('specialist: every catalogue but tariffs, then the register of unfair suppliers', async () => {
    loginAs('specialist');
    renderApp(<AppHeader />);
    const links = await gearLinks();
    expect(links).toHaveLength(17);
    expect(links).not.toContain('/catalogTariffs');
    expect(links).toEqual([
      ...CATALOG_ROUTES.map((r) => r.path).filter((p) => p !== '/catalogTariffs'),
      '/rnp',
    ]);
  });

  it('admin: all 17 catalogues including tariffs, then the register of unfair suppliers', async () => {
    loginAs('admin');
    renderApp(<AppHeader />);
    const links = await gearLinks();
    expect(links).toHaveLength(18);
    expect(links).toContain('/catalogTariffs');
    expect(links.at(-1)).toBe('/rnp');
  });
});

describe('header contents', () => {
  it('title, section links with the contracts link active under /contracts, profile with title and login', async () => {
    loginAs('specialist');
    renderApp(<AppHeader />, { path: '/contracts/execution' });
    expect(screen.getByText('Система автоматизации закупок')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Разделы' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Положения о закупке', '/procurementsRules'],
      ['Планы закупок', '/eisPlans'],
      ['Реестр закупок', '/documents'],
      ['Исполнение договоров', '/contracts/register'],
      ['Аналитика', '/analytics'],
    ]);
    expect(screen.getByRole('link', { name: 'Календарь обязанностей' }).getAttribute('href')).toBe(
      '/compliance',
    );
    expect(within(nav).getByRole('link', { name: 'Исполнение договоров' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Реестр закупок' }).getAttribute('aria-current')).toBeNull();
    const profile = screen.getByRole('link', { name: /Профиль/ });
    expect(profile.getAttribute('href')).toBe('/profile/my');
    expect(profile.textContent).toContain('Пользователь (specialist)');
    expect(profile.textContent).toContain('specialist@demo.local');
  });

  it('the selector lists id:N for a company without a title and remembers the choice', async () => {
    loginAs('admin');
    renderApp(<AppHeader />);
    const input = await screen.findByRole('combobox', { name: 'Компания' });
    await waitFor(() => expect((input as HTMLInputElement).value).toBe('ООО «Закупки-Сервис»'));
    await userEvent.click(input);
    await userEvent.click(await screen.findByRole('option', { name: 'id:3' }));
    expect(localStorage.getItem('selectedCompany')).toBe('3');
    expect(selectedCompanyStore.get()).toEqual(C);
  });

  it('switching company on a page of one object opens the same list of the new company', async () => {
    localStorage.setItem('selectedCompany', '1');
    loginAs('specialist');
    const { router } = renderApp(<AppHeader />, { path: '*', initialPath: '/documents/7?tab=lots' });
    const input = await screen.findByRole('combobox', { name: 'Компания' });
    await waitFor(() => expect((input as HTMLInputElement).value).toBe('ООО «Закупки-Сервис»'));
    await userEvent.click(input);
    await userEvent.click(await screen.findByRole('option', { name: 'АО «Энергосеть»' }));
    await waitFor(() => expect(selectedCompanyStore.get()).toEqual(B));
    expect(router.state.location.pathname).toBe('/documents');
    expect(router.state.location.search).toBe('');
  });

  it('staff land on the company they used last, even after logging out', async () => {
    stubRoute(companyRoutes.my, [
      { ...A, has_data: false },
      { ...B, has_data: true },
      { ...C, has_data: true },
    ]);
    localStorage.removeItem('selectedCompany');
    loginAs('specialist');
    const first = renderApp(<AppHeader />);
    const input = await screen.findByRole('combobox', { name: 'Компания' });
    // the first time: the first company with data, not the provider's empty own company
    await waitFor(() => expect((input as HTMLInputElement).value).toBe('АО «Энергосеть»'));
    await userEvent.click(input);
    await userEvent.click(await screen.findByRole('option', { name: 'id:3' }));
    await waitFor(() => expect(selectedCompanyStore.get()).toEqual(C));
    first.unmount();
    // logout clears the session's choice; the next login lands on the company used last
    localStorage.removeItem('selectedCompany');
    selectedCompanyStore.set(null);
    renderApp(<AppHeader />);
    const again = await screen.findByRole('combobox', { name: 'Компания' });
    await waitFor(() => expect((again as HTMLInputElement).value).toBe('id:3'));
  });

  it('restores a remembered company that is still in the list', async () => {
    localStorage.setItem('selectedCompany', '2');
    loginAs('specialist');
    renderApp(<AppHeader />);
    const input = await screen.findByRole('combobox', { name: 'Компания' });
    await waitFor(() => expect((input as HTMLInputElement).value).toBe('АО «Энергосеть»'));
    expect(selectedCompanyStore.get()).toEqual(B);
  });

  it('a failed company list is only logged: the own company alone, no selector', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubRoute(
      companyRoutes.my,
      reply(500, { error: { code: 'internal_error', message: 'x' }, sentry_code: 'Q1' }),
    );
    loginAs('specialist');
    renderApp(<AppHeader />);
    // one retry after a second, then the own company alone
    await waitFor(() => expect(selectedCompanyStore.get()).toEqual(A), { timeout: 4000 });
    expect(screen.queryByRole('combobox', { name: 'Компания' })).toBeNull();
    expect(screen.queryByText(/Обратитесь к оператору/)).toBeNull();
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });

  it('without user data logs «User data is not available»', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    sessionStore.set({ status: 'anonymous' });
    renderApp(<AppHeader />);
    expect(error).toHaveBeenCalledWith('User data is not available');
    error.mockRestore();
  });
});

describe('«Выход»', () => {
  it('asks first; «Отмена» keeps the session, confirmation ends it', async () => {
    const s = loginAs('client');
    writeSessionCookies(s);
    localStorage.setItem('selectedCompany', '1');
    renderApp(<AppHeader />);
    await userEvent.click(screen.getByRole('button', { name: 'Выход' }));
    expect(await screen.findByText('Вы уверены что хотите выйти?')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Отмена' }));
    expect(sessionStore.get().status).toBe('authenticated');
    expect(calls.some((c) => c.url === '/api/auth/logout')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Выход' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Выйти' }));
    await waitFor(() => expect(sessionStore.get().status).toBe('anonymous'));
    const logout = calls.find((c) => c.url === '/api/auth/logout');
    expect(logout?.method).toBe('POST');
    expect(getCookie('token')).toBeNull();
    expect(getCookie('user')).toBeNull();
    expect(localStorage.getItem('selectedCompany')).toBeNull();
  });
});
