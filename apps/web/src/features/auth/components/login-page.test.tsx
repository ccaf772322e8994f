import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authRoutes } from '@zakupki/shared/api/auth';
import { systemRoutes } from '@zakupki/shared/api/system';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { endSession } from '../../../lib/session';
import { sessionStore } from '../../../lib/session-store';
import { renderApp } from '../../../test/render';
import { type FakeSocket, sockets } from '../../../test/socket-mock';
import { apiCalls, errorBody, reply, stubRoute } from '../../../test/stub-api';
import { LoginPage } from './login-page';

vi.mock('socket.io-client', async () => ({ io: (await import('../../../test/socket-mock')).ioMock }));

afterEach(() => {
  endSession();
  vi.unstubAllGlobals();
});

const refuse = (status: number, code: string, message: string, details?: unknown) =>
  stubRoute(authRoutes.login, reply(status, errorBody(code, message, details)));

async function submit(login = 'client@demo.local', password = 'demo-password') {
  await userEvent.type(screen.getByLabelText(/Логин/), login);
  await userEvent.type(screen.getByLabelText(/Пароль/), password);
  await userEvent.click(screen.getByRole('button', { name: 'Войти' }));
}

describe('/login', () => {
  it('empty fields: «Обязательное поле», no request', async () => {
    const calls = apiCalls();
    renderApp(<LoginPage />, { path: '/login' });
    await userEvent.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findAllByText('Обязательное поле')).toHaveLength(2);
    expect(calls).toHaveLength(0);
  });

  it('wrong credentials: «Неверный логин или пароль», still logged out', async () => {
    refuse(401, 'invalid_credentials', 'Неверный логин или пароль');
    renderApp(<LoginPage />, { path: '/login' });
    await submit();
    expect((await screen.findByRole('alert')).textContent).toContain('Неверный логин или пароль');
    expect(sessionStore.get().status).toBe('anonymous');
  });

  it('a registration still pending goes to /expectRegistration with its number', async () => {
    refuse(403, 'registration_pending', 'Заявка ещё не одобрена', { registration_number: 'R-2026-000017' });
    const { router } = renderApp(<LoginPage />, { path: '/login' });
    await submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/expectRegistration'));
    expect(router.state.location.search).toBe('?number=R-2026-000017');
  });

  it('a blocked account and too many attempts show the server’s message', async () => {
    refuse(403, 'account_blocked', 'Учётная запись заблокирована. Обратитесь к оператору');
    renderApp(<LoginPage />, { path: '/login' });
    await submit();
    expect((await screen.findByRole('alert')).textContent).toContain('Учётная запись заблокирована');
    refuse(429, 'too_many_requests', 'Слишком много неудачных попыток входа. Попробуйте через 15 минут');
    await userEvent.click(screen.getByRole('button', { name: 'Войти' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Попробуйте через 15 минут'));
  });

  it('success: the session starts and the user goes to /', async () => {
    const info = {
      token: 'tok',
      user: { id: 1, title: 'Кузнецов', login: 'client@demo.local', role: 'client' as const, company_id: 1 },
      company: { id: 1, title: 'АО «Энергосеть»' },
      contact: null,
      early_access: false,
    };
    stubRoute(authRoutes.login, info);
    stubRoute(systemRoutes.notifications, { items: [], total: 0, page: 1, limit: 5, unread: 0 });
    const { router } = renderApp(<LoginPage />, { path: '/login' });
    await submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(sessionStore.get()).toMatchObject({ status: 'authenticated', user: info.user });
    expect(sessionStore.get()).not.toHaveProperty('token');
  });

  it('the global hold: staff ask for a code by e-mail and log in with it (purpose «login»)', async () => {
    const HOLD =
      'Система отражает подбор паролей: вход с новых адресов временно ограничен. Сотрудники (администратор, специалист, оператор) могут войти с паролем и одноразовым кодом из письма';
    refuse(429, 'too_many_requests', HOLD, { hold: 'global', login_code: true });
    const calls = apiCalls();
    renderApp(<LoginPage />, { path: '/login' });
    // no code step before the hold is met
    expect(screen.queryByLabelText(/Код из письма/)).toBeNull();
    await submit('operator@demo.local', 'demo-password');
    expect((await screen.findByRole('alert')).textContent).toContain('Сотрудники');
    // the code step: a code is required before the next try is sent
    await userEvent.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByText('Введите код из письма')).toBeTruthy();
    expect(calls.filter((c) => c.url === '/api/auth/login')).toHaveLength(1);
    // the code goes to the login's mailbox over /unauth
    await userEvent.click(screen.getByRole('button', { name: 'Получить код' }));
    const unauth = sockets.filter((x) => x.nsp === '/unauth').at(-1) as FakeSocket;
    expect(unauth.emitted).toContainEqual([
      'emailServiceRequest',
      { email: 'operator@demo.local', purpose: 'login' },
    ]);
    unauth.fire('emailServiceReceived', { email: 'operator@demo.local', purpose: 'login' });
    unauth.fire('emailServiceResponse', {
      ok: true,
      error: null,
      email: 'operator@demo.local',
      purpose: 'login',
    });
    expect(await screen.findByText('Код отправлен')).toBeTruthy();
    // a wrong code: the server's message under the field
    stubRoute(
      authRoutes.login,
      reply(
        400,
        errorBody('validation_failed', 'Неверный код из письма', {
          issues: [{ path: 'body.email_code', message: 'Неверный код из письма' }],
        }),
      ),
    );
    await userEvent.type(screen.getByLabelText(/Код из письма/), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByText('Неверный код из письма')).toBeTruthy();
    const sent = calls.filter((c) => c.url === '/api/auth/login');
    expect(sent.at(-1)?.body).toEqual({
      login: 'operator@demo.local',
      password: 'demo-password',
      email_code: '000000',
    });
  });

  it('other holds show their message and no code step', async () => {
    refuse(429, 'too_many_requests', 'Слишком много неудачных попыток входа с вашего адреса', {
      hold: 'address',
      login_code: false,
    });
    renderApp(<LoginPage />, { path: '/login' });
    await submit();
    expect((await screen.findByRole('alert')).textContent).toContain('с вашего адреса');
    expect(screen.queryByLabelText(/Код из письма/)).toBeNull();
  });

  it('links to registration and offers password reset', async () => {
    renderApp(<LoginPage />, { path: '/login' });
    expect(screen.getByRole('link', { name: 'Регистрация' }).getAttribute('href')).toBe('/registration');
    await userEvent.click(screen.getByRole('button', { name: 'Забыли пароль?' }));
    expect(await screen.findByText('Восстановление пароля')).toBeTruthy();
  });
});
