import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseCompany, header, launch, loginAs, newPage } from '../support/browser.js';
import { DEMO_ACCOUNTS, DEMO_COMPANIES, unique } from '../support/demo.js';
import { addSpecificationRow, fillBidsDeadline, fillRequiredFields } from '../support/documentation.js';
import { chooseMethod, fillNewProcurement } from '../support/procurements.js';

/**
 * Procurements in the browser (issue 15, «Done when»): a specialist creates a procurement, fills
 * the documentation fields, generates every document and downloads the DOCX and the PDF, and opens
 * the file page of a generated document; a client opens its own procurements (read-only) and is
 * refused another company's file.
 *
 * The journey works in ГУП «Водоканал Северо-Запад»: its Положение in force is the demo one (the
 * rules journey adds a newer rule to АО «Энергосеть» and only a draft copy to this company).
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const subject = `Поставка реагентов для водоочистки ${unique()}`;
/** the generated PDF of the journey, for the client who may not see it */
let pdfFileId = 0;

describe('procurements', () => {
  it('a specialist creates a procurement, fills the fields, generates the documents and downloads them', {
    timeout: 360_000,
  }, async () => {
    const { context, page } = await newPage(browser);
    try {
      await loginAs(page, DEMO_ACCOUNTS.specialist.login);
      await chooseCompany(page, DEMO_COMPANIES.client2);
      await header(page).getByRole('link', { name: 'Реестр закупок' }).click();
      await page.getByRole('heading', { name: 'Реестр закупок' }).waitFor();

      // a method the Положение does not allow is refused with the rule named
      const dialog = await fillNewProcurement(page, {
        method: 'Конкурентные переговоры',
        subject,
        nmcd: '480000',
      });
      await dialog.getByRole('button', { name: 'Создать' }).click();
      await dialog.getByText('Закупка не создана').waitFor();
      await dialog
        .getByText(/не предусмотрен Положением/)
        .first()
        .waitFor();

      await chooseMethod(page, dialog, 'Аукцион в электронной форме');
      await dialog.getByRole('button', { name: 'Создать' }).click();
      await page.getByRole('heading', { name: /^Закупка № / }).waitFor();
      const cardUrl = page.url();
      const id = Number(/\/documents\/(\d+)/.exec(cardUrl)?.[1]);
      expect(id).toBeGreaterThan(0);
      await page.getByText(subject).first().waitFor();
      await fillBidsDeadline(page, '15.01.2099');
      await addSpecificationRow(page, 'Коагулянт', '480000');

      // the documentation: fields, then every document in DOCX and PDF
      await page.getByRole('tab', { name: 'Документация' }).click();
      await page.getByRole('link', { name: 'Открыть документацию' }).click();
      await page.getByRole('heading', { name: /^Документация закупки/ }).waitFor();
      await page.getByText(/Заполнено \d+ из \d+ обязательных/).waitFor();
      // every required field the templates use and nothing prefills (documents are never made incomplete)
      await fillRequiredFields(page);
      const table = page.getByRole('table', { name: 'Документы закупки' });
      const rows = table.getByRole('row');
      const documents = (await rows.count()) - 1;
      expect(documents).toBeGreaterThan(0);
      await page.getByRole('checkbox', { name: 'PDF' }).check();
      await page.getByRole('button', { name: 'Сформировать все' }).click();
      await expect
        .poll(() => table.locator('tbody').getByText('Сформирован', { exact: true }).count(), {
          timeout: 240_000,
          interval: 1000,
        })
        .toBe(documents);
      await page.getByText('Формирование документов закупки').first().waitFor();

      const first = rows.nth(1);
      const docx = page.waitForEvent('download');
      await first.getByRole('button', { name: /^Скачать DOCX/ }).click();
      expect((await docx).suggestedFilename()).toMatch(/\.docx$/);
      const pdf = page.waitForEvent('download');
      await first.getByRole('button', { name: /^Скачать PDF/ }).click();
      const pdfDownload = await pdf;
      expect(pdfDownload.suggestedFilename()).toMatch(/\.pdf$/);
      expect(
        fs
          .readFileSync(await pdfDownload.path())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');

      // the file page of the generated PDF
      await first.getByRole('link', { name: 'Страница файла' }).click();
      await page.getByRole('heading', { name: /\.pdf$/ }).waitFor();
      pdfFileId = Number(/\/files\/(\d+)/.exec(page.url())?.[1]);
      await page.getByText('Документ PDF').waitFor();
      await page.getByRole('link', { name: /закупка № / }).waitFor();
      await page.locator('iframe').first().waitFor();
      await page.getByRole('button', { name: 'Скачать' }).waitFor();

      // the card shows the history of the generation
      await page.goto(`${cardUrl}?tab=history`);
      await page
        .getByText(/Сформирован/)
        .first()
        .waitFor();
    } finally {
      await context.close();
    }
  });

  it('a client opens its own procurements read-only and is refused another company’s file', async () => {
    expect(pdfFileId).toBeGreaterThan(0);
    const own = await newPage(browser);
    try {
      await loginAs(own.page, DEMO_ACCOUNTS.client2.login);
      await header(own.page).getByRole('link', { name: 'Реестр закупок' }).click();
      await own.page.getByRole('link', { name: subject }).or(own.page.getByText(subject)).first().click();
      await own.page.getByRole('heading', { name: /^Закупка № / }).waitFor();
      expect(await own.page.getByRole('button', { name: 'Сохранить' }).count()).toBe(0);
      expect(await own.page.getByRole('button', { name: 'Создать закупку' }).count()).toBe(0);
      // its own document's file page opens
      await own.page.goto(`/files/${pdfFileId}`);
      await own.page.getByText('Документ PDF').waitFor();
    } finally {
      await own.context.close();
    }

    const other = await newPage(browser);
    try {
      await loginAs(other.page, DEMO_ACCOUNTS.client.login);
      await other.page.goto(`/files/${pdfFileId}`);
      await other.page.getByText('Файл не найден').first().waitFor();
      expect(await other.page.getByText('Документ PDF').count()).toBe(0);
    } finally {
      await other.context.close();
    }
  });
});
