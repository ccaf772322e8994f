import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axe, header, launch, loginAs, newPage, settled } from '../support/browser.js';
import { DEMO_ACCOUNTS, DEMO_COMPANIES } from '../support/demo.js';

/**
 * axe-core on every screen of the shell (issue #3) as the role that uses it: no serious or
 * critical violation. Each screen is also photographed to /tmp/zk-e2e-screens for a human look.
 */

const SHOTS = '/tmp/zk-e2e-screens';
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
  fs.mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

async function check(page: Page, name: string) {
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
  const violations = await axe(page);
  expect(violations, `${name}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
}

/**
 * Text cut off on screen: a badge, a column title or a text of the notification popup whose
 * content is wider than its box while the box clips it (overflow hidden, «…»), or a popup running
 * past the window's edge. Named by their text, for the failure message.
 */
async function cutTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const sel =
      '.mantine-Badge-root, .mantine-Badge-label, th, th *, .mantine-Popover-dropdown, .mantine-Popover-dropdown *';
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(sel))) {
      const text = el.textContent?.trim() ?? '';
      const r = el.getBoundingClientRect();
      if (!text || r.width === 0) continue;
      const cs = getComputedStyle(el);
      const scroller = /auto|scroll/.test(cs.overflowX);
      const clips = cs.textOverflow === 'ellipsis' || (cs.overflowX === 'hidden' && !scroller);
      if (clips && el.scrollWidth > el.clientWidth + 1) out.push(`cut: «${text.slice(0, 60)}»`);
      if (el.matches('.mantine-Popover-dropdown') && (r.right > window.innerWidth + 1 || r.left < -1))
        out.push(`past the window's edge: «${text.slice(0, 60)}»`);
    }
    return out;
  });
}

/** At both widths the journeys use, nothing of `name` is cut. */
async function noCutText(page: Page, name: string) {
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await settled(page);
    expect(await cutTexts(page), `${name} at ${width} px`).toEqual([]);
  }
}

const table = (page: Page, name: string) => page.getByRole('table', { name });
/** The table has data rows (the header row is the first). */
const rowsLoaded = (page: Page, name: string) => table(page, name).getByRole('row').nth(1).waitFor();

describe('accessibility: guest screens', () => {
  it('/login, its errors and the password reset modal', async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto('/login');
      await page.getByRole('heading', { name: 'Вход в систему' }).waitFor();
      await check(page, 'login');

      await page.getByRole('button', { name: 'Войти' }).click();
      await page.getByText('Обязательное поле').first().waitFor();
      await check(page, 'login-required');

      await page.getByRole('textbox', { name: 'Логин (e-mail)' }).fill('nobody@demo.local');
      await page.getByRole('textbox', { name: 'Пароль', exact: true }).fill('wrong-password');
      await page.getByRole('button', { name: 'Войти' }).click();
      await page.getByRole('alert').filter({ hasText: 'Неверный логин или пароль' }).waitFor();
      await check(page, 'login-refused');

      await page.getByRole('button', { name: 'Забыли пароль?' }).click();
      const dialog = page.getByRole('dialog', { name: 'Восстановление пароля' });
      await dialog.getByRole('button', { name: 'Сменить пароль' }).waitFor();
      await check(page, 'password-reset');
      await dialog.getByRole('button', { name: 'Сменить пароль' }).click();
      await dialog.getByText('Обязательное поле').first().waitFor();
      await check(page, 'password-reset-required');
    } finally {
      await context.close();
    }
  });

  it('/registration, empty and with its errors', async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto('/registration');
      await page.getByRole('heading', { name: 'Регистрация' }).waitFor();
      await check(page, 'registration');
      await page.getByRole('button', { name: 'Отправить заявку' }).click();
      await page.getByText('Обязательное поле').first().waitFor();
      await page.getByRole('textbox', { name: 'ИНН' }).fill('1234567890');
      await page.getByRole('button', { name: 'Отправить заявку' }).click();
      await page.getByText('Неверное контрольное число ИНН').waitFor();
      await check(page, 'registration-errors');
    } finally {
      await context.close();
    }
  });

  it('/expectRegistration: the number form and an unknown number', async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto('/expectRegistration');
      await page.getByRole('heading', { name: 'Заявка на регистрацию' }).waitFor();
      await page.getByText('Служба поддержки').waitFor();
      await check(page, 'expect-registration');
      await page.getByRole('textbox', { name: 'Номер заявки' }).fill('Z-000000');
      await page.getByRole('button', { name: 'Показать статус' }).click();
      await page.getByRole('alert').filter({ hasText: 'Заявка не найдена' }).waitFor();
      await check(page, 'expect-registration-unknown');
    } finally {
      await context.close();
    }
  });
});

