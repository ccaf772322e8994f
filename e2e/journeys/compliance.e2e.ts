import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseCompany, header, launch, loginAs, newPage } from '../support/browser';
import { DEMO_ACCOUNTS, DEMO_COMPANIES } from '../support/demo';
import { waitForMail } from '../support/mail';

/**
 * The compliance calendar in the browser (issue 24, «Done when»): a specialist opens the calendar
 * of АО «Энергосеть», follows an overdue duty of the contract register to its contract, marks it
 * placed on the contract card and sees it move to «выполнено с опозданием»; the daily digest of
 * reminders (sent when the server starts) reaches the specialist's mailbox.
 */
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('compliance calendar', () => {
  it('an overdue contract duty is followed to its contract, marked placed there, and is done late in the calendar', async () => {
    const { context, page } = await newPage(browser);
    try {
      await loginAs(page, DEMO_ACCOUNTS.specialist.login);
      await chooseCompany(page, DEMO_COMPANIES.client1);
      // the home page's widget leads to the calendar (the header's calendar icon does too)
      await header(page).getByRole('link', { name: 'Календарь обязанностей' }).waitFor();
      await page.getByRole('link', { name: 'Открыть календарь обязанностей' }).click();
      await page
        .getByRole('heading', { name: `Календарь обязанностей: ${DEMO_COMPANIES.client1}` })
        .waitFor();
      await page.getByText(/^просрочено \(\d+\)$/).click();
      const table = page.getByRole('table', { name: 'Обязанности' });
      const row = table
        .getByRole('row')
        .filter({ hasText: 'в реестре договоров' })
        .filter({ hasText: 'просрочено' })
        .first();
      await row.waitFor();
      const title = (await row.locator('td').nth(1).locator('p').first().textContent())?.trim() ?? '';
      expect(title).toMatch(/в реестре договоров/);
      const link = row.getByRole('link', { name: /^Договор № / });
      await link.click();

      // the contract card, on its execution tab with the EIS duties
      const duties = page.getByRole('table', { name: 'Сроки размещения в ЕИС' });
      const duty = duties.getByRole('row').filter({ hasText: title });
      await duty.getByRole('button', { name: 'Отметить размещение' }).click();
      const dialog = page.getByRole('dialog', { name: 'Размещение сведений в ЕИС' });
      await dialog.getByRole('button', { name: 'Сохранить' }).click();
      await page.getByText('Дата размещения сведений в ЕИС сохранена').waitFor();

      await page.goto('/compliance?state=done_late&module=contracts');
      const done = page
        .getByRole('table', { name: 'Обязанности' })
        .getByRole('row')
        .filter({ hasText: title });
      await done.getByText('выполнено с опозданием').first().waitFor();
    } finally {
      await context.close();
    }
  });

  it('the daily digest reaches the specialist and says why it was sent', async () => {
    const mail = await waitForMail(DEMO_ACCOUNTS.specialist.login, /^Сроки 223-ФЗ на /, 60_000);
    expect(mail.text).toContain('потому что назначены ответственным');
    expect(mail.text).toContain('Почему напоминаем:');
    expect(mail.text).toContain(DEMO_COMPANIES.client1);
  });
});
