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
 * qualification 20 %, term 20 %). The demo has already scored it with its commission, signed a
 * final protocol and drawn lot 1's contract (bids.demo-seed.ts); the journey adds three bids to
 * lot 2 and signs a new final protocol version, on which «Сформировать договор» is offered for lot
 * 2 only (one contract per lot). Participants get random ИНН.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const SUBJECT = 'Страхование транспортных средств (КАСКО)';
const ITEM = 'Цена за единицу: Страхование грузового автомобиля (КАСКО)';
const u = unique();
const bids = [
  { name: `ООО «Альфа-Страх ${u}»`, inn: randomInn(), at: '2026-03-02 10:00', unit: '45000' },
  { name: `АО «Бета-Полис ${u}»`, inn: randomInn(), at: '2026-03-02 11:00', unit: '46000' },
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
      await page.getByRole('table', { name: 'Заявки лота 2' }).waitFor();

      // the commission that scores (the demo's)
      await page.getByText('Иванов И. И. — Председатель комиссии').waitFor();

      // three bids by hand on lot 2, one price per item (the bid's price is their sum)
      for (const b of bids) {
        await page.getByRole('button', { name: 'Добавить заявку' }).click();
        const dialog = page.getByRole('dialog', { name: 'Новая заявка' });
        await dialog.getByRole('combobox', { name: 'Лот' }).click();
        await page.getByRole('option', { name: /^Лот 2:/ }).click();
        await dialog.getByRole('textbox', { name: 'ИНН участника' }).fill(b.inn);
        await dialog.getByRole('textbox', { name: 'Получена (МСК)' }).fill(b.at);
        await dialog.getByRole('textbox', { name: 'Наименование участника' }).fill(b.name);
        await dialog.getByRole('textbox', { name: ITEM }).fill(b.unit);
        await dialog.getByRole('button', { name: 'Сохранить' }).click();
        await dialog.waitFor({ state: 'hidden' });
        await page.getByRole('table', { name: 'Заявки лота 2' }).getByText(b.name).waitFor();
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
      const lot = page.getByRole('table', { name: 'Заявки лота 2' });
      await lot.getByText('Нет лицензии на страхование').waitFor();

      // the commission's points on qualification and term for the two admitted bids
      await page
        .getByRole('region', { name: 'Заявки лота 2' })
        .getByRole('button', { name: 'Оценки комиссии' })
        .click();
      const sheet = page.getByRole('dialog', { name: 'Оценки комиссии: лот 2' });
      const cells = sheet.getByRole('textbox');
      // the demo's admitted bids keep their points; the two new bids × 2 criteria × 3 members are empty
      let filled = 0;
      for (let i = 0; i < (await cells.count()); i++)
        if ((await cells.nth(i).inputValue()) === '')
          await cells.nth(i).fill(String(60 + (filled++ % 8) * 5));
      expect(filled).toBe(12);
      await sheet.getByRole('button', { name: 'Сохранить' }).click();
      await sheet.waitFor({ state: 'hidden' });
      const ev = page.getByRole('table', { name: 'Оценка заявок лота 2' });
      await ev.getByText('Победитель').waitFor();
      expect(await ev.getByText(bids[2].name).count()).toBe(0);

      // the final protocol: generated, downloaded, signed
      await page.getByRole('button', { name: 'Сформировать протокол' }).click();
      await page.getByRole('menuitem', { name: 'Итоговый протокол (подведения итогов)' }).click();
      const protocols = page.getByRole('table', { name: 'Протоколы' });
      const row = protocols.getByRole('row', { name: /Итоговый протокол.*ред\. 2/ });
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

      // «Сформировать договор» per lot: lot 1's contract is drawn, so only lot 2's is offered; it
      // opens the new draft contract, whose card links back
      expect(await protocols.getByRole('button', { name: 'Сформировать договор (лот 1)' }).count()).toBe(0);
      await row.getByRole('button', { name: 'Сформировать договор (лот 2)' }).click();
      await page.waitForURL(/\/contracts\/register\?contract=\d+/);
      const drawer = page.getByRole('dialog', { name: /^Договор № / });
      // the supplier is lot 2's winner (one of the admitted bids), the contract a draft
      await drawer.getByText(/, ИНН \d{10} · /).waitFor();
      await drawer.getByRole('link', { name: /^Закупка / }).click();
      await page.waitForURL(new RegExp(`/documents/${id}\\?tab=results`));
      await page.getByRole('tab', { name: 'Заявки и итоги', selected: true }).waitFor();
      // each lot links its own contract
      const back = page.getByRole('table', { name: 'Протоколы' });
      await back.getByRole('link', { name: /^Договор № .+ \(лот 2\)$/ }).waitFor();
      await back.getByRole('link', { name: /^Договор № .+ \(лот 1\)$/ }).waitFor();
      expect(await page.getByRole('button', { name: /^Сформировать договор/ }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