describe('accessibility: a client', () => {
  it('/, header menus, logout dialog', async () => {
    const { context, page } = await newPage(browser);
    try {
      await loginAs(page, DEMO_ACCOUNTS.client.login);
      await page.getByRole('heading', { level: 2, name: DEMO_COMPANIES.client1 }).waitFor();
      await page.getByText('ИНН ').first().waitFor();
      await page
        .getByText(/Новых уведомлений нет|Прочитано/)
        .first()
        .waitFor();
      await check(page, 'home-client');

      await header(page).getByRole('button', { name: 'Справочники' }).click();
      await page.getByRole('menu').waitFor();
      await check(page, 'gear-menu-client');
      await page.keyboard.press('Escape');
      await page.getByRole('menu').waitFor({ state: 'hidden' });

      await header(page).getByRole('button', { name: 'Выход' }).click();
      await page
        .getByRole('dialog', { name: 'Выход из системы' })
        .getByRole('button', { name: 'Отмена' })
        .waitFor();
      await check(page, 'logout-dialog');
    } finally {
      await context.close();
    }
  });

  it('/profile/my, /profile/companies (every tab), /profile/eisSettings', async () => {
    const { context, page } = await newPage(browser);
    try {
      await loginAs(page, DEMO_ACCOUNTS.client.login);
      await page.goto('/profile/my');
      await page.getByRole('heading', { name: 'Смена пароля' }).waitFor();
      await page.getByText(DEMO_ACCOUNTS.client.login).last().waitFor();
      await check(page, 'profile-my');

      await page.goto('/profile/companies');
      const tabs = page.getByRole('main').getByRole('tablist').last();
      await tabs.getByRole('tab', { name: 'Реквизиты', exact: true }).waitFor();
      await page.getByRole('textbox', { name: 'Полное наименование' }).waitFor();
      await check(page, 'profile-companies-requisites');
      for (const [tab, tableName, shot] of [
        ['Контакты', 'Контакты компании', 'contacts'],
        ['Банковские реквизиты', 'Банковские реквизиты', 'bank'],
        ['Заказчики', 'Заказчики', 'customers'],
        ['Пользователи', 'Пользователи компании', 'users'],
      ] as const) {
        const t = tabs.getByRole('tab', { name: tab, exact: true });
        if ((await t.count()) === 0) continue;
        await t.click();
        await rowsLoaded(page, tableName);
        await check(page, `profile-companies-${shot}`);
      }

      await page.goto('/profile/eisSettings');
      await page.getByRole('heading', { name: 'Подключение к ЕИС' }).waitFor();
      await page.getByRole('textbox', { name: 'Логин пользователя ЕИС' }).waitFor();
      await check(page, 'profile-eis-settings');
    } finally {
      await context.close();
    }
  });
});

