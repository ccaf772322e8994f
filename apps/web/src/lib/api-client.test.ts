import { authRoutes } from '@zakupki/shared/api/auth';
import { companyRoutes } from '@zakupki/shared/api/companies';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loginAs, stubFetch } from '../test/render';
import { api, queryString } from './api-client';
import { ApiError } from './http-errors';
import { loadingStore } from './loading';
import { sessionStore } from './session-store';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.set({ status: 'anonymous' });
});

describe('api client', () => {
  it('skips empty filters in the query string', () => {
    expect(
      queryString({ page: 1, limit: 10, full_name: '', email: undefined, phone: null, is_active: 'true' }),
    ).toBe('?page=1&limit=10&is_active=true');
    expect(queryString({})).toBe('');
  });

  it('fills path params, sends JSON with the session cookie (no token from script), returns the typed body', async () => {
    loginAs('client');
    const calls = stubFetch(() => ({ status: 200, body: { items: [], total: 0, page: 2, limit: 10 } }));
    const page = await api(companyRoutes.contacts.list, {
      params: { id: 5 },
      query: { page: 2, limit: 10, full_name: 'Иванов' },
    });
    expect(page.page).toBe(2);
    expect(calls[0].url).toBe(
      '/api/companies/5/contacts?page=2&limit=10&full_name=%D0%98%D0%B2%D0%B0%D0%BD%D0%BE%D0%B2',
    );
    expect(calls[0].headers.authorization).toBeUndefined();
  });

  it('a write shows the loading notice until it ends; 204 resolves to null', async () => {
    loginAs('client');
    let seen = 0;
    stubFetch(() => {
      seen = loadingStore.get().length;
      return { status: 204 };
    });
    await expect(api(authRoutes.logout)).resolves.toBeNull();
    expect(seen).toBe(1);
    expect(loadingStore.get()).toHaveLength(0);
  });

  it('a failed call rejects with ApiError carrying status, code and details', async () => {
    const calls = stubFetch(() => ({
      status: 401,
      body: { error: { code: 'invalid_credentials', message: 'Неверный логин или пароль' } },
    }));
    const err = await api(authRoutes.login, { body: { login: 'a@b.ru', password: 'x' } }).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 401,
      code: 'invalid_credentials',
      message: 'Неверный логин или пароль',
    });
    expect(calls[0]).toMatchObject({ method: 'POST', body: { login: 'a@b.ru', password: 'x' } });
    expect(calls[0].headers['content-type']).toBe('application/json');
    expect(calls[0].headers.authorization).toBeUndefined();
  });

  it('an unreachable server is status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(api(authRoutes.session)).rejects.toMatchObject({ status: 0 });
  });
});
