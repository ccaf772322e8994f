import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { baseUrl, chooseCompany, DEMO_PASSWORD, launch, loginAs, newPage } from '../support/browser';
import { DEMO_ACCOUNTS, DEMO_COMPANIES } from '../support/demo';

/**
 * Issue 31, the EIS connector in the browser: the specialist enters the СОИ token of ГУП «Водоканал
 * Северо-Запад» on /profile/eisSettings, checks the connection, runs a synchronisation, and finds
 * the EIS documents of the company's customers in the plans, procurement and contract registers,
 * each marked «подтверждено в ЕИС»; after a second run the demo contracts whose registry numbers the
 * EIS does not have are «не найдено в ЕИС». The server's EIS endpoint is the local simulator on loopback
 * (support/global-setup.ts), which serves the real samples of apps/server/test/fixtures/eis223.
 */
const COMPANY = DEMO_COMPANIES.client2;
const PLAN_NUMBER = '2180316803';
const NOTICE_NUMBER = '31603913641';
const CONTRACT_NUMBER = '50105018196190002040000';
/** the customers of the plan, the notice and the contracts (the protocols' customers are not theirs) */
const CUSTOMERS = [
  { title: 'АО «МОСКАПСТРОЙ»', inn: '7710043065' },
  { title: 'Заказчик извещения', inn: '7706107510' },
  { title: 'Заказчик договоров', inn: '0105018196' },
];

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
  // the samples' customers become заказчики of client2's company (its own user adds them)
  const res = await fetch(`${baseUrl()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: DEMO_ACCOUNTS.client2.login, password: DEMO_PASSWORD }),
  });
  expect(res.status).toBe(200);
  const session = (await res.json()) as { token: string; user: { company_id: number } };
  for (const c of CUSTOMERS) {
    const r = await fetch(`${baseUrl()}/api/companies/${session.user.company_id}/customers`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(c),
    });
    expect([201, 409]).toContain(r.status);
  }
});
afterAll(async () => {
  await browser?.close();
});

const notices = (page: Page) => page.getByRole('region', { name: 'Уведомления' });

describe('EIS connector', () => {
  it('the specialist enters the token, checks the connection, synchronises and sees the confirmed documents', {
    timeout: 240_000,
  }, async () => {
    const { context, page } = await newPage(browser);
    try {
      await loginAs(page, DEMO_ACCOUNTS.specialist.login);
      await chooseCompany(page, COMPANY);
      await page.goto('/profile/eisSettings');
      await page.getByRole('heading', { name: 'Синхронизация с ЕИС' }).waitFor();
      await page.getByLabel('Токен сервиса отдачи информации ЕИС').fill(inject('eisToken'));
      await page.getByRole('textbox', { name: 'Регионы (orgRegion) через запятую' }).fill('Moskva');
      await page.getByRole('button', { name: 'Сохранить токен' }).click();
      await notices(page).getByText('Токен и регионы ЕИС сохранены').waitFor();
      await page.getByText('Токен сохранён. Оставьте поле пустым, чтобы не менять его').waitFor();

      await page.getByRole('button', { name: 'Проверить подключение' }).click();
      await notices(page).getByText('Подключение к ЕИС работает').waitFor();
      await page.getByText(/Состояние подключения: работает/).waitFor();

      await page.getByRole('button', { name: 'Синхронизировать сейчас' }).click();
      const runs = page.getByRole('table', { name: 'Синхронизации с ЕИС' });
      const run = runs.getByRole('row').nth(1);
      await run.getByRole('cell', { name: 'выполнена', exact: true }).waitFor({ timeout: 180_000 });
      // plan, notice and two contracts are new; nothing failed
      const cells = await run.getByRole('cell').allInnerTexts();
      expect(Number(cells[2])).toBeGreaterThanOrEqual(4);
      expect(cells[6]).toBe('0');
      // a second run: the same archives change nothing, and the company's own numbers the EIS does
      // not know (the demo data) are «не найдено» now (the journeys' server has no grace period)
      await page.getByRole('button', { name: 'Синхронизировать сейчас' }).click();
      await expect.poll(() => runs.getByRole('row').count(), { timeout: 30_000 }).toBe(3);
      await run.getByRole('cell', { name: 'выполнена', exact: true }).waitFor({ timeout: 180_000 });
      expect(Number((await run.getByRole('cell').allInnerTexts())[2])).toBe(0);

      // the plan, in the plans register and on its card
      await page.goto('/eisPlans');
      const plans = page.getByRole('table', { name: 'Планы закупок' });
      const planRow = plans.getByRole('row').filter({ hasText: PLAN_NUMBER });
      await planRow.getByText('подтверждено в ЕИС').waitFor();
      await planRow.click();
      const title = page.getByRole('heading', { name: `План закупки № ${PLAN_NUMBER} на 2019 г.` });
      await title.waitFor();
      // the card says it too, under its title
      await title.locator('xpath=..').getByText('подтверждено в ЕИС').waitFor();

      // the notice, in the procurement register
      await page.goto(`/documents?q=${NOTICE_NUMBER}`);
      await page.getByRole('heading', { name: 'Реестр закупок' }).waitFor();
      const procurement = page
        .getByRole('table', { name: 'Реестр закупок' })
        .getByRole('row')
        .filter({ hasText: `ЕИС ${NOTICE_NUMBER}` });
      await procurement.getByText('подтверждено в ЕИС').waitFor();

      // a contract, in the contract register
      await page.goto(`/contracts/register?q=${CONTRACT_NUMBER}`);
      const contract = page
        .getByRole('table', { name: 'Реестр договоров' })
        .getByRole('row')
        .filter({ hasText: CONTRACT_NUMBER });
      await contract.getByText('подтверждено в ЕИС').waitFor();
      // a demo contract placed under a registry number the EIS does not have
      await page.goto('/contracts/register');
      await page
        .getByRole('table', { name: 'Реестр договоров' })
        .getByText('не найдено в ЕИС')
        .first()
        .waitFor();
    } finally {
      await context.close();
    }
  });
});
