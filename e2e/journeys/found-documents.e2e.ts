import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseCompany, header, launch, loginAs, newPage } from '../support/browser.js';
import { DEMO_ACCOUNTS, DEMO_COMPANIES, unique } from '../support/demo.js';
import { addSpecificationRow, fillBidsDeadline, fillRequiredFields } from '../support/documentation.js';
import { fillNewProcurement } from '../support/procurements.js';

/**
 * Issue 25, items 1 and 2: a specialist's «Сформировать все» with required fields empty is refused
 * naming them (no row reads «Сформирован»), and succeeds once they are filled; a client opens its
 * procurement card and reads the method, the НМЦД method and the customer by name, read-only.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const subject = `Поставка хлора для водоочистки ${unique()}`;

describe('documents never generated incomplete; a client reads its card whole', () => {
  it('a specialist is refused «Сформировать все» while required fields are empty, then generates', {
    timeout: 300_000,
  }, async () => {
    const { context, page } = await newPage(browser);
    try {
      await loginAs(page, DEMO_ACCOUNTS.specialist.login);
      await chooseCompany(page, DEMO_COMPANIES.client2);
      await header(page).getByRole('link', { name: 'Реестр закупок' }).click();
      const dialog = await fillNewProcurement(page, {
        method: 'Аукцион в электронной форме',
        subject,
        nmcd: '480000',
      });
      await dialog.getByRole('button', { name: 'Создать' }).click();
      await page.getByRole('heading', { name: /^Закупка № / }).waitFor();
      await fillBidsDeadline(page, '15.01.2099');
      await addSpecificationRow(page, 'Хлор жидкий', '480000');

      await page.getByRole('tab', { name: 'Документация' }).click();
      await page.getByRole('link', { name: 'Открыть документацию' }).click();
      await page.getByRole('heading', { name: /^Документация закупки/ }).waitFor();
      const table = page.getByRole('table', { name: 'Документы закупки' });
      await table.getByRole('row').nth(1).waitFor();
      const documents = (await table.getByRole('row').count()) - 1;
      expect(documents).toBeGreaterThan(0);

      await page.getByRole('button', { name: 'Сформировать все' }).click();
      await page.getByText('Документы не сформированы').waitFor();
      await page
        .getByText(/^Не заполнены обязательные поля документов: .*«Место поставки товара/)
        .first()
        .waitFor();
      expect(await table.locator('tbody').getByText('Сформирован', { exact: true }).count()).toBe(0);
      expect(await table.locator('tbody').getByText('Не заполнены поля').count()).toBeGreaterThan(0);

      await fillRequiredFields(page);
      await page.getByRole('checkbox', { name: 'PDF' }).uncheck();
      await page.getByRole('button', { name: 'Сформировать все' }).click();
      await expect
        .poll(() => table.locator('tbody').getByText('Сформирован', { exact: true }).count(), {
          timeout: 240_000,
          interval: 1000,
        })
        .toBe(documents);
    } finally {
      await context.close();
    }
  });

  it('a client opens a procurement card and reads the method, НМЦД method and customer by name', {
    timeout: 120_000,
  }, async () => {
    const { context, page } = await newPage(browser);
    try {
      await loginAs(page, DEMO_ACCOUNTS.client2.login);
      await header(page).getByRole('link', { name: 'Реестр закупок' }).click();
      await page.getByRole('heading', { name: 'Реестр закупок' }).waitFor();
      // the «Способ» filter has the methods of the company's procurements
      const bar = page.getByRole('search', { name: 'Фильтры реестра закупок' });
      await bar.getByLabel('Способ').first().click();
      await page.getByRole('option', { name: 'Аукцион в электронной форме', exact: true }).waitFor();
      await page.keyboard.press('Escape');

      await page.getByRole('link', { name: subject }).or(page.getByText(subject)).first().click();
      await page.getByRole('heading', { name: /^Закупка № / }).waitFor();
      const method = page.getByRole('textbox', { name: 'Способ закупки' });
      expect(await method.inputValue()).toBe('Аукцион в электронной форме');
      expect(await method.getAttribute('readonly')).not.toBeNull();
      expect(await page.getByRole('textbox', { name: 'Заказчик' }).inputValue()).not.toBe('');
      expect(await page.getByRole('textbox', { name: 'Метод определения НМЦД' }).inputValue()).not.toBe('');
      expect(await page.getByText('нет значения').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
