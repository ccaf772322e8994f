import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eisSyncRoutes } from '@zakupki/shared';
import { companyRoutes, type EisSettings } from '@zakupki/shared/api/companies';
import type { Permission } from '@zakupki/shared/roles';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notices } from '../../../components/notices/notices.store';
import { selectedCompanyStore } from '../../../lib/company';
import { sessionStore } from '../../../lib/session-store';
import { loginAs, renderApp } from '../../../test/render';
import { apiCalls, type RecordedCall, reply, stubRoute } from '../../../test/stub-api';
import { EisSettingsPage } from './eis-settings-page';

vi.mock('socket.io-client', async () => ({ io: (await import('../../../test/socket-mock')).ioMock }));

const THUMB = '3A9F1C0B5D7E2F4A6B8C0D1E2F3A4B5C6D7E8F90';
const URL = '/api/companies/1/eis_settings';
const stored = (over: Partial<EisSettings> = {}): EisSettings => ({
  company_id: 1,
  configured: true,
  eis_login: 'energoset_223',
  certificate_thumbprint: THUMB,
  password_set: true,
  updated_at: '2025-03-04T09:15:00.000Z',
  ...over,
});

type Reply = { status: number; body?: unknown };
let settings: EisSettings;
let permissions: Permission[];
let onPut: (body: Record<string, unknown>) => Reply;
let calls: RecordedCall[];

beforeEach(() => {
  loginAs('client');
  selectedCompanyStore.set({ id: 1, title: 'АО «Энергосеть»' });
  settings = stored();
  permissions = ['company.read', 'eis.settings'];
  onPut = (body) => {
    settings = stored({
      eis_login: String(body.eis_login),
      certificate_thumbprint: String(body.certificate_thumbprint),
      password_set: body.clear_password ? false : Boolean(body.password) || settings.password_set,
      updated_at: '2025-03-05T10:00:00.000Z',
    });
    return { status: 200, body: settings };
  };
  calls = apiCalls();
  stubRoute(companyRoutes.my, [{ id: 1, title: 'АО «Энергосеть»', has_data: true }]);
  stubRoute(companyRoutes.permissions, () => permissions);
  stubRoute(companyRoutes.eisSettings.update, (req) => {
    const r = onPut(req.body as Record<string, unknown>);
    return reply(r.status, r.body);
  });
  stubRoute(companyRoutes.eisSettings.get, () => settings);
  // the EIS connector's panel below the form (eis-sync-panel.test.tsx tests it)
  stubRoute(eisSyncRoutes.overview, () => ({
    company_id: 1,
    token_set: false,
    regions: [],
    state: 'unknown' as const,
    state_message: null,
    checked_at: null,
    blocked_at: null,
    runs: [],
  }));
});
afterEach(() => {
  notices.clear();
  sessionStore.set({ status: 'anonymous' });
  selectedCompanyStore.set(null);
  vi.unstubAllGlobals();
});

const loginField = () => screen.findByLabelText(/Логин пользователя ЕИС/);
const puts = () => calls.filter((c) => c.method === 'PUT');

