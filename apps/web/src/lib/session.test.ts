import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notices } from '../components/notices/notices.store';
import { stubFetch } from '../test/render';
import { type FakeSocket, sockets } from '../test/socket-mock';
import { selectedCompanyStore } from './company';
import { getCookie, setCookie } from './cookies';
import { reportApiError } from './error-handler';
import { ApiError } from './http-errors';
import { loading, loadingStore } from './loading';
import { queryClient } from './query-client';
import { ensureUnauthSocket, handleAuthPush } from './realtime';
import { completeLogin, endSession, logout, restoreSession } from './session';
import { sessionStore, writeSessionCookies } from './session-store';
import { authSocketState, getAuthSocket, getUnauthSocket, SOCKET_OPTIONS } from './socket';

vi.mock('socket.io-client', async () => ({ io: (await import('../test/socket-mock')).ioMock }));

const user = {
  id: 3,
  title: 'Кузнецов Дмитрий',
  login: 'client@demo.local',
  role: 'client' as const,
  company_id: 1,
};
const company = { id: 1, title: 'АО «Энергосеть»' };
const info = { user, company, contact: null, early_access: false };
const unread = {
  items: [
    {
      id: 71,
      user_id: 3,
      company_id: 1,
      company_title: 'ООО «Закупки-Сервис»',
      kind: 'notificationMapInvoiceItemsResponse',
      status: 'error',
      header: 'Загрузка УПД',
      message: 'Не удалось обработать УПД: файл upd.xml не соответствует формату',
      code: null,
      payload: null,
      link: '/contracts/execution?section=history',
      created_at: '2026-03-01T09:00:00Z',
      read_at: null,
    },
  ],
  total: 1,
  page: 1,
  limit: 5,
  unread: 1,
};

let calls: ReturnType<typeof stubFetch>;
let sessionStatus = 200;
beforeEach(() => {
  sockets.length = 0;
  sessionStatus = 200;
  calls = stubFetch((url) => {
    if (url === '/api/auth/session')
      return sessionStatus === 200
        ? { status: 200, body: info }
        : { status: 401, body: { error: { code: 'unauthorized', message: 'Сессия истекла' } } };
    if (url.startsWith('/api/notifications?')) return { status: 200, body: unread };
    if (url === '/api/auth/logout') return { status: 204 };
    return undefined;
  });
});
afterEach(() => {
  endSession();
  notices.clear();
  vi.unstubAllGlobals();
});

const socketsOf = (nsp: string) => sockets.filter((s) => s.nsp === nsp);

describe('restore at start', () => {
  it('without the user and company cookies: anonymous, no session request, the /unauth socket opens', async () => {
    setCookie('user', JSON.stringify(user), 60);
    await restoreSession();
    expect(sessionStore.get().status).toBe('anonymous');
    expect(calls).toHaveLength(0);
    const unauth = getUnauthSocket() as unknown as FakeSocket;
    expect(unauth.nsp).toBe('/unauth');
    expect(unauth.opts).toMatchObject({
      path: '/socket.io',
      reconnection: true,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
    });
    expect(SOCKET_OPTIONS.reconnectionAttempts).toBe(Number.POSITIVE_INFINITY);
  });

  it('with user and company: the server confirms the HttpOnly session cookie, then the /auth socket opens', async () => {
    writeSessionCookies(info);
    await restoreSession();
    expect(calls[0]).toMatchObject({ url: '/api/auth/session' });
    // the token is never in script's hands: no Authorization header, the browser sends the cookie
    expect(calls[0].headers.authorization).toBeUndefined();
    expect(sessionStore.get()).toMatchObject({ status: 'authenticated', user });
    expect(sessionStore.get()).not.toHaveProperty('token');
    const auth = socketsOf('/auth');
    expect(auth).toHaveLength(1);
    expect(auth[0].opts.auth).toBeUndefined();
    expect(selectedCompanyStore.get()).toEqual(company);
  });

  it('a session the server refuses: cookies cleared, anonymous, /unauth socket', async () => {
    writeSessionCookies(info);
    sessionStatus = 401;
    await restoreSession();
    expect(sessionStore.get().status).toBe('anonymous');
    expect(getCookie('user')).toBeNull();
    expect(socketsOf('/auth')).toHaveLength(0);
    expect(getAuthSocket()).toBeNull();
    expect(getUnauthSocket()).not.toBeNull();
  });
});