describe('accessibility: staff', () => {
  it('/ and the company selector as the operator', async () => {
    const { context, page } = await newPage(browser);
    try {
      await loginAs(page, DEMO_ACCOUNTS.operator.login);
      await page.getByText('Заявки на регистрацию').waitFor();
      await page.getByText(/Рассмотреть заявки|Все пользователи/).waitFor();
      await page.getByText('ИНН ').first().waitFor();
      await check(page, 'home-operator');
      await header(page).getByRole('combobox', { name: 'Компания' }).click();
      await page.getByRole('listbox').waitFor();
      await check(page, 'company-select-open');
    } finally {
      await context.close();
    }
  });

  it('the procurement register and card, the documents rules and the notification popup, nothing cut at 1280 and 1440', async () => {
    const { context, page } = await newPage(browser);
    try {
      await loginAs(page, DEMO_ACCOUNTS.specialist.login);
      // the specialist lands on the first company with data
      await page.getByRole('heading', { level: 2, name: DEMO_COMPANIES.client1 }).waitFor();

      await header(page).getByRole('link', { name: 'Реестр закупок' }).click();
      await page.getByRole('heading', { name: 'Реестр закупок' }).waitFor();
      const register = page.getByRole('table').first();
      await register.getByRole('row').nth(1).waitFor();
      await noCutText(page, 'procurement register');
      await check(page, 'procurements-register');

      await register.getByRole('row').nth(1).getByRole('link').first().click();
      await page.getByRole('heading', { name: /^Закупка № / }).waitFor();
      await page.getByRole('tab', { name: 'Общие сведения' }).waitFor();
      await noCutText(page, 'procurement card');
      await check(page, 'procurement-card');

      await page.getByRole('tab', { name: 'Заявки и итоги' }).click();
      await page.getByText(/^При одном допущенном участнике/).waitFor();
      await noCutText(page, 'procurement bids and results');
      await check(page, 'procurement-results');

      await header(page).getByRole('link', { name: 'Положения о закупке' }).click();
      await page.getByRole('heading', { name: 'Положения о закупке' }).waitFor();
      await page.getByRole('table').first().getByRole('row').nth(1).getByRole('link').first().click();
      await page
        .getByRole('link', { name: /Правила документов/ })
        .first()
        .click();
      await page.getByRole('heading', { name: 'Правила документов' }).waitFor();
      await page.getByRole('table').first().getByRole('row').nth(1).waitFor();
      await noCutText(page, 'documents rules');
      await check(page, 'documents-rules');

      await page.setViewportSize({ width: 1280, height: 900 });
      await header(page)
        .getByRole('button', { name: /^Уведомления/ })
        .click();
      await page.getByRole('dialog').waitFor();
      await noCutText(page, 'notification popup');
      await check(page, 'notification-popup');
    } finally {
      await context.close();
    }
  });

  it('/users and its edit modal as the admin', async () => {
    const { context, page } = await newPage(browser);
    try {
      await loginAs(page, DEMO_ACCOUNTS.admin.login);
      await page.goto('/users');
      await rowsLoaded(page, 'Пользователи');
      await page.getByRole('button', { name: `Изменить: ${DEMO_ACCOUNTS.client.login}` }).waitFor();
      await check(page, 'users');

      await page.getByRole('button', { name: `Изменить: ${DEMO_ACCOUNTS.client.login}` }).click();
      const dialog = page.getByRole('dialog', { name: `Пользователь ${DEMO_ACCOUNTS.client.login}` });
      await dialog.getByRole('textbox', { name: 'ФИО' }).waitFor();
      await expect
        .poll(() => dialog.getByRole('textbox', { name: 'ФИО' }).inputValue())
        .toBe(DEMO_ACCOUNTS.client.title);
      await check(page, 'users-edit');
    } finally {
      await context.close();
    }
  });

  it('/analytics as the client: the charts with their tables and the red flags', async () => {
    const { context, page } = await newPage(browser);
    try {
      await loginAs(page, DEMO_ACCOUNTS.client.login);
      await page.goto('/analytics');
      await page.getByRole('button', { name: '12 месяцев' }).click();
      await rowsLoaded(page, 'Экономия по месяцам');
      await page.getByRole('region', { name: 'Красные флаги' }).getByRole('row').nth(1).waitFor();
      await check(page, 'analytics');
    } finally {
      await context.close();
    }
  });

  it('/profile/companies as the specialist (editable card)', async () => {
    const { context, page } = await newPage(browser);
    try {
      await loginAs(page, DEMO_ACCOUNTS.specialist.login);
      await page.goto('/profile/companies');
      await page.getByRole('navigation', { name: 'Мои компании' }).getByText(DEMO_COMPANIES.client2).click();
      await page.getByRole('textbox', { name: 'Полное наименование' }).waitFor();
      await check(page, 'profile-companies-specialist');
      const tabs = page.getByRole('main').getByRole('tablist').last();
      await tabs.getByRole('tab', { name: 'Контакты' }).click();
      await rowsLoaded(page, 'Контакты компании');
      await page.getByRole('button', { name: 'Добавить контакт' }).click();
      await page.getByRole('dialog').getByRole('textbox', { name: 'ФИО' }).waitFor();
      await check(page, 'profile-contact-modal');
    } finally {
      await context.close();
    }
  });
});
