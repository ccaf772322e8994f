import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, header, launch, loginAs, newPage } from '../support/browser.js';
import { DEMO_ACCOUNTS, DEMO_COMPANIES } from '../support/demo.js';

/** «Выход» asks first; only on confirmation the session ends everywhere (cookies, storage, server). */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const SESSION_COOKIES = ['token', 'user', 'company'];

describe('logout', () => {
  it('asks «Вы уверены что хотите выйти?»; «Отмена» keeps the session, confirming ends it', async () => {
    const { context, page } = await newPage(browser);
    try {
      await loginAs(page, DEMO_ACCOUNTS.specialist.login);
      // a remembered company choice, which logout must forget
      await header(page).getByRole('combobox', { name: 'Компания' }).click();
      await page.getByRole('option', { name: DEMO_COMPANIES.client1 }).click();
      await page.getByRole('heading', { level: 2, name: DEMO_COMPANIES.client1 }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('selectedCompany'))).toMatch(/^\d+$/);

      const cookies = await context.cookies();
      const names = cookies.map((c) => c.name);
      for (const n of SESSION_COOKIES) expect(names).toContain(n);
      const tokenCookie = cookies.find((c) => c.name === 'token')!;
      const token = decodeURIComponent(tokenCookie.value);
      // the session token is the server's HttpOnly cookie: no script of the page can read it
      expect(tokenCookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
      expect(await page.evaluate(() => document.cookie)).not.toContain(token);
      const alive = await fetch(`${baseUrl()}/api/auth/session`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(alive.status).toBe(200);

      // «Отмена»: nothing changes
      await header(page).getByRole('button', { name: 'Выход' }).click();
      let dialog = page.getByRole('dialog', { name: 'Выход из системы' });
      await dialog.getByText('Вы уверены что хотите выйти?').waitFor();
      await dialog.getByRole('button', { name: 'Отмена' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(new URL(page.url()).pathname).toBe('/');
      await header(page).getByRole('button', { name: 'Выход' }).waitFor();
      expect((await context.cookies()).map((c) => c.name)).toEqual(expect.arrayContaining(SESSION_COOKIES));
      expect(await page.evaluate(() => localStorage.getItem('selectedCompany'))).toMatch(/^\d+$/);
      expect(
        (await fetch(`${baseUrl()}/api/auth/session`, { headers: { authorization: `Bearer ${token}` } }))
          .status,
      ).toBe(200);

      // confirm: /login, cookies and selectedCompany gone, the token refused
      await header(page).getByRole('button', { name: 'Выход' }).click();
      dialog = page.getByRole('dialog', { name: 'Выход из системы' });
      await dialog.getByText('Вы уверены что хотите выйти?').waitFor();
      await dialog.getByRole('button', { name: 'Выйти' }).click();
      await page.waitForURL((u) => u.pathname === '/login');
      await page.getByRole('heading', { name: 'Вход в систему' }).waitFor();
      expect(await header(page).count()).toBe(0);
      await expect
        .poll(async () =>
          (await context.cookies()).map((c) => c.name).filter((n) => SESSION_COOKIES.includes(n)),
        )
        .toEqual([]);
      expect(await page.evaluate(() => localStorage.getItem('selectedCompany'))).toBeNull();
      const refused = await fetch(`${baseUrl()}/api/auth/session`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(refused.status).toBe(401);

      // a reload stays logged out
      await page.reload();
      await page.getByRole('heading', { name: 'Вход в систему' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/login');
    } finally {
      await context.close();
    }
  });
});
