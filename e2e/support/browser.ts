import fs from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const baseUrl = () => inject('baseUrl');
export const DEMO_PASSWORD = 'demo-password';

/** Debian's Chromium, headless, with the flags this closed network needs. */
export async function launch(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium`);
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

export async function newPage(browser: Browser, opts: { permissions?: string[] } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl(), locale: 'ru-RU', timezoneId: 'Europe/Moscow', viewport: { width: 1440, height: 900 } });
  if (opts.permissions) await context.grantPermissions(opts.permissions, { origin: baseUrl() });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/** Logs in through the real login form and waits for the header. */
export async function loginAs(page: Page, login: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Логин').fill(login);
  await page.getByLabel('Пароль', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await page.getByText('Система автоматизации закупок').first().waitFor();
}

/** axe-core on the current page; returns serious and critical violations. */
export async function axe(page: Page) {
  const source = fs.readFileSync(new URL(import.meta.resolve('axe-core/axe.min.js')), 'utf8');
  await page.addScriptTag({ content: source });
  const result = await page.evaluate(async () => {
    // @ts-expect-error injected global
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v: { id: string; impact: string; help: string; nodes: { target: string[] }[] }) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    }));
  });
  return (result as { id: string; impact: string; help: string; targets: string[] }[]).filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
}
