import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { header, launch, loginAs, newPage } from '../support/browser.js';
import { DEMO_ACCOUNTS, DEMO_COMPANIES, type DemoAccount } from '../support/demo.js';

/** The header of docs/product.md §2 for every demo role: title, sections, profile, gear menu, company selector. */

const SECTIONS = [
  ['Положения о закупке', '/procurementsRules'],
  ['Планы закупок', '/eisPlans'],
  ['Реестр закупок', '/documents'],
  ['Исполнение договоров', '/contracts/register'],
  ['Аналитика', '/analytics'],
] as const;

const LIMITED_MENU = [
  'Место поставки товара, выполнения работ, оказания услуг',
  'Источники финансирования',
  'Основания заключения договора',
];

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function gearEntries(page: Page) {
  await header(page).getByRole('button', { name: 'Справочники' }).click();
  const menu = page.getByRole('menu');
  await menu.waitFor();
  const items = menu.getByRole('menuitem');
  const names = (await items.allInnerTexts()).map((t) => t.trim());
  const hrefs = await items.evaluateAll((els) => els.map((e) => e.getAttribute('href')));
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'hidden' });
  return { names, hrefs };
}

/** The section links in order: those shown in the header, then those moved into «Ещё» (a narrow header). */
async function sections(page: Page): Promise<string[][]> {
  const nav = header(page).getByRole('navigation', { name: 'Разделы' });
  const read = async (items: ReturnType<Page['getByRole']>) => {
    const texts = (await items.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
    const hrefs = await items.evaluateAll((els) => els.map((e) => e.getAttribute('href') ?? ''));
    return texts.map((t, i) => [t, hrefs[i]]);
  };
  const shown = await read(nav.getByRole('link'));
  const more = nav.getByRole('button', { name: /^Ещё/ });
  if ((await more.count()) === 0) return shown;
  await more.click();
  const menu = page.getByRole('menu');
  await menu.waitFor();
  const moved = await read(menu.getByRole('menuitem'));
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'hidden' });
  return [...shown, ...moved];
}

async function checkHeader(page: Page, account: DemoAccount) {
  const banner = header(page);
  await expect(
    banner.getByRole('link', { name: 'Система автоматизации закупок' }).getAttribute('href'),
  ).resolves.toBe('/');
  expect(await sections(page)).toEqual(SECTIONS.map(([title, path]) => [title, path]));
  const profile = banner.getByRole('link', { name: `Профиль: ${account.title} ${account.login}` });
  await expect(profile.getAttribute('href')).resolves.toBe('/profile/my');
  const profileText = await profile.innerText();
  expect(profileText).toContain(account.title);
  expect(profileText).toContain(account.login);
  expect(await banner.getByRole('button', { name: 'Выход' }).isVisible()).toBe(true);
}

describe('header for each demo role', () => {
  for (const [key, account] of Object.entries(DEMO_ACCOUNTS) as [string, DemoAccount][]) {
    it(`${key}: title, sections, profile and gear menu`, async () => {
      const { context, page } = await newPage(browser);
      try {
        await loginAs(page, account.login);
        expect(new URL(page.url()).pathname).toBe('/');
        await checkHeader(page, account);

        const { names, hrefs } = await gearEntries(page);
        // staff see the register of unfair suppliers below the catalogues
        if (account.role === 'client') {
          expect(names).toEqual(LIMITED_MENU);
          expect(hrefs).toEqual(['/catalogExecPlace', '/catalogFundingSources', '/catalogContractBasis']);
        } else if (account.role === 'operator') {
          expect(names).toEqual([...LIMITED_MENU, 'Реестр недобросовестных поставщиков']);
          expect(hrefs).toEqual([
            '/catalogExecPlace',
            '/catalogFundingSources',
            '/catalogContractBasis',
            '/rnp',
          ]);
        } else if (account.role === 'specialist') {
          expect(names).toHaveLength(17);
          expect(hrefs.at(-1)).toBe('/rnp');
          expect(names).not.toContain('Тарифы');
          for (const n of LIMITED_MENU) expect(names).toContain(n);
        } else {
          expect(names).toHaveLength(18);
          expect(names).toContain('Тарифы');
          expect(hrefs).toContain('/catalogTariffs');
        }

        // the contracts link is the active section on every /contracts… path
        await header(page).getByRole('link', { name: 'Исполнение договоров' }).click();
        await page.waitForURL('**/contracts/register');
        await expect
          .poll(() =>
            header(page).getByRole('link', { name: 'Исполнение договоров' }).getAttribute('aria-current'),
          )
          .toBe('page');
        expect(
          await header(page).getByRole('link', { name: 'Планы закупок' }).getAttribute('aria-current'),
        ).toBeNull();
      } finally {
        await context.close();
      }
    });
  }
});

