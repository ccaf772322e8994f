import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { companyRoutes } from '@zakupki/shared/api/companies';
import { type User, userRoutes } from '@zakupki/shared/api/users';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notices } from '../../../components/notices/notices.store';
import { sessionStore } from '../../../lib/session-store';
import { loginAs, renderApp } from '../../../test/render';
import { apiCalls, type RecordedCall, stubRoute } from '../../../test/stub-api';
import { UsersPage } from './users-page';

vi.mock('socket.io-client', async () => ({ io: (await import('../../../test/socket-mock')).ioMock }));

const request = (over: Partial<User> = {}): User => ({
  id: 7,
  title: 'Петров Пётр',
  login: 'petrov@newco.ru',
  role: 'client',
  company_id: 9,
  company_title: 'ООО «Новая»',
  status: 'pending',
  registration_number: 'Р-2025-000007',
  early_access: false,
  created_at: '2025-03-01T10:00:00.000Z',
  memberships: [],
  ...over,
});

let user: User;
let myCompanies: { id: number; title: string; has_data: boolean }[];
let calls: RecordedCall[];

beforeEach(() => {
  loginAs('operator');
  user = request();
  myCompanies = [{ id: 1, title: 'ООО «Закупки-Сервис»', has_data: false }];
  calls = apiCalls();
  stubRoute(companyRoutes.my, () => myCompanies);
  stubRoute(userRoutes.list, () => ({ items: [user], total: 1, page: 1, limit: 10 }));
  for (const action of ['approve', 'reject'] as const)
    stubRoute(userRoutes[action], (req) => {
      expect(req.params.id).toBe('7');
      user = request({ status: action === 'approve' ? 'active' : 'rejected' });
      // approving a request that brought a new company makes the operator serve it
      if (action === 'approve')
        myCompanies = [...myCompanies, { id: 9, title: 'ООО «Новая»', has_data: false }];
      return user;
    });
});
afterEach(() => {
  notices.clear();
  sessionStore.set({ status: 'anonymous' });
  vi.unstubAllGlobals();
});

const myCalls = () => calls.filter((c) => c.url === '/api/companies/my').length;

describe('/users: deciding a registration request', { timeout: 20_000 }, () => {
  it('approval refreshes the companies: the new company appears in the company filter', async () => {
    renderApp(<UsersPage />, { path: '/users' });
    await userEvent.click(await screen.findByRole('button', { name: 'Одобрить: petrov@newco.ru' }));
    expect(await screen.findByText('Заявка одобрена, пользователь может войти')).toBeTruthy();
    await waitFor(() => expect(myCalls()).toBe(2));
    await userEvent.click(screen.getByRole('combobox', { name: 'Компания' }));
    expect(await screen.findByRole('option', { name: 'ООО «Новая»' })).toBeTruthy();
  });

  it('rejection asks first, then refreshes the users and the companies', async () => {
    renderApp(<UsersPage />, { path: '/users' });
    await userEvent.click(await screen.findByRole('button', { name: 'Отклонить: petrov@newco.ru' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Отклонить заявку Р-2025-000007 пользователя petrov@newco.ru?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Отклонить' }));
    expect(await screen.findByText('Заявка отклонена')).toBeTruthy();
    await waitFor(() => expect(myCalls()).toBe(2));
    const table = screen.getByRole('table', { name: 'Пользователи' });
    expect(await within(table).findByText('Отклонён')).toBeTruthy();
  });
});
