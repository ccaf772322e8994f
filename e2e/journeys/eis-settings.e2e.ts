import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, loginAs, newPage } from '../support/browser.js';
import { DEMO_ACCOUNTS } from '../support/demo.js';

/** The company's EIS connection settings: saved, kept over a reload, the password never shown. */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const notices = (page: Page) => page.getByRole('region', { name: 'Уведомления' });
const login = (page: Page) => page.getByRole('textbox', { name: 'Логин пользователя ЕИС' });
const thumbprint = (page: Page) =>
  page.getByRole('textbox', { name: 'Отпечаток сертификата электронной подписи (SHA-1)' });
const password = (page: Page) => page.getByLabel('Пароль пользователя ЕИС');

describe('EIS settings', () => {
  it('the client saves the login, thumbprint and password; a reload shows them, the password only as set', async () => {
    const { context, page } = await newPage(browser);
    try {
      await loginAs(page, DEMO_ACCOUNTS.client.login);
      await page.goto('/profile/eisSettings');
      await page.getByRole('heading', { name: 'Подключение к ЕИС' }).waitFor();
      await login(page).fill('energoset-eis');
      // pasted from the certificate's properties: spaces are dropped
      await thumbprint(page).fill('3a 5b 7c 9d 1e 2f 3a 4b 5c 6d 7e 8f 9a 0b 1c 2d 3e 4f 5a 6b');
      await password(page).fill('Секрет-2026');
      await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
      await notices(page).getByText('Настройки подключения к ЕИС сохранены').waitFor();

      await page.reload();
      await page.getByText('Пароль сохранён. Оставьте поле пустым, чтобы не менять его').waitFor();
      expect(await login(page).inputValue()).toBe('energoset-eis');
      expect((await thumbprint(page).inputValue()).toLowerCase()).toBe(
        '3a5b7c9d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b',
      );
      expect(await password(page).inputValue()).toBe('');
      await page.getByRole('checkbox', { name: 'Удалить сохранённый пароль' }).waitFor();
    } finally {
      await context.close();
    }
  });
});
