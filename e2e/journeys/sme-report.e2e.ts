import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseCompany, header, launch, loginAs, newPage } from '../support/browser.js';
import { DEMO_ACCOUNTS, DEMO_COMPANIES } from '../support/demo.js';

/**
 * The annual SME report (issue 24 item 4): a specialist opens the grid company's report of last
 * year (the demo's, filed), then marks the report of the year before placed in the EIS; a client
 * sees the report without the filing button.
 *
 * The shares are checked against the server's answer for the same page, not as fixed numbers:
 * other journeys of the run add contracts to the same company (an imported EIS contract of last
 * year changes the shares). The hand-checked figures are the server tests' (sme-report.test.ts).
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

type Quota = { code: string; share_percent: string | null };

/** The report the page asked the server for, caught as it arrives. */
function reportAnswer(page: Page, y: number) {
  return page.waitForResponse(
    (r) =>
      r.request().method() === 'GET' && new URL(r.url()).pathname.endsWith(`/sme-reports/${y}`) && r.ok(),
  );
}

/** A share as the page writes it: «56,65 %». */
const shareText = (quotas: Quota[], code: string) => {
  const v = quotas.find((q) => q.code === code)?.share_percent ?? null;
  return v === null ? '—' : `${v.replace('.', ',')} %`;
};

const year = Number(new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/Moscow' }).slice(0, 4));

describe('the annual SME report', () => {
  it('a specialist reads last year’s shares and marks the report of the year before placed', async () => {
    const { context, page } = await newPage(browser);
    try {
      await loginAs(page, DEMO_ACCOUNTS.specialist.login);
      await chooseCompany(page, DEMO_COMPANIES.client1);
      await header(page).getByRole('link', { name: 'Исполнение договоров' }).click();
      const answer = reportAnswer(page, year - 1);
      await page.getByRole('tab', { name: 'Отчёт МСП' }).click();
      const { quotas } = (await (await answer).json()) as { quotas: Quota[] };
      await page
        .getByRole('heading', { name: `Годовой отчёт о закупках у субъектов МСП за ${year - 1} год` })
        .waitFor();
      await page.getByTestId('figure-sme').getByText(shareText(quotas, 'sme')).waitFor();
      await page.getByTestId('figure-sme_only').getByText(shareText(quotas, 'sme_only')).waitFor();
      await page.getByTestId('sme-filing-state').getByText('Размещён в ЕИС').waitFor();

      await page.getByRole('combobox', { name: 'Отчётный год' }).click();
      await page.getByRole('option', { name: String(year - 2), exact: true }).click();
      await page
        .getByRole('heading', { name: `Годовой отчёт о закупках у субъектов МСП за ${year - 2} год` })
        .waitFor();
      await page.getByRole('button', { name: 'Отметить размещение' }).click();
      const dialog = page.getByRole('dialog', {
        name: `Размещение отчёта о закупках у субъектов МСП за ${year - 2} год`,
      });
      await dialog.getByRole('textbox', { name: 'Регистрационный номер в ЕИС' }).fill('32АБ');
      await dialog.getByRole('button', { name: 'Отметить размещение' }).click();
      await dialog.getByText('Регистрационный номер ЕИС — от 5 до 30 цифр, без пробелов и букв').waitFor();
      await dialog.getByRole('textbox', { name: 'Дата размещения в ЕИС' }).fill(`28.01.${year - 1}`);
      await dialog.getByRole('textbox', { name: 'Регистрационный номер в ЕИС' }).fill('32400000077');
      await dialog.getByRole('button', { name: 'Отметить размещение' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page
        .getByTestId('sme-filing-state')
        .getByText(`28.01.${year - 1}, № 32400000077`, { exact: false })
        .waitFor();
    } finally {
      await context.close();
    }
  });

  it('a client reads its report without the filing button', async () => {
    const { context, page } = await newPage(browser);
    try {
      await loginAs(page, DEMO_ACCOUNTS.client.login);
      const answer = reportAnswer(page, year - 1);
      await page.goto(`/contracts/smeReport?year=${year - 1}`);
      const { quotas } = (await (await answer).json()) as { quotas: Quota[] };
      await page.getByTestId('figure-sme').getByText(shareText(quotas, 'sme')).waitFor();
      await page.getByRole('button', { name: 'Скачать XLSX' }).waitFor();
      expect(await page.getByRole('button', { name: 'Отметить размещение' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
