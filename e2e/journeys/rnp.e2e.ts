import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { header, launch, loginAs, newPage } from '../support/browser';

/**
 * The register of unfair suppliers (docs/rnp.md) in the browser: the admin finds it in the gear
 * menu, sees that it is not loaded, uploads the constructed CSV, and checks an ИНН; a specialist
 * reads it without the upload.
 */
const CSV = path.resolve(import.meta.dirname, '../../apps/server/test/fixtures/rnp/rnp.csv');

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('the register of unfair suppliers', () => {
  it('the admin loads the register and checks an ИНН; a specialist reads it', async () => {
    const admin = await newPage(browser);
    try {
      const { page } = admin;
      await loginAs(page, 'admin@demo.local');
      await header(page).getByRole('button', { name: 'Справочники' }).click();
      await page.getByRole('menuitem', { name: 'Реестр недобросовестных поставщиков' }).click();
      await page.waitForURL('**/rnp');
      await page.getByText('Реестр не загружен: проверка участников по РНП не выполняется.').waitFor();

      const drop = page.getByRole('button', { name: 'Файл реестра недобросовестных поставщиков' });
      await drop.locator('input[type=file]').setInputFiles(CSV);
      await page.getByText(/Загружен .*: 3 записи из файла «rnp\.csv» \(CSV\)\./).waitFor();

      // 25000101 is in force from 10.03.2025 until 10.03.2027 (the fixture): a date within, not today
      await page.getByRole('textbox', { name: 'ИНН' }).fill('7701000019');
      const on = page.getByRole('textbox', { name: 'На дату' });
      await on.fill('01.06.2026');
      await on.press('Tab');
      await page.getByRole('button', { name: 'Проверить' }).click();
      const table = page.getByRole('table', { name: 'Записи реестра' });
      await table.waitFor();
      await page.getByText('На 01.06.2026 участник включён в реестр недобросовестных поставщиков.').waitFor();
      const row = table.getByRole('row').filter({ hasText: '25000101' });
      expect(await row.getByText('ООО "Ромашка"').count()).toBe(1);
      expect(await row.getByText('действует', { exact: true }).count()).toBe(1);
    } finally {
      await admin.context.close();
    }

    const specialist = await newPage(browser);
    try {
      const { page } = specialist;
      await loginAs(page, 'specialist@demo.local');
      await page.goto('/rnp');
      await page.getByText(/Загружен .*: 3 записи из файла «rnp\.csv»/).waitFor();
      expect(
        await page.getByRole('button', { name: 'Файл реестра недобросовестных поставщиков' }).count(),
      ).toBe(0);
      await page.getByRole('textbox', { name: 'ИНН' }).fill('770400000111');
      await page.getByRole('button', { name: 'Проверить' }).click();
      await page.getByText(/действующих записей нет; прежние записи ниже/).waitFor();
    } finally {
      await specialist.context.close();
    }
  });
});
