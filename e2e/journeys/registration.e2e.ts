import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axe, header, launch, loginAs, newPage } from '../support/browser.js';
import { DEMO_ACCOUNTS, randomInn, unique } from '../support/demo.js';
import { codeFrom, waitForMail } from '../support/mail.js';

/** Register with the e-mail code → an operator approves on /users → the new user logs in. */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

describe('registration', () => {
  it('register → operator approves → the new user logs in', async () => {
    const id = unique();
    const email = `reg-${id}@e2e-zakupki.ru`;
    const password = `Пароль-${id}`;
    const title = `Тестов Регистрант ${id}`;
    const company = `ООО «Проверка ${id}»`;

    // 1. the request, with the e-mail code read from the letter
    const guest = await newPage(browser);
    const page = guest.page;
    let number: string;
    try {
      await page.goto('/registration');
      await page.getByRole('heading', { name: 'Регистрация' }).waitFor();
      await field(page, 'E-mail (логин)').fill(email);
      await page.getByRole('button', { name: 'Получить код' }).click();
      await page.getByRole('status').filter({ hasText: 'Код отправлен' }).waitFor();
      expect(await page.getByRole('status').filter({ hasText: 'Код отправлен' }).innerText()).toContain(
        email,
      );
      await page.getByRole('button', { name: /Повторно через \d+ с/ }).waitFor();
      expect(await axe(page)).toEqual([]);
      const letter = await waitForMail(email, /регистрации/);
      const code = codeFrom(letter);

      await field(page, 'Код из письма').fill(code);
      await field(page, 'Пароль').fill(password);
      await field(page, 'Повторите пароль').fill(password);
      await field(page, 'ФИО').fill(title);
      await field(page, 'Наименование организации').fill(company);
      await field(page, 'ИНН').fill(randomInn());
      await page.getByRole('button', { name: 'Отправить заявку' }).click();

      await page.waitForURL((u) => u.pathname === '/expectRegistration' && u.searchParams.has('number'));
      number = new URL(page.url()).searchParams.get('number')!;
      expect(number).toBeTruthy();
      await page.getByText(`Заявка № ${number}`).waitFor();
      await page.getByText('На рассмотрении').waitFor();
      expect(await axe(page)).toEqual([]);

      // logging in before approval leads back to the request status
      await page.goto('/login');
      await field(page, 'Логин (e-mail)').fill(email);
      await field(page, 'Пароль').fill(password);
      await page.getByRole('button', { name: 'Войти' }).click();
      await page.waitForURL(
        (u) => u.pathname === '/expectRegistration' && u.searchParams.get('number') === number,
      );
      await page.getByText('На рассмотрении').waitFor();
    } finally {
      await guest.context.close();
    }

    // 2. the operator approves on /users
    const op = await newPage(browser);
    try {
      await loginAs(op.page, DEMO_ACCOUNTS.operator.login);
      await op.page.goto('/users?status=pending');
      const row = op.page.getByRole('row').filter({ hasText: email });
      await row.getByText('Ожидает одобрения').waitFor();
      expect(await row.innerText()).toContain(number);
      await row.getByRole('button', { name: `Одобрить: ${email}` }).click();
      await op.page
        .getByRole('status')
        .filter({ hasText: 'Заявка одобрена, пользователь может войти' })
        .waitFor();
      // no longer waiting in the pending list
      await row.waitFor({ state: 'detached' });
    } finally {
      await op.context.close();
    }
    const approved = await waitForMail(email, /одобрена/);
    expect(approved.subject).toContain(number);

    // 3. the new user sees the approval and logs in
    const user = await newPage(browser);
    try {
      await user.page.goto(`/expectRegistration?number=${encodeURIComponent(number)}`);
      await user.page.getByText('Одобрена', { exact: true }).waitFor();
      expect(await axe(user.page)).toEqual([]);
      await loginAs(user.page, email, password);
      await header(user.page)
        .getByRole('link', { name: `Профиль: ${title} ${email}` })
        .waitFor();
      await user.page.getByRole('heading', { level: 2, name: company }).waitFor();
    } finally {
      await user.context.close();
    }
  });
});
