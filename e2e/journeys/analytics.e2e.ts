import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseCompany, header, launch, loginAs, newPage } from '../support/browser.js';
import { DEMO_ACCOUNTS, DEMO_COMPANIES } from '../support/demo.js';

/**
 * Analytics (issue 30): a client opens the dashboard, changes the period, follows the savings panel
 * to the contracts behind it and downloads the XLSX; a specialist dismisses a red flag with a
 * comment. The demo's analytics set (analytics.demo-seed.ts) lies 80 to 10 days before today, so
 * the journey takes the preset «12 месяцев».
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('analytics', () => {
  it('a client changes the period, follows savings to the contracts and downloads the XLSX', async () => {
    const { context, page } = await newPage(browser);
    try {
      await loginAs(page, DEMO_ACCOUNTS.client.login);
      await header(page).getByRole('link', { name: 'Аналитика' }).click();
      await page.getByRole('heading', { name: /^Аналитика/ }).waitFor();
      const savings = page.getByRole('region', { name: 'Экономия' });
      await savings.waitFor();
      await page.getByRole('button', { name: '12 месяцев' }).click();
      await page.waitForURL(/\/analytics\?from=\d{4}-\d{2}&to=\d{4}-\d{2}/);
      const from = new URL(page.url()).searchParams.get('from');
      await expect.poll(() => page.getByLabel('С месяца').inputValue(), { timeout: 15_000 }).toBe(from);
      // the savings table has the month of the demo's auction contract
      await savings.getByRole('table', { name: 'Экономия по месяцам' }).getByRole('row').nth(1).waitFor();
      await page
        .getByRole('region', { name: 'Красные флаги' })
        .getByText('Цена договора равна НМЦД')
        .first()
        .waitFor();

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Скачать XLSX' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^Аналитика .+\.xlsx$/);
      const file = await download.path();
      expect(fs.readFileSync(file).subarray(0, 2).toString()).toBe('PK');

      await savings.getByRole('link', { name: 'Договоры периода' }).click();
      await page.waitForURL(/\/contracts\/register\?date_from=\d{4}-\d{2}-01&date_to=\d{4}-\d{2}-\d{2}/);
      expect(new URL(page.url()).searchParams.get('date_from')).toBe(`${from}-01`);
      await page.getByRole('main').getByRole('table').first().getByRole('row').nth(1).waitFor();
    } finally {
      await context.close();
    }
  });

  it('a specialist dismisses a red flag with a comment', async () => {
    const { context, page } = await newPage(browser);
    try {
      await loginAs(page, DEMO_ACCOUNTS.specialist.login);
      await chooseCompany(page, DEMO_COMPANIES.client1);
      // at 1440 px the staff's 450 px company selector covers the fifth header link (see the report)
      await page.goto('/analytics');
      await page.getByRole('button', { name: '12 месяцев' }).click();
      const flags = page.getByRole('region', { name: 'Красные флаги' });
      const row = flags.getByRole('row').filter({ hasText: 'Рост цены договора изменениями' });
      await row.getByRole('button', { name: 'Снять' }).click();
      const dialog = page.getByRole('dialog', { name: 'Снять флаг' });
      await dialog.getByRole('textbox', { name: 'Комментарий' }).fill('ок');
      await dialog.getByRole('button', { name: 'Снять флаг' }).click();
      await dialog.getByText('Комментарий — не короче 3 символов').waitFor();
      await dialog
        .getByRole('textbox', { name: 'Комментарий' })
        .fill('Увеличение объёма согласовано закупочной комиссией');
      await dialog.getByRole('button', { name: 'Снять флаг' }).click();
      await dialog.waitFor({ state: 'detached' });
      // the flags are recomputed for the period after the dismissal: wait as long as an action does
      await row.waitFor({ state: 'detached' });
      await flags.getByText('Снятые').click();
      await flags.getByText(/Увеличение объёма согласовано закупочной комиссией/).waitFor();
      // the staff's comparison of their companies is under the dashboard
      await page
        .getByRole('table', { name: 'Показатели компаний за период' })
        .getByText(DEMO_COMPANIES.client2)
        .waitFor();
    } finally {
      await context.close();
    }
  });
});
