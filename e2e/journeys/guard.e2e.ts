import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { header, launch, loginAs, newPage } from '../support/browser.js';
import { DEMO_ACCOUNTS } from '../support/demo.js';

/** The navigation guard of docs/product.md §2, typed into the address bar as a person would. */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const atPath = (page: Page, path: string) => page.waitForURL((u) => u.pathname === path);

describe('guard', () => {
  it('unauthenticated on /contracts/register goes to /login and comes back after login', async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto('/contracts/register');
      await atPath(page, '/login');
      await page.getByRole('heading', { name: 'Вход в систему' }).waitFor();
      expect(await header(page).count()).toBe(0);

      await page.getByRole('textbox', { name: 'Логин (e-mail)' }).fill(DEMO_ACCOUNTS.client.login);
      await page.getByRole('textbox', { name: 'Пароль', exact: true }).fill('demo-password');
      await page.getByRole('button', { name: 'Войти' }).click();
      await atPath(page, '/contracts/register');
      await header(page).getByRole('link', { name: 'Система автоматизации закупок' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('unauthenticated on other protected routes goes to /login', async () => {
    const { context, page } = await newPage(browser);
    try {
      for (const path of ['/', '/profile/my', '/users', '/catalogTariffs']) {
        await page.goto(path);
        await atPath(page, '/login');
      }
    } finally {
      await context.close();
    }
  });

  it('a logged-in user on /login, /registration or /expectRegistration lands on /', async () => {
    const { context, page } = await newPage(browser);
    try {
      await loginAs(page, DEMO_ACCOUNTS.specialist.login);
      for (const path of [
        '/login',
        '/registration',
        '/expectRegistration',
        '/expectRegistration?number=R-1',
      ]) {
        await page.goto('/profile/my');
        await atPath(page, '/profile/my');
        await page.goto(path);
        await atPath(page, '/');
        await header(page).getByRole('link', { name: 'Система автоматизации закупок' }).waitFor();
      }
    } finally {
      await context.close();
    }
  });

  it('a client typing a restricted URL lands on /', async () => {
    const { context, page } = await newPage(browser);
    try {
      await loginAs(page, DEMO_ACCOUNTS.client.login);
      for (const path of ['/users', '/catalog', '/catalogDocument', '/catalogTariffs']) {
        await page.goto('/profile/my');
        await atPath(page, '/profile/my');
        await page.goto(path);
        await atPath(page, '/');
        await page.getByRole('heading', { level: 2, name: 'АО «Энергосеть»' }).waitFor();
      }
      // the open catalogues stay reachable for a client
      await page.goto('/catalogFundingSources');
      await header(page).getByRole('link', { name: 'Система автоматизации закупок' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/catalogFundingSources');
    } finally {
      await context.close();
    }
  });

  it('staff open the same URLs (the header only renders where the guard lets the user in)', async () => {
    const { context, page } = await newPage(browser);
    try {
      await loginAs(page, DEMO_ACCOUNTS.operator.login);
      for (const [path, title] of [
        ['/users', 'Пользователи'],
        ['/catalog', 'Методы определения НМЦД'],
        ['/catalogDocument', 'Документы'],
      ]) {
        await page.goto(path);
        await header(page).getByRole('link', { name: 'Система автоматизации закупок' }).waitFor();
        expect(new URL(page.url()).pathname).toBe(path);
        await expect.poll(() => page.title()).toBe(`${title} — Система автоматизации закупок`);
      }
    } finally {
      await context.close();
    }
  });
});
