import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, DEMO_PASSWORD, launch, loginAs, newPage } from '../support/browser';
import { DEMO_ACCOUNTS } from '../support/demo';

/**
 * Issue 17: a batch of УПД files with one broken file — the good one is imported, the broken one
 * named, the run a warning; the notification then lives in the header's bell and does not come
 * back as a notice on reload.
 */
const UPD_DIR = path.resolve(import.meta.dirname, '../../../shared/fixtures/real/upd');
const UPD_FILE = 'diadoc-docs__generate_utd970_05_02_01_title0_resp.xml';
const UPD_BUYER_INN = '1234567894';
const CLIENT = DEMO_ACCOUNTS.client2.login;

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
  // the buyer of the УПД is a заказчик of client2's company (a company the other journeys leave alone)
  const res = await fetch(`${baseUrl()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: CLIENT, password: DEMO_PASSWORD }),
  });
  expect(res.status).toBe(200);
  const session = (await res.json()) as { token: string; user: { company_id: number } };
  const customer = await fetch(`${baseUrl()}/api/companies/${session.user.company_id}/customers`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'ООО «Покупатель из УПД»', inn: UPD_BUYER_INN }),
  });
  expect([201, 409]).toContain(customer.status);
});
afterAll(async () => {
  await browser?.close();
});

const stack = (page: Page) => page.getByRole('region', { name: 'Уведомления' });

describe('a batch of УПД files with one broken file', () => {
  it('imports the good file, names the broken one, and keeps the notice in the bell, not in toasts', async () => {
    const good = fs.readFileSync(path.join(UPD_DIR, UPD_FILE));
    const { context, page } = await newPage(browser);
    try {
      await loginAs(page, CLIENT);
      await page.goto('/contracts/execution');
      const card = page.locator('.mantine-Card-root').filter({ hasText: 'УПД и УКД' });
      await card.locator('input[type=file]').setInputFiles([
        { name: 'good.xml', mimeType: 'application/xml', buffer: good },
        { name: 'broken.xml', mimeType: 'application/xml', buffer: good.subarray(0, 500) },
      ]);
      await card.getByRole('button', { name: 'Загрузить' }).click();
      // the run ends as a warning listing every file
      const files = card.getByRole('list', { name: 'Файлы загрузки' });
      await files.waitFor({ timeout: 60_000 });
      expect(await card.getByText('Загружено файлов: 1 из 2').count()).toBe(1);
      expect(await files.innerText()).toContain('good.xml — загружен');
      expect(await files.innerText()).toMatch(/broken\.xml — не загружен: .*Повреждённый XML/);
      await card.getByText('Загружено не всё').first().waitFor();
      await card.getByText('УПД № 123 от 01.02.2023').first().waitFor();
      // the live notice: a warning naming the broken file
      const live = stack(page).getByRole('status').filter({ hasText: 'Загрузка УПД' });
      await live.waitFor();
      expect(await live.innerText()).toContain('«broken.xml»');

      // after a reload it is not shown again; the bell has it
      await page.reload();
      const bell = page.getByRole('button', { name: /^Уведомления, непрочитанных: \d+$/ });
      await bell.waitFor();
      await page.waitForTimeout(1500);
      expect(await stack(page).getByText('Загрузка УПД').count()).toBe(0);
      await bell.click();
      const list = page.getByRole('dialog');
      await list.getByText('Загрузка УПД').first().waitFor();
      expect(await list.innerText()).toContain('«broken.xml»');
      await list.getByRole('button', { name: 'Отметить все прочитанными' }).click();
      await page.getByRole('button', { name: 'Уведомления, непрочитанных нет' }).waitFor();
    } finally {
      await context.close();
    }
  });
});
