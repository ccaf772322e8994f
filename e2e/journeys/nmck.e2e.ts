import fs from 'node:fs';
import PizZip from 'pizzip';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, chooseCompany, DEMO_PASSWORD, launch, loginAs, newPage } from '../support/browser.js';
import { DEMO_ACCOUNTS, DEMO_COMPANIES, unique } from '../support/demo.js';

/**
 * The НМЦД justification (issue 29): a specialist opens a draft procurement of АО «Энергосеть»,
 * adds three commercial offers and two prices of the company's own contracts (the demo register's
 * cable 27.32.13.154 at 1 450,00 and 1 520,00) to its item, sees the coefficient of variation,
 * applies the justification, sees the НМЦД change and downloads the «Обоснование НМЦД».
 *
 * Prices 1480, 1500, 1490, 1450, 1520 (with VAT): mean 1 488,00; deviations −8, 12, 2, −38, 32;
 * squares 2680 / 4 = 670; deviation 25,88; coefficient 1,74 %; × 100 m = 148 800,00.
 */
let browser: Browser;
let procurementId = 0;
const subject = `Поставка кабеля для обоснования НМЦД ${unique()}`;
const day = (d: number) =>
  new Date(Date.now() + d * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Europe/Moscow' });

async function api<T>(token: string, method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl()}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

beforeAll(async () => {
  browser = await launch();
  const login = await fetch(`${baseUrl()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: DEMO_ACCOUNTS.specialist.login, password: DEMO_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const my = await api<{ items: { id: number; title: string }[] } | { id: number; title: string }[]>(
    token,
    'GET',
    '/api/companies/my',
  );
  const list = Array.isArray(my) ? my : my.items;
  const company = list.find((c) => c.title === DEMO_COMPANIES.client1)!.id;
  const methods = await api<{ items: { id: number; code: string | null }[] }>(
    token,
    'GET',
    `/api/companies/${company}/procurements/methods`,
  );
  const method = methods.items.find((m) => m.code === 'e_auction') ?? methods.items[0];
  const item = {
    name: 'Кабель силовой АПвПу2г 1х240/50-10',
    okpd2_code: '27.32.13.154',
    okei_code: '006',
    unit_name: 'м',
    quantity: '100',
    unit_price: '1600.00',
    vat_rate: '20%',
  };
  const created = await api<{ id: number }>(token, 'POST', `/api/companies/${company}/procurements`, {
    method_id: method.id,
    subject,
    subject_type: 'goods',
    nmcd: '160000.00',
    lots: [{ number: 1, subject: 'Кабель', nmcd: '160000.00', items: [item] }],
    planned_publication_date: day(10),
    bids_deadline: day(30),
    review_date: day(32),
    summing_up_date: day(34),
  });
  procurementId = created.id;
});
afterAll(async () => {
  await browser?.close();
});

describe('the НМЦД justification', () => {
  it('a specialist adds offers and contract prices, applies them and downloads the document', {
    timeout: 240_000,
  }, async () => {
    const { context, page } = await newPage(browser);
    try {
      await loginAs(page, DEMO_ACCOUNTS.specialist.login);
      await chooseCompany(page, DEMO_COMPANIES.client1);
      await page.goto(`/documents/${procurementId}?tab=nmck`);
      await page.getByText(subject).first().waitFor();
      await page.getByRole('tab', { name: 'Обоснование НМЦД' }).click();
      const card = page.getByTestId('nmck-item-1-1');
      await card.waitFor();

      const suppliers = [
        ['7704123450', 'ООО «ЭлектроСнаб»', '1480'],
        ['7810456789', 'АО «Северная кабельная компания»', '1500'],
        ['7707083893', 'ПАО «Торговый дом»', '1490'],
      ];
      for (const [inn, name, price] of suppliers) {
        await card.getByRole('button', { name: 'Добавить цену' }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('textbox', { name: 'ИНН поставщика' }).fill(inn);
        await dialog.getByRole('textbox', { name: 'Поставщик', exact: true }).fill(name);
        await dialog.getByRole('textbox', { name: 'Цена за единицу, ₽' }).fill(price);
        await dialog.getByRole('button', { name: 'Добавить' }).click();
        await dialog.waitFor({ state: 'detached' });
      }
      for (const price of [/1\s450,00/, /1\s520,00/]) {
        await card.getByRole('button', { name: 'Добавить цену' }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByText('Контракт из реестра').click();
        await dialog
          .getByRole('textbox', { name: /^Позиция договора/ })
          .or(dialog.getByRole('combobox', { name: /^Позиция договора/ }))
          .first()
          .click();
        await page.getByRole('option', { name: price }).first().click();
        await dialog.getByRole('button', { name: 'Добавить' }).click();
        await dialog.waitFor({ state: 'detached' });
      }
      await card.getByTestId('nmck-stats').getByText('1,74 %').waitFor();
      await page
        .getByTestId('nmck-result')
        .getByText(/148\s800,00/)
        .waitFor();

      await page.getByRole('button', { name: 'Применить обоснование' }).click();
      await page
        .getByTestId('nmck-current')
        .getByText(/148\s800,00/)
        .waitFor();

      await page.getByRole('button', { name: 'Сформировать' }).click();
      await page.getByText('сформировано', { exact: true }).waitFor();
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Скачать DOCX' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^Обоснование НМЦД .*\.docx$/);
      const text = new PizZip(fs.readFileSync(await file.path())).file('word/document.xml')!.asText();
      for (const [inn] of suppliers) expect(text).toContain(inn);
      expect(text).toContain('148 800,00 ₽');
    } finally {
      await context.close();
    }
  });
});
