import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authRoutes } from '@zakupki/shared/api/auth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notices } from '../../../components/notices/notices.store';
import { renderApp } from '../../../test/render';
import { apiCalls, errorBody, reply, stubRoute } from '../../../test/stub-api';
import { RegistrationPage } from './registration-page';

vi.mock('socket.io-client', async () => ({ io: (await import('../../../test/socket-mock')).ioMock }));

afterEach(() => {
  notices.clear();
  vi.unstubAllGlobals();
});

async function fillAndSend(password = 'long-password-1') {
  await userEvent.type(screen.getByLabelText(/E-mail \(логин\)/), 'new@energoset.ru');
  await userEvent.type(screen.getByLabelText(/Код из письма/), '123456');
  await userEvent.type(screen.getByLabelText(/^Пароль/), password);
  await userEvent.type(screen.getByLabelText(/Повторите пароль/), password);
  await userEvent.type(screen.getByLabelText(/ФИО/), 'Новиков Николай');
  await userEvent.type(screen.getByLabelText(/Наименование организации/), 'АО «Энергосеть»');
  await userEvent.type(screen.getByLabelText(/ИНН/), '5003123458');
  await userEvent.click(screen.getByRole('button', { name: 'Отправить заявку' }));
}

describe('/registration', { timeout: 20_000 }, () => {
  it.each([
    [
      '123456789012',
      'Пароль не должен быть простой последовательностью символов (как 1234567890 или qwertyuiop)',
    ],
    ['password1234', 'Этот пароль входит в список распространённых паролей: придумайте другой'],
    ['new@energoset.ru', 'Пароль не должен совпадать с логином или содержать его'],
  ])(
    'a weak password %j: the server’s rule and message before anything is sent',
    async (password, message) => {
      const calls = apiCalls();
      renderApp(<RegistrationPage />, { path: '/registration' });
      await fillAndSend(password);
      expect(await screen.findByText(message)).toBeTruthy();
      expect(calls.filter((c) => c.url === '/api/auth/register')).toHaveLength(0);
    },
  );

  it('a company whose tariff is full: the server’s message naming the limit, the page stays', async () => {
    const calls = apiCalls();
    stubRoute(
      authRoutes.register,
      reply(
        409,
        errorBody('tariff_limit', 'Достигнут лимит тарифа «Базовый»: пользователей не больше 5', {
          limit: 'users',
          max: 5,
          used: 5,
        }),
      ),
    );
    const { router } = renderApp(<RegistrationPage />, { path: '/registration' });
    await fillAndSend();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Достигнут лимит тарифа «Базовый»: пользователей не больше 5',
    );
    expect(calls.filter((c) => c.url === '/api/auth/register')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/registration');
  });

  it('an accepted request goes to /expectRegistration with its number', async () => {
    stubRoute(authRoutes.register, { registration_number: 'Р-2025-000042', status: 'pending' });
    const { router } = renderApp(<RegistrationPage />, { path: '/registration' });
    await fillAndSend();
    await waitFor(() => expect(router.state.location.pathname).toBe('/expectRegistration'));
    expect(decodeURIComponent(router.state.location.search)).toBe('?number=Р-2025-000042');
  });
});
