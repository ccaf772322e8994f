import fs from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const baseUrl = () => inject('baseUrl');
export const DEMO_PASSWORD = 'demo-password';

/** Debian's Chromium, headless, with the flags this closed network needs. */
export async function launch(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM))
    throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium`);
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

export async function newPage(
  browser: Browser,
  opts: { permissions?: string[] } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    locale: 'ru-RU',
    timezoneId: 'Europe/Moscow',
    viewport: { width: 1440, height: 900 },
  });
  if (opts.permissions) await context.grantPermissions(opts.permissions, { origin: baseUrl() });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/** The header of the logged-in layout (AppShell.Header is the page's banner). */
export const header = (page: Page) => page.getByRole('banner');

/** Selects the company in the header and waits for the home page of it. */
export async function chooseCompany(page: Page, title: string) {
  await header(page).getByRole('combobox', { name: 'Компания' }).click();
  await page.getByRole('option', { name: title }).click();
  await page.getByRole('heading', { level: 2, name: title }).waitFor();
}

/** Logs in through the real login form and waits for the logged-in header. */
export async function loginAs(page: Page, login: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Логин (e-mail)' }).fill(login);
  await page.getByRole('textbox', { name: 'Пароль', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await header(page).getByRole('link', { name: 'Система автоматизации закупок' }).waitFor();
}

/**
 * Waits until no finite CSS transition or animation runs (a modal or menu fading in would give
 * axe half-transparent colours); endless ones such as loader spinners are left alone.
 */
export async function settled(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
      .every((a) => a.playState !== 'running'),
  );
}

/** axe-core on the current page (the app's CSP stays on); returns serious and critical violations. */
export async function axe(page: Page) {
  await settled(page);
  const source = fs.readFileSync(new URL(import.meta.resolve('axe-core/axe.min.js')), 'utf8');
  // through the DevTools protocol: the app's CSP (rightly) forbids inline script tags
  await page.evaluate(source);
  type Violation = { id: string; impact: string; help: string; targets: string[]; summary: string };
  const result: Violation[] = await page.evaluate(async () => {
    // @ts-expect-error injected global
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map(
      (v: {
        id: string;
        impact: string;
        help: string;
        nodes: { target: string[]; failureSummary?: string }[];
      }) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
        summary: v.nodes[0]?.failureSummary ?? '',
      }),
    );
  });
  return result.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