describe('company selector', () => {
  for (const key of ['client', 'client2'] as const) {
    it(`${key}: no selector, the session company is the one shown`, async () => {
      const account = DEMO_ACCOUNTS[key];
      const { context, page } = await newPage(browser);
      try {
        await loginAs(page, account.login);
        await page.getByRole('heading', { level: 2, name: DEMO_COMPANIES[account.company] }).waitFor();
        expect(await header(page).getByLabel('Компания').count()).toBe(0);
      } finally {
        await context.close();
      }
    });
  }

  for (const key of ['admin', 'specialist', 'operator'] as const) {
    it(`${key}: lists the demo companies, the choice survives a reload`, async () => {
      const account = DEMO_ACCOUNTS[key];
      const { context, page } = await newPage(browser);
      try {
        await loginAs(page, account.login);
        const select = header(page).getByRole('combobox', { name: 'Компания' });
        // nothing stored yet: the first company with data (by title), not the provider's empty one
        await expect.poll(() => select.inputValue()).toBe(DEMO_COMPANIES.client1);
        await select.click();
        const listbox = page.getByRole('listbox');
        await listbox.waitFor();
        const options = (await listbox.getByRole('option').allInnerTexts()).map((t) => t.trim());
        for (const title of Object.values(DEMO_COMPANIES)) expect(options).toContain(title);

        await listbox.getByRole('option', { name: DEMO_COMPANIES.client2 }).click();
        await expect.poll(() => select.inputValue()).toBe(DEMO_COMPANIES.client2);
        await page.getByRole('heading', { level: 2, name: DEMO_COMPANIES.client2 }).waitFor();
        const stored = await page.evaluate(() => localStorage.getItem('selectedCompany'));
        expect(stored).toMatch(/^\d+$/);

        await page.reload();
        await page.getByRole('heading', { level: 2, name: DEMO_COMPANIES.client2 }).waitFor();
        await expect
          .poll(() => header(page).getByRole('combobox', { name: 'Компания' }).inputValue())
          .toBe(DEMO_COMPANIES.client2);
        expect(await page.evaluate(() => localStorage.getItem('selectedCompany'))).toBe(stored);
      } finally {
        await context.close();
      }
    });
  }
});

describe('header layout', () => {
  for (const [width, height] of [
    [1440, 900],
    [1280, 800],
  ] as const) {
    it(`fits in 54 px at ${width}×${height} without overlapping parts`, async () => {
      const { context, page } = await newPage(browser);
      try {
        await page.setViewportSize({ width, height });
        await loginAs(page, DEMO_ACCOUNTS.specialist.login);
        const banner = header(page);
        await banner.getByRole('combobox', { name: 'Компания' }).waitFor();
        await page.screenshot({
          path: `/tmp/zk-e2e-screens/header-${width}.png`,
          clip: { x: 0, y: 0, width, height: 60 },
        });
        const box = await banner.boundingBox();
        expect(box?.height).toBe(54);
        const parts = [
          banner.getByRole('link', { name: 'Система автоматизации закупок' }),
          banner.getByRole('navigation', { name: 'Разделы' }),
          banner.getByRole('combobox', { name: 'Компания' }),
          banner.getByRole('button', { name: 'Справочники' }),
          banner.getByRole('link', { name: /^Профиль:/ }),
          banner.getByRole('button', { name: 'Выход' }),
        ];
        const boxes = [];
        for (const p of parts) {
          const b = await p.boundingBox();
          expect(b).not.toBeNull();
          boxes.push(b!);
        }
        for (const [i, b] of boxes.entries()) {
          expect(b.x).toBeGreaterThanOrEqual(0);
          expect(b.x + b.width).toBeLessThanOrEqual(width);
          expect(b.y).toBeGreaterThanOrEqual(0);
          expect(b.y + b.height).toBeLessThanOrEqual(54);
          if (i > 0)
            expect(b.x, `part ${i} starts before part ${i - 1} ends`).toBeGreaterThanOrEqual(
              boxes[i - 1].x + boxes[i - 1].width,
            );
        }
        // no section link lies under the company selector: each ends before it (the rest are in «Ещё»)
        const select = boxes[2];
        const ends = await banner
          .getByRole('navigation', { name: 'Разделы' })
          .getByRole('link')
          .evaluateAll((links) => links.map((l) => l.getBoundingClientRect().right));
        for (const end of ends) expect(end).toBeLessThanOrEqual(select.x);
        expect(await sections(page)).toEqual(SECTIONS.map(([title, path]) => [title, path]));
        // the section links keep their words whole (no clipped labels)
        const clipped = await banner
          .getByRole('navigation', { name: 'Разделы' })
          .getByRole('link')
          .evaluateAll((links) =>
            links.filter((l) => l.scrollWidth > l.clientWidth + 1).map((l) => l.textContent),
          );
        expect(clipped).toEqual([]);
        if (width >= 1440) {
          // the user's name and login are shown whole on a 1440 px screen
          const cut = await banner
            .getByRole('link', { name: /^Профиль:/ })
            .locator('p')
            .evaluateAll((ps) =>
              ps.filter((p) => p.scrollWidth > p.clientWidth + 1).map((p) => p.textContent),
            );
          expect(cut).toEqual([]);
        }
      } finally {
        await context.close();
      }
    });
  }
});
