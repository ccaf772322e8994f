import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseCompany, launch, loginAs, newPage } from '../support/browser.js';
import { DEMO_ACCOUNTS, DEMO_COMPANIES, randomInn, unique } from '../support/demo.js';

/**
 * From bids to the contract in the browser (issue 28, «Done when»): a specialist enters three bids
 * on the demo competition in «подведение итогов», rejects one, scores the others, generates the
 * final protocol, downloads it, signs it and forms the contract from it; the contract's card
 * links back to the procurement.
 *
 * The demo competition «Страхование транспортных средств (КАСКО)» of ГУП «Водоканал Северо-Запад»
 * (e_tender, two lots; its Положение sets no criteria, so the defaults apply: price 60 %,
 * qualification 20 %, term 20 %). Participants get random ИНН, so a second run adds new ones.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const SUBJECT = 'Страхование транспортных средств (КАСКО)';
const ITEM = 'Цена за единицу: Страхование легкового автомобиля (КАСКО)';
const u = unique();
const bids = [
  { name: `ООО «Альфа-Страх ${u}»`, inn: randomInn(), at: '2026-03-02 10:00', unit: '36000' },
  { name: `АО «Бета-Полис ${u}»`, inn: randomInn(), at: '2026-03-02 11:00', unit: '37000' },
  { name: `ООО «Гамма ${u}»`, inn: randomInn(), at: '2026-03-02 12:00', unit: '30000' },
];

describe('bids and results', () => {
  it('a specialist enters bids, rejects one, scores the others, signs the final protocol and forms the contract', {
    timeout: 300_000,
  }, async () => {
    const { context, page } = await newPage(browser);
    try {
      await loginAs(page, DEMO_ACCOUNTS.specialist.login);
      await chooseCompany(page, DEMO_COMPANIES.client2);
      await page.goto(`/documents?q=${encodeURIComponent('КАСКО')}`);
      await page.getByRole('heading', { name: 'Реестр закупок' }).waitFor();
      await page.getByText(SUBJECT).first().click();
      await page.getByRole('heading', { name: /^Закупка № / }).waitFor();
      const id = Number(/\/documents\/(\d+)/.exec(page.url())?.[1]);
      expect(id).toBeGreaterThan(0);
      await page.getByRole('tab', { name: 'Заявки и итоги' }).click();
      await page.getByRole('table', { name: 'Заявки лота 1' }).waitFor();

      // the commission that scores
      await page.getByRole('button', { name: 'Изменить состав' }).click();
      const com = page.getByRole('dialog', { name: 'Состав комиссии' });
      for (const [i, name] of ['Орлов А. В.', 'Соколова Н. П.'].entries()) {
        await com.getByRole('button', { name: 'Добавить члена комиссии' }).click();
        await com.getByRole('textbox', { name: `Член комиссии ${i + 1}`, exact: true }).fill(name);
      }
      await com.getByRole('button', { name: 'Сохранить' }).click();
      await com.waitFor({ state: 'hidden' });
      await page.getByText('Орлов А. В. — Председатель комиссии').waitFor();

      // three bids by hand on lot 1, one price per item (the bid's price is their sum)
      for (const b of bids) {
        await page.getByRole('button', { name: 'Добавить заявку' }).click();
        const dialog = page.getByRole('dialog', { name: 'Новая заявка' });
        await dialog.getByRole('textbox', { name: 'ИНН участника' }).fill(b.inn);
        await dialog.getByRole('textbox', { name: 'Получена (МСК)' }).fill(b.at);
        await dialog.getByRole('textbox', { name: 'Наименование участника' }).fill(b.name);
        await dialog.getByRole('textbox', { name: ITEM }).fill(b.unit);
        await dialog.getByRole('button', { name: 'Сохранить' }).click();
        await dialog.waitFor({ state: 'hidden' });
        await page.getByRole('table', { name: 'Заявки лота 1' }).getByText(b.name).waitFor();
      }

      // the third is rejected with a reason of the catalogue; the two others admitted
      await page.getByRole('button', { name: `Допуск: ${bids[2].name}` }).click();
      let adm = page.getByRole('dialog', { name: /^Допуск заявки/ });
      await adm.getByText('Проверка по РНП не выполнялась').waitFor();
      await adm.getByText('Отклонить').click();
      await adm.getByRole('combobox', { name: 'Основание отклонения' }).click();
      await page.getByRole('option', { name: /Не представлены документы/ }).click();
      await adm.getByRole('textbox', { name: 'Комментарий' }).fill('Нет лицензии на страхование');
      await adm.getByRole('button', { name: 'Записать решение' }).click();
      await adm.waitFor({ state: 'hidden' });
      for (const b of bids.slice(0, 2)) {
        await page.getByRole('button', { name: `Допуск: ${b.name}` }).click();
        adm = page.getByRole('dialog', { name: /^Допуск заявки/ });
        await adm.getByRole('button', { name: 'Записать решение' }).click();
        await adm.waitFor({ state: 'hidden' });
      }
      const lot = page.getByRole('table', { name: 'Заявки лота 1' });
      await lot.getByText('Нет лицензии на страхование').waitFor();

      // the commission's points on qualification and term for the two admitted bids
      await page.getByRole('button', { name: 'Оценки комиссии' }).first().click();
      const sheet = page.getByRole('dialog', { name: 'Оценки комиссии: лот 1' });
      const cells = sheet.getByRole('textbox');
      expect(await cells.count()).toBe(8);
      for (let i = 0; i < 8; i++) await cells.nth(i).fill(String(60 + i * 5));
      await sheet.getByRole('button', { name: 'Сохранить' }).click();
      await sheet.waitFor({ state: 'hidden' });
      const ev = page.getByRole('table', { name: 'Оценка заявок лота 1' });
      await ev.getByText('Победитель').waitFor();
      expect(await ev.getByText(bids[2].name).count()).toBe(0);

      // the final protocol: generated, downloaded, signed
      await page.getByRole('button', { name: 'Сформировать протокол' }).click();
      await page.getByRole('menuitem', { name: 'Итоговый протокол (подведения итогов)' }).click();
      const protocols = page.getByRole('table', { name: 'Протоколы' });
      const row = protocols.getByRole('row', { name: /Итоговый протокол/ }).last();
      await row.waitFor();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        row.getByRole('button', { name: 'DOCX' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.docx$/);
      expect(await download.failure()).toBeNull();
      await row.getByRole('button', { name: 'Подписать' }).click();
      const sign = page.getByRole('dialog', { name: /^Подписание/ });
      await sign.getByRole('button', { name: 'Подписать' }).click();
      await sign.waitFor({ state: 'hidden' });

      // «Сформировать договор» opens the new draft contract, whose card links back
      await row.getByRole('button', { name: 'Сформировать договор' }).click();
      await page.waitForURL(/\/contracts\/register\?contract=\d+/);
      const drawer = page.getByRole('dialog', { name: /^Договор № / });
      await drawer
        .getByText(bids[0].name, { exact: false })
        .or(drawer.getByText(bids[1].name))
        .first()
        .waitFor();
      await drawer.getByRole('link', { name: /^Закупка / }).click();
      await page.waitForURL(new RegExp(`/documents/${id}\\?tab=results`));
      await page.getByRole('tab', { name: 'Заявки и итоги', selected: true }).waitFor();
      await page
        .getByRole('table', { name: 'Протоколы' })
        .getByRole('link', { name: /^Договор / })
        .waitFor();
    } finally {
      await context.close();
    }
  });
});