describe('login and logout', () => {
  it('login saves the cookies, opens /auth and does not show stored notifications again (the bell lists them)', async () => {
    completeLogin({ token: 'tok-2', ...info });
    // the token of the answer is for API clients: the web keeps none (the server set an HttpOnly cookie)
    expect(getCookie('token')).toBeNull();
    expect(document.cookie).not.toContain('tok-2');
    expect(JSON.parse(getCookie('user')!)).toEqual(user);
    expect(JSON.parse(getCookie('company')!)).toEqual(company);
    expect(getCookie('early_access')).toBe('false');
    expect(socketsOf('/auth')[0].opts.auth).toBeUndefined();
    await new Promise((r) => setTimeout(r, 20));
    expect(notices.store.get()).toHaveLength(0);
    expect(calls.find((c) => c.url.startsWith('/api/notifications'))).toBeUndefined();
  });

  it('logout revokes the token, clears state, cookies and selectedCompany, disconnects', async () => {
    completeLogin({ token: 'tok-3', ...info });
    localStorage.setItem('selectedCompany', '1');
    const auth = socketsOf('/auth')[0];
    await logout();
    const logoutCall = calls.find((c) => c.url === '/api/auth/logout');
    expect(logoutCall?.method).toBe('POST');
    expect(logoutCall?.headers.authorization).toBeUndefined();
    expect(sessionStore.get().status).toBe('anonymous');
    for (const c of ['token', 'user', 'company', 'contact', 'early_access']) expect(getCookie(c)).toBeNull();
    expect(localStorage.getItem('selectedCompany')).toBeNull();
    expect(auth.active).toBe(false);
    expect(authSocketState.get()).toBe('off');
  });

  it('a 401 from any request logs out', async () => {
    await restoreSession(); // installs the 401 handler
    completeLogin({ token: 'tok-4', ...info });
    reportApiError(new ApiError(401, { error: { code: 'unauthorized', message: 'Сессия истекла' } }));
    expect(sessionStore.get().status).toBe('anonymous');
    expect(getCookie('user')).toBeNull();
    // the server clears its HttpOnly cookie (and revokes the session if it still lived)
    await vi.waitFor(() => expect(calls.some((c) => c.url === '/api/auth/logout')).toBe(true));
  });
});

describe('pushes on /auth', () => {
  it('become notices keyed by the notification, reset the loading flag and refresh queries', async () => {
    completeLogin({ token: 'tok-5', ...info });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    loading.start('сопоставление позиций УПД', 'socket');
    const auth = socketsOf('/auth')[0];
    auth.fire('notificationMapInvoiceItemsResponse', {
      notification_id: 90,
      status: 'error',
      header: 'Загрузка УПД',
      message: 'Не удалось обработать УПД: нет строк',
      code: 'X1Y2',
      upload_file_name: 'upd.xml',
      error: 'нет строк',
    });
    expect(loadingStore.get()).toHaveLength(0);
    expect(notices.store.get().find((n) => n.id === 'notification:90')).toMatchObject({
      code: 'X1Y2',
      status: 'error',
    });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['contracts'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['notifications'] });
    invalidate.mockRestore();
  });

  it('a refused request (over the connection limit) ends the waiting with a notice in Russian', () => {
    completeLogin({ token: 'tok-7', ...info });
    loading.start('формирование документов', 'socket');
    socketsOf('/auth')[0].fire('requestRefused', {
      event: 'readyDocumentRequest',
      error: 'Слишком много запросов: подождите несколько секунд и повторите',
    });
    expect(loadingStore.get()).toHaveLength(0);
    expect(notices.store.get().find((n) => n.id === 'socket:request-refused')).toMatchObject({
      status: 'error',
      header: 'Запрос отклонён сервером',
      message: 'Слишком много запросов: подождите несколько секунд и повторите',
    });
    // and on /unauth (e-mail codes before login)
    notices.store.set([]);
    ensureUnauthSocket().emit('emailServiceRequest', { email: 'a@b.ru', purpose: 'reset' });
    socketsOf('/unauth')[0].fire('requestRefused', { event: 'emailServiceRequest', error: 'Подождите' });
    expect(notices.store.get().find((n) => n.id === 'socket:request-refused')?.message).toBe('Подождите');
  });

  it('the socket state follows connect and failures', () => {
    completeLogin({ token: 'tok-6', ...info });
    const auth = socketsOf('/auth')[0];
    expect(authSocketState.get()).toBe('connecting');
    auth.fire('connect');
    expect(authSocketState.get()).toBe('up');
    auth.fire('disconnect', 'transport close');
    expect(authSocketState.get()).toBe('down');
    auth.fire('connect');
    expect(authSocketState.get()).toBe('up');
  });

  it('a push without a stored notification (…Received) only resets the loading flag', () => {
    loading.start('формирование документов', 'socket');
    handleAuthPush('readyDocumentReceived', { procurement_id: 1, job_id: 'j' });
    expect(loadingStore.get()).toHaveLength(0);
    expect(notices.store.get()).toHaveLength(0);
  });

  it("an EIS sync's result refreshes the registers it fills and the calendar; another kind does not", () => {
    const spy = vi.spyOn(queryClient, 'invalidateQueries');
    const push = {
      header: 'Синхронизация с ЕИС',
      message: 'выполнена',
      status: 'success',
      notification_id: 0,
    };
    handleAuthPush('notification', { ...push, kind: 'eisSync', payload: null });
    const keys = spy.mock.calls.map(([f]) => (f as { queryKey: readonly string[] }).queryKey[0]);
    expect(keys).toEqual(expect.arrayContaining(['eisPlans', 'procurements', 'contracts', 'compliance']));
    spy.mockClear();
    handleAuthPush('notification', { ...push, kind: 'somethingElse', payload: null });
    const other = spy.mock.calls.map(([f]) => (f as { queryKey: readonly string[] }).queryKey[0]);
    expect(other).not.toContain('eisPlans');
    spy.mockRestore();
  });
});
