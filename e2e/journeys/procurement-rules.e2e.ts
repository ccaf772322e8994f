import PizZip from 'pizzip';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseCompany, header, launch, loginAs, newPage } from '../support/browser.js';
import { DEMO_ACCOUNTS, DEMO_COMPANIES, unique } from '../support/demo.js';

/**
 * Procurement rules in the browser (issue 14, «Done when»): a specialist creates a rule and a
 * version, uploads a template and sees its tags, approves and publishes the version, copies the
 * rule to another company and sees the success notice; a client sees the rules read-only and is
 * sent to `/` from the documents rules.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * A DOCX written with an older field name, «customer_name» (Word split it across two runs), plus a
 * system field: accepted, with a warning naming the new name.
 */
function templateDocx(): Buffer {
  const run = (t: string) => `<w:r><w:t xml:space="preserve">${t}</w:t></w:r>`;
  const doc = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p>${run('Заказчик: {cust')}${run('omer_name}, организатор {company.title}')}</w:p></w:body></w:document>`;
  const zip = new PizZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  zip.file('word/document.xml', doc);
  return zip.generate({ type: 'nodebuffer' });
}

const today = () => new Date().toLocaleDateString('ru-RU', { timeZone: 'Europe/Moscow' });

async function pick(page: Page, scope: ReturnType<Page['getByRole']>, label: string, option: string) {
  await scope
    .getByRole('textbox', { name: label })
    .or(scope.getByRole('combobox', { name: label }))
    .first()
    .click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('procurement rules', () => {
  it('a specialist creates a rule and a version, uploads a template, approves, publishes and copies it', async () => {
    const { context, page } = await newPage(browser);
    const title = `Положение о закупке ${unique()}`;
    try {
      await loginAs(page, DEMO_ACCOUNTS.specialist.login);
      await chooseCompany(page, DEMO_COMPANIES.client1);
      await header(page).getByRole('link', { name: 'Положения о закупке' }).click();
      await page.getByRole('heading', { name: 'Положения о закупке' }).waitFor();

      await page.getByRole('button', { name: 'Создать положение' }).click();
      let dialog = page.getByRole('dialog', { name: 'Новое положение о закупке' });
      await dialog.getByRole('textbox', { name: 'Наименование' }).fill(title);
      await dialog.getByRole('button', { name: 'Сохранить' }).click();
      await page.getByRole('link', { name: title }).click();
      await page.getByRole('heading', { name: title }).waitFor();

      // a version allowing the electronic auction
      await page.getByRole('button', { name: 'Новая редакция' }).click();
      dialog = page.getByRole('dialog', { name: 'Новая редакция' });
      await dialog.getByRole('button', { name: 'Добавить способ' }).click();
      await pick(page, dialog, 'Способ закупки', 'Аукцион в электронной форме');
      await dialog.getByRole('button', { name: 'Сохранить' }).click();
      await dialog.waitFor({ state: 'detached' });
      const card = page.getByTestId('version-1');
      await card.getByText('Черновик').waitFor();

      // documents rules: a notice with a template whose tag Word split
      await card.getByRole('link', { name: /Правила документов/ }).click();
      await page.getByRole('heading', { name: 'Правила документов' }).waitFor();
      await page.getByRole('button', { name: 'Добавить документ' }).click();
      dialog = page.getByRole('dialog', { name: 'Новый документ' });
      await pick(page, dialog, 'Вид документа', 'Извещение о закупке');
      await dialog.getByRole('button', { name: 'Сохранить' }).click();
      await dialog.waitFor({ state: 'detached' });
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Загрузить шаблон' }).click();
      await (await chooser).setFiles({
        name: 'Извещение.docx',
        mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        buffer: templateDocx(),
      });
      const report = page.getByRole('alert').filter({ hasText: 'Шаблон «Извещение.docx» загружен' });
      await report.waitFor();
      await report.getByText('customer_name', { exact: true }).waitFor();
      await report.getByText('company.title', { exact: true }).waitFor();
      await report.getByText('Поле «customer_name» устарело: используйте «customer.title»').waitFor();
      await page.getByRole('button', { name: 'Предпросмотр' }).waitFor();

      // approve, then record the EIS placement
      await page.getByRole('link', { name: '← Редакции положения' }).click();
      await card.getByRole('button', { name: 'Утвердить' }).click();
      dialog = page.getByRole('dialog', { name: 'Утверждение редакции № 1' });
      await dialog.getByRole('textbox', { name: 'Номер решения (протокола)' }).fill('12');
      for (const label of ['Дата решения', 'Вступает в силу с']) {
        const field = dialog.getByRole('textbox', { name: label });
        await field.fill(today());
        // Tab, not Enter: Enter in a field submits the dialog's form before the other date is typed
        await field.press('Tab');
      }
      await dialog.getByRole('button', { name: 'Утвердить' }).click();
      await dialog.waitFor({ state: 'detached' });
      await card.getByText('Утверждена', { exact: true }).waitFor();
      await card.getByText('В срок').waitFor();

      await card.getByRole('button', { name: 'Разместить в ЕИС' }).click();
      dialog = page.getByRole('dialog', { name: 'Размещение в ЕИС редакции № 1' });
      const placed = dialog.getByRole('textbox', { name: 'Дата размещения в ЕИС' });
      await placed.fill(today());
      await placed.press('Tab');
      await dialog.getByRole('textbox', { name: 'Регистрационный номер в ЕИС' }).fill('1180000777');
      await dialog.getByRole('button', { name: 'Отметить размещение' }).click();
      await dialog.waitFor({ state: 'detached' });
      await card.getByText('Размещена в ЕИС').waitFor();
      await card.getByText('ЕИС: № 1180000777', { exact: false }).waitFor();

      // copy to the other client company over the socket job
      await page.getByRole('link', { name: '← Положения о закупке' }).click();
      const row = page.getByRole('row').filter({ hasText: title });
      await row.getByRole('button', { name: 'Копировать' }).click();
      dialog = page.getByRole('dialog', { name: `Копирование: ${title}` });
      await pick(page, dialog, 'Компания-получатель', DEMO_COMPANIES.client2);
      await dialog.getByRole('button', { name: 'Копировать' }).click();
      await dialog.getByText('Положение скопировано', { exact: true }).waitFor({ timeout: 30_000 });
      await page
        .getByText(/Положение скопировано в другую компанию/)
        .first()
        .waitFor();
    } finally {
      await context.close();
    }
  });

  it('a client sees its rules read-only and is sent to / from the documents rules', async () => {
    const { context, page } = await newPage(browser);
    try {
      await loginAs(page, DEMO_ACCOUNTS.client.login);
      await header(page).getByRole('link', { name: 'Положения о закупке' }).click();
      const link = page.getByRole('link', { name: /Положение о закупке товаров, работ, услуг/ }).first();
      await link.waitFor();
      expect(await page.getByRole('button', { name: 'Создать положение' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Копировать' }).count()).toBe(0);
      await link.click();
      const card = page.getByTestId('version-2');
      await card.getByText('Действует', { exact: true }).waitFor();
      expect(await page.getByRole('button', { name: 'Новая редакция' }).count()).toBe(0);
      expect(await card.getByRole('link', { name: /Правила документов/ }).count()).toBe(0);
      const versionsUrl = new URL(page.url());
      const ruleId = versionsUrl.pathname.split('/')[2];
      await page.goto(`/procurementsRules/${ruleId}/versions/1/documentsRules`);
      await page.waitForURL((u) => u.pathname === '/');
    } finally {
      await context.close();
    }
  });
});
