import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseCompany, header, launch, loginAs, newPage } from '../support/browser.js';
import { DEMO_ACCOUNTS, DEMO_COMPANIES } from '../support/demo.js';

/**
 * Issue 25, items 5 and 8, as a specialist who serves many companies: staff land on a company
 * with data, not the provider's empty one; the copy dialog's link opens the copy in the target
 * company (switching to it); the stored notification of the copy names its company and its link,
 * followed from another company, switches company; switching company on a detail page leads to
 * the same list of the new company instead of «not found»; «Удалить» is not offered on a rule
 * that is in force.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const RULE = /^Положение о закупке товаров, работ, услуг/;
const companyBox = (page: Page) => header(page).getByRole('combobox', { name: 'Компания' });
const selected = async (page: Page) => companyBox(page).inputValue();

/** Picks a company in the header without waiting for the home page (the screen stays where it is). */
async function switchCompany(page: Page, title: string) {
  await companyBox(page).click();
  await page.getByRole('option', { name: title }).click();
  await expect.poll(() => selected(page)).toBe(title);
}

describe('navigation for staff who serve many companies', () => {
  it('lands on a company with data, follows the copy and its notification into the target company', {
    timeout: 240_000,
  }, async () => {
    const { context, page } = await newPage(browser);
    try {
      await loginAs(page, DEMO_ACCOUNTS.specialist.login);
      // the company used last, or the first with data: never the provider's own empty one
      await expect.poll(() => selected(page)).not.toBe('');
      expect(await selected(page)).not.toBe(DEMO_COMPANIES.provider);

      await chooseCompany(page, DEMO_COMPANIES.client1);
      await header(page).getByRole('link', { name: 'Положения о закупке' }).click();
      await page.getByRole('heading', { name: 'Положения о закупке' }).waitFor();
      const row = page.getByRole('row').filter({ hasText: RULE }).first();
      await row.waitFor();
      // the rule in force is used: no «Удалить» where the server would refuse it
      expect(await row.getByRole('button', { name: 'Удалить' }).count()).toBe(0);
      const source = ((await row.getByRole('link', { name: RULE }).textContent()) ?? '').trim();

      // copy it to the other client company; the dialog's link opens the copy there
      await row.getByRole('button', { name: 'Копировать' }).click();
      const dialog = page.getByRole('dialog', { name: `Копирование: ${source}` });
      await dialog
        .getByRole('textbox', { name: 'Компания-получатель' })
        .or(dialog.getByRole('combobox', { name: 'Компания-получатель' }))
        .first()
        .click();
      await page.getByRole('option', { name: DEMO_COMPANIES.client2, exact: true }).click();
      await dialog.getByRole('button', { name: 'Копировать' }).click();
      await dialog.getByText('Положение скопировано', { exact: true }).waitFor({ timeout: 60_000 });
      await dialog.getByRole('link', { name: 'Открыть копию' }).click();
      await page.waitForURL(/\/procurementsRules\/\d+\/versions$/);
      const copyPath = new URL(page.url()).pathname;
      await expect.poll(() => selected(page)).toBe(DEMO_COMPANIES.client2);
      await page.getByRole('heading', { level: 2, name: RULE }).waitFor();
      expect(await page.getByText('Запрашиваемый ресурс не найден').count()).toBe(0);

      // switching company on a detail page goes to the same list of the new company
      await switchCompany(page, DEMO_COMPANIES.client1);
      await page.waitForURL((u) => u.pathname === '/procurementsRules');
      await page.getByRole('heading', { name: 'Положения о закупке' }).waitFor();
      await page.getByRole('row').filter({ hasText: RULE }).first().waitFor();
      expect(await page.getByText('Запрашиваемый ресурс не найден').count()).toBe(0);

      // the stored notification names the target company and, followed from client1, switches to it
      await header(page)
        .getByRole('button', { name: /^Уведомления/ })
        .click();
      const item = page
        .getByRole('listitem')
        .filter({ hasText: 'Копирование положения о закупке' })
        .filter({ hasText: 'Положение скопировано в другую компанию' })
        .first();
      await item.waitFor();
      await item.getByText(DEMO_COMPANIES.client2, { exact: false }).waitFor();
      await item.getByRole('link', { name: 'Перейти' }).click();
      await page.waitForURL((u) => u.pathname === copyPath);
      await expect.poll(() => selected(page)).toBe(DEMO_COMPANIES.client2);
      await page.getByRole('heading', { level: 2, name: RULE }).waitFor();
      expect(await page.getByText('Запрашиваемый ресурс не найден').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('a client reads its rules without «Удалить» or «Копировать»', {
    timeout: 120_000,
  }, async () => {
    const { context, page } = await newPage(browser);
    try {
      await loginAs(page, DEMO_ACCOUNTS.client.login);
      await header(page).getByRole('link', { name: 'Положения о закупке' }).click();
      const row = page.getByRole('row').filter({ hasText: RULE }).first();
      await row.waitFor();
      expect(await page.getByRole('button', { name: 'Удалить' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Копировать' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
