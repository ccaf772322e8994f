import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launch, loginAs, newPage } from '../support/browser.js';
import { DEMO_ACCOUNTS } from '../support/demo.js';

/** The notice stack: websockets refused, and server errors with a code to copy (docs/product.md §4, §8). */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const notices = (page: Page) => page.getByRole('region', { name: 'Уведомления' });

/** GET /api/companies/:id, which the main page makes for the selected company. */
const COMPANY_GET = /\/api\/companies\/\d+(\?.*)?$/;

function answerCompanyGet(status: number, body: unknown) {
  return (route: Route) =>
    route.request().method() === 'GET'
      ? route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) })
      : route.continue();
}

describe('websocket notice', () => {
  it('shows «Не удаётся подключиться к вебсокетам» with the host while sockets are refused, then goes', async () => {
    const { context, page } = await newPage(browser);
    try {
      await loginAs(page, DEMO_ACCOUNTS.client.login);
      const wsNotice = notices(page)
        .getByRole('alert')
        .filter({ hasText: 'Не удаётся подключиться к вебсокетам' });
      expect(await wsNotice.count()).toBe(0);

      await page.route('**/socket.io/**', (r) => r.abort());
      await page.reload();
      await wsNotice.waitFor();
      const host = new URL(baseUrl()).host;
      expect(await wsNotice.innerText()).toContain(`Сервер ${host}`);
      // still logged in: the session itself is fine
      expect(new URL(page.url()).pathname).toBe('/');

      await page.unroute('**/socket.io/**');
      // reconnection backs off from 1 s to at most 5 s (±50 % jitter)
      await wsNotice.waitFor({ state: 'detached', timeout: 20_000 });
    } finally {
      await context.close();
    }
  });
});

describe('HTTP errors', () => {
  it('5xx with sentry_code: «Обратитесь к оператору Код ошибки: …», «Скопировать код» copies it', async () => {
    const { context, page } = await newPage(browser, { permissions: ['clipboard-read', 'clipboard-write'] });
    try {
      await loginAs(page, DEMO_ACCOUNTS.client.login);
      await page.route(
        COMPANY_GET,
        answerCompanyGet(500, {
          error: { code: 'internal_error', message: 'Внутренняя ошибка сервера' },
          sentry_code: 'ABCD2345',
        }),
      );
      await page.reload();
      const error = notices(page).getByRole('alert').filter({ hasText: 'Произошла ошибка сервера' });
      await error.waitFor();
      expect(await error.innerText()).toContain('Обратитесь к оператору Код ошибки: ABCD2345');

      await error.getByRole('button', { name: 'Скопировать код' }).click();
      const copied = notices(page).getByRole('status').filter({ hasText: 'Успешно' });
      await copied.waitFor();
      expect(await copied.innerText()).toContain('Код скопирован. Сообщите его оператору');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('ABCD2345');

      // every notice has a close button
      await error.getByRole('button', { name: 'Закрыть уведомление' }).click();
      await error.waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });

  it('404, 504 and an uncoded 500 have their own texts and no code to copy', async () => {
    const { context, page } = await newPage(browser);
    try {
      await loginAs(page, DEMO_ACCOUNTS.client.login);
      const cases = [
        [
          404,
          { error: { code: 'not_found', message: 'Компания не найдена' } },
          'Запрашиваемый ресурс не найден',
        ],
        [
          504,
          { error: { code: 'timeout', message: 'Gateway Timeout' } },
          'Время ожидания ответа истекло. Попробуйте позже',
        ],
        [
          500,
          { error: { code: 'internal_error', message: 'Внутренняя ошибка' } },
          'Произошла неизвестная ошибка',
        ],
      ] as const;
      for (const [status, body, text] of cases) {
        await page.route(COMPANY_GET, answerCompanyGet(status, body));
        await page.reload();
        const error = notices(page).getByRole('alert').filter({ hasText: 'Произошла ошибка сервера' });
        await error.waitFor();
        expect(await error.innerText()).toContain(text);
        expect(await error.getByRole('button', { name: 'Скопировать код' }).count()).toBe(0);
        await page.unroute(COMPANY_GET);
      }
    } finally {
      await context.close();
    }
  });

  it('an error notice leaves by itself after 10 seconds', async () => {
    const { context, page } = await newPage(browser);
    try {
      await loginAs(page, DEMO_ACCOUNTS.client2.login);
      await page.route(
        COMPANY_GET,
        answerCompanyGet(404, { error: { code: 'not_found', message: 'Не найдено' } }),
      );
      await page.reload();
      const error = notices(page).getByRole('alert').filter({ hasText: 'Запрашиваемый ресурс не найден' });
      await error.waitFor();
      const shown = Date.now();
      await error.waitFor({ state: 'detached', timeout: 20_000 });
      const lived = Date.now() - shown;
      expect(lived).toBeGreaterThan(8_500);
      expect(lived).toBeLessThan(12_000);
    } finally {
      await context.close();
    }
  });
});

describe('401', () => {
  it('a request refused with 401 ends the session and lands on /login', async () => {
    const { context, page } = await newPage(browser);
    try {
      await loginAs(page, DEMO_ACCOUNTS.client2.login);
      await page.route(
        COMPANY_GET,
        answerCompanyGet(401, { error: { code: 'unauthorized', message: 'Сеанс истёк' } }),
      );
      await page.reload();
      await page.waitForURL((u) => u.pathname === '/login');
      await page.getByRole('heading', { name: 'Вход в систему' }).waitFor();
      await notices(page).getByRole('status').filter({ hasText: 'Сеанс завершён' }).waitFor();
      await expect
        .poll(async () =>
          (await context.cookies())
            .map((c) => c.name)
            .filter((n) => ['token', 'user', 'company'].includes(n)),
        )
        .toEqual([]);
    } finally {
      await context.close();
    }
  });
});