describe('/profile/eisSettings', { timeout: 20_000 }, () => {
  it('loads the saved settings; the password is only said to be set', async () => {
    renderApp(<EisSettingsPage />);
    expect(((await loginField()) as HTMLInputElement).value).toBe('energoset_223');
    expect((screen.getByLabelText(/Отпечаток сертификата/) as HTMLInputElement).value).toBe(THUMB);
    expect((screen.getByLabelText(/Пароль пользователя ЕИС/) as HTMLInputElement).value).toBe('');
    expect(screen.getByText('Пароль сохранён. Оставьте поле пустым, чтобы не менять его')).toBeTruthy();
    expect(screen.getByText(/Сохранены 04\.03\.2025/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Сохранить' })).toHaveProperty('disabled', true);
    expect(screen.queryByText(/не сохраняет/)).toBeNull();
  });

  it('saves: the thumbprint as pasted is normalised, the new password sent, a success notice shown', async () => {
    renderApp(<EisSettingsPage />);
    await loginField();
    const thumb = screen.getByLabelText(/Отпечаток сертификата/);
    await userEvent.clear(thumb);
    await userEvent.type(thumb, THUMB.toLowerCase().replace(/(..)/g, '$1 ').trim());
    await userEvent.type(screen.getByLabelText(/Пароль пользователя ЕИС/), 'Новый-пароль');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Настройки подключения к ЕИС сохранены')).toBeTruthy();
    expect(puts().map((c) => c.body)).toEqual([
      {
        eis_login: 'energoset_223',
        certificate_thumbprint: THUMB,
        password: 'Новый-пароль',
        clear_password: false,
      },
    ]);
    // the password field is emptied again; the saved time is the new one
    await waitFor(() =>
      expect((screen.getByLabelText(/Пароль пользователя ЕИС/) as HTMLInputElement).value).toBe(''),
    );
    expect(screen.getByText(/Сохранены 05\.03\.2025/)).toBeTruthy();
  });

  it('an empty password keeps the stored one; «Удалить сохранённый пароль» clears it', async () => {
    renderApp(<EisSettingsPage />);
    await loginField();
    await userEvent.click(screen.getByLabelText('Удалить сохранённый пароль'));
    expect(screen.getByLabelText(/Пароль пользователя ЕИС/)).toHaveProperty('disabled', true);
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await screen.findByText('Настройки подключения к ЕИС сохранены');
    expect(puts()[0].body).toEqual({
      eis_login: 'energoset_223',
      certificate_thumbprint: THUMB,
      clear_password: true,
    });
    await waitFor(() => expect(screen.queryByLabelText('Удалить сохранённый пароль')).toBeNull());
    expect(screen.getByText('Хранится в зашифрованном виде и не показывается')).toBeTruthy();
  });

  it('checks the fields before sending', async () => {
    settings = stored({
      configured: false,
      eis_login: null,
      certificate_thumbprint: null,
      password_set: false,
      updated_at: null,
    });
    renderApp(<EisSettingsPage />);
    await loginField();
    expect(screen.getByText('Настройки этой компании ещё не сохранялись.')).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/Логин пользователя ЕИС/), 'логин ЕИС');
    await userEvent.type(screen.getByLabelText(/Отпечаток сертификата/), 'ABC');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Логин ЕИС: латинские буквы, цифры и знаки . _ - @')).toBeTruthy();
    expect(screen.getByText('Отпечаток сертификата: 40 шестнадцатеричных символов (0–9, A–F)')).toBeTruthy();
    expect(puts()).toHaveLength(0);
  });

  it('shows the server’s issues under the fields and other refusals as an error notice', async () => {
    onPut = () => ({
      status: 400,
      body: {
        error: {
          code: 'validation_failed',
          message: 'Проверьте данные',
          details: { issues: [{ path: 'body.eis_login', message: 'Не более 100 символов' }] },
        },
      },
    });
    renderApp(<EisSettingsPage />);
    await userEvent.type(await loginField(), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Не более 100 символов')).toBeTruthy();

    onPut = () => ({
      status: 403,
      body: { error: { code: 'forbidden', message: 'Недостаточно прав для этого действия в компании' } },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Недостаточно прав для этого действия в компании',
    );
  });

  it('without eis.settings in the company: says so and does not ask for the settings', async () => {
    permissions = ['company.read'];
    renderApp(<EisSettingsPage />);
    expect(
      await screen.findByText('Настройки ЕИС этой компании вам недоступны: недостаточно прав.'),
    ).toBeTruthy();
    expect(screen.queryByLabelText(/Логин пользователя ЕИС/)).toBeNull();
    expect(calls.some((c) => c.url === URL)).toBe(false);
  });
});
