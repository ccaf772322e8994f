import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, chooseCompany, DEMO_PASSWORD, launch, loginAs, newPage } from '../support/browser';
import { DEMO_ACCOUNTS, DEMO_COMPANIES } from '../support/demo';

/**
 * EIS procurement plans in the browser (issue 16, «Done when»): a specialist imports the real plan
 * (229 entries, 209 positions, АО «МОСКАПСТРОЙ», ИНН 7710043065, a copy in the repository's test
 * fixtures) into ООО «Закупки-Сервис» and sees its positions, opens a position by its number,
 * imports a second version and compares the two; a client sees its own company's plans only.
 */
const PLAN_PATH = path.resolve(
  import.meta.dirname,
  '../../apps/server/test/fixtures/eis223/homyakin__purchasePlan_test.xml',
);
const PLAN_NUMBER = '2180316803';
const PLAN_INN = '7710043065';

let browser: Browser;
let dir: string;

async function apiLogin(login: string) {
  const res = await fetch(`${baseUrl()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login, password: DEMO_PASSWORD }),
  });
  return (await res.json()) as { token: string; user: { company_id: number } };
}

beforeAll(async () => {
  browser = await launch();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eis-plans-'));
  // the plan's customer becomes a заказчик of the specialist's own company
  const s = await apiLogin(DEMO_ACCOUNTS.specialist.login);
  const r = await fetch(`${baseUrl()}/api/companies/${s.user.company_id}/customers`, {
    method: 'POST',
    headers: { authorization: `Bearer ${s.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'АО «МОСКАПСТРОЙ»', inn: PLAN_INN, kpp: '770401001' }),
  });
  expect([201, 409]).toContain(r.status);
});
afterAll(async () => {
  await browser?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('procurement plans', () => {
  it('a specialist imports the real plan, sees its positions, opens one by its number and compares two versions', async () => {
    const { context, page } = await newPage(browser);
    try {
      await loginAs(page, DEMO_ACCOUNTS.specialist.login);
      // staff land on the first company with data: the plan's customer is the provider's own
      await chooseCompany(page, DEMO_COMPANIES.provider);
      await page.goto('/eisPlans');
      await page.getByRole('heading', { name: /^Планы закупок/ }).waitFor();
      await page.locator('input[type=file]').setInputFiles(PLAN_PATH);
      const done = page.getByRole('alert').filter({ hasText: 'План загружен' });
      await done.getByText(`План ${PLAN_NUMBER}, версия 63: позиций 209`).waitFor({ timeout: 60_000 });
      await done.getByText('Открыть').first().click();

      await page.getByRole('heading', { name: `План закупки № ${PLAN_NUMBER} на 2019 г.` }).waitFor();
      const positions = page.getByRole('table', { name: 'Позиции плана' });
      await positions.getByRole('link', { name: `${PLAN_NUMBER}-1`, exact: true }).waitFor();
      await positions.getByText('Поставка питьевой воды').waitFor();
      // a filter goes into the URL and the server pages the rest
      await page.getByRole('textbox', { name: 'Номер или предмет' }).fill('картриджей');
      await page.waitForURL(/q=%D0%BA%D0%B0%D1%80%D1%82%D1%80%D0%B8%D0%B4%D0%B6%D0%B5%D0%B9/);
      await positions.getByRole('link', { name: `${PLAN_NUMBER}-166` }).click();

      await page.getByRole('heading', { name: `Позиция плана закупки № ${PLAN_NUMBER}-166` }).waitFor();
      await page.getByText('Поставка картриджей для нужд АО "Москапстрой"').waitFor();
      expect(await page.getByRole('table', { name: 'Строки позиции' }).getByRole('row').count()).toBe(41);
      // the procurement module is here: a specialist may start a procurement from the position
      await page.getByRole('button', { name: 'Создать закупку по позиции' }).waitFor();

      // a second version: position 1 dearer, position 166 annulled
      const v64 = fs
        .readFileSync(PLAN_PATH, 'utf8')
        .replace('<ns2:version>63</ns2:version>', '<ns2:version>64</ns2:version>')
        .replace(
          '<ns2:maximumContractPrice>290000.00</ns2:maximumContractPrice>',
          '<ns2:maximumContractPrice>310000.00</ns2:maximumContractPrice>',
        );
      const file = path.join(dir, 'plan-64.xml');
      fs.writeFileSync(file, v64);
      await page.goto('/eisPlans');
      await page.locator('input[type=file]').setInputFiles(file);
      await page
        .getByRole('alert')
        .filter({ hasText: 'План загружен' })
        .getByText(`План ${PLAN_NUMBER}, версия 64: позиций 209; новых 0, изменённых 1, аннулированных 0`)
        .waitFor({ timeout: 60_000 });
      await page.getByRole('alert').filter({ hasText: 'План загружен' }).getByText('Открыть').first().click();
      const versions = page.getByRole('table', { name: 'Версии плана' });
      await versions.getByRole('checkbox', { name: 'Сравнить версию 63' }).check();
      await versions.getByRole('checkbox', { name: 'Сравнить версию 64' }).check();
      await page.getByRole('button', { name: 'Сравнить' }).click();
      const diff = page.getByRole('alert').filter({ hasText: 'Сравнение версий 63 и 64' });
      await diff.getByText('Добавлено: 0; изменено: 1; аннулировано: 0').waitFor();
      await diff.getByText(/НМЦД: «290\s000,00\s₽» → «310\s000,00\s₽»/).waitFor();
    } finally {
      await context.close();
    }
  });

  it('a client sees its own company’s plans only', async () => {
    const { context, page } = await newPage(browser);
    try {
      await loginAs(page, DEMO_ACCOUNTS.client.login);
      await page.goto('/eisPlans');
      const table = page.getByRole('table', { name: 'Планы закупок' });
      const year = String(new Date().getFullYear());
      // the demo plan of АО «Энергосеть» (ИНН 5003123458)
      await table.getByRole('cell', { name: `2${year.slice(2)}5003123` }).waitFor();
      await expect(table.getByText(PLAN_NUMBER).count()).resolves.toBe(0);
      // a position of another company's plan, typed into the address bar, is not found
      await page.goto(`/eisPlanItems/${PLAN_NUMBER}-1`);
      await page.getByText('Позиция не найдена').waitFor();
    } finally {
      await context.close();
    }
  });
});
