import fs from 'node:fs';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, loginAs, newPage } from '../support/browser';

/**
 * Reference catalogues in the browser (issue 4): a specialist keeps an entry from creation to
 * the XLSX export; the gear menu and the guard per role; tariffs for the admin alone.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const CLIENT_MENU = [
  'Место поставки товара, выполнения работ, оказания услуг',
  'Источники финансирования',
  'Основания заключения договора',
];

async function gearMenu(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: 'Справочники' }).click();
  const menu = page.getByRole('menu');
  await menu.waitFor();
  const items = (await menu.getByRole('menuitem').allTextContents()).map((t) => t.trim());
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'hidden' });
  return items;
}

async function openFromMenu(page: Page, title: string) {
  await page.getByRole('button', { name: 'Справочники' }).click();
  await page.getByRole('menuitem', { name: title }).click();
  await page.getByRole('heading', { name: title, level: 2 }).waitFor();
}

/** Waits for the address the guard sends the user to (a full page load restores the session first). */
async function landsOn(page: Page, path: string) {
  await page.waitForURL((u) => u.pathname === path);
  return new URL(page.url()).pathname;
}

const row = (page: Page, title: string) =>
  page
    .getByRole('table', { name: 'Единые и дополнительные требования' })
    .getByRole('row')
    .filter({ hasText: title });

describe('catalogues in the browser', () => {
  it('a specialist creates, edits, archives and restores an entry and finds it in the export', async () => {
    const { context, page } = await newPage(browser);
    try {
      await loginAs(page, 'specialist@demo.local');
      await openFromMenu(page, 'Единые и дополнительные требования');
      // seeded global entries are listed and marked «Общий»
      const table = page.getByRole('table', { name: 'Единые и дополнительные требования' });
      await expect.poll(() => table.getByText('Общий').count()).toBeGreaterThan(0);
      await page.screenshot({ path: '/tmp/catalog-requirements.png', fullPage: true });

      const title = `Опыт поставки медицинского оборудования e2e-${Date.now()}`;
      await page.getByRole('button', { name: 'Добавить' }).click();
      const form = page.getByRole('dialog', { name: 'Новая запись: требование' });
      await form.getByRole('button', { name: 'Сохранить' }).click();
      await expect.poll(() => form.getByText('Обязательное поле').count()).toBe(1);
      await form.getByRole('radio', { name: 'Общая запись (для всех компаний)' }).check();
      await form.getByRole('textbox', { name: 'Наименование' }).fill(title);
      await form
        .getByRole('textbox', { name: 'Описание' })
        .fill('Не менее трёх исполненных договоров за 3 года');
      await page.screenshot({ path: '/tmp/catalog-form.png' });
      await form.getByRole('button', { name: 'Сохранить' }).click();
      await form.waitFor({ state: 'hidden' });
      await page
        .getByText(`Запись «${title}» добавлена в справочник «Единые и дополнительные требования»`)
        .waitFor();

      // the search goes into the URL and finds the new entry
      await page.getByRole('textbox', { name: 'Поиск' }).fill('e2e-');
      await page.waitForURL((u) => u.searchParams.get('q') === 'e2e-');
      await row(page, title).waitFor();
      expect(await row(page, title).getByText('Общий').count()).toBe(1);

      const edited = `${title} (изм.)`;
      await page.getByRole('button', { name: `Изменить: ${title}` }).click();
      const editForm = page.getByRole('dialog', { name: 'Изменение: требование' });
      await editForm.getByRole('textbox', { name: 'Наименование' }).fill(edited);
      await editForm.getByRole('button', { name: 'Сохранить' }).click();
      await editForm.waitFor({ state: 'hidden' });
      await row(page, edited).waitFor();

      await page.getByRole('button', { name: `В архив: ${edited}` }).click();
      await page
        .getByRole('dialog', { name: 'Перенос в архив' })
        .getByRole('button', { name: 'В архив' })
        .click();
      await page.getByText(`Запись «${edited}» перенесена в архив`).waitFor();
      await row(page, edited).waitFor({ state: 'detached' });
      await page.getByRole('checkbox', { name: 'Показывать архивные' }).check();
      await page.waitForURL((u) => u.searchParams.get('archived') === 'true');
      await row(page, edited)
        .getByText(/В архиве с \d\d\.\d\d\.\d{4}/)
        .waitFor();

      await page.getByRole('button', { name: `Восстановить: ${edited}` }).click();
      await page
        .getByRole('dialog', { name: 'Восстановление из архива' })
        .getByRole('button', { name: 'Восстановить' })
        .click();
      await page.getByText(`Запись «${edited}» восстановлена из архива`).waitFor();
      await expect
        .poll(() =>
          row(page, edited)
            .getByText(/В архиве/)
            .count(),
        )
        .toBe(0);

      // the export is the current view: same search, the entry in it, global and active
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Выгрузить в XLSX' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(
        /^Единые и дополнительные требования \d{4}-\d{2}-\d{2}\.xlsx$/,
      );
      const file = await download.path();
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(fs.readFileSync(file) as unknown as ExcelJS.Buffer);
      const ws = wb.worksheets[0];
      const headers = (ws.getRow(1).values as unknown[]).slice(1);
      expect(headers).toEqual(['Код', 'Наименование', 'Описание', 'Принадлежность', 'В архиве']);
      const rows: unknown[][] = [];
      ws.eachRow((r, n) => {
        if (n > 1) rows.push((r.values as unknown[]).slice(1));
      });
      const mine = rows.find((r) => r[1] === edited);
      expect(mine).toBeTruthy();
      expect(mine?.slice(2)).toEqual(['Не менее трёх исполненных договоров за 3 года', 'Общая', 'Нет']);
      // only what the search shows
      expect(rows.every((r) => String(r[1]).includes('e2e-') || String(r[0]).includes('e2e-'))).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('the ОКПД2 catalogue is a tree that opens level by level and finds codes with their path', async () => {
    const { context, page } = await newPage(browser);
    try {
      await loginAs(page, 'specialist@demo.local');
      await openFromMenu(page, 'Предметы закупки');
      const tree = page.getByRole('list', { name: 'Классификатор ОКПД2' });
      await tree.getByText('Продукция обрабатывающих производств').waitFor();
      await page.getByRole('button', { name: 'Развернуть: C Продукция обрабатывающих производств' }).click();
      const computers = page.getByRole('button', { name: /^Развернуть: 26 / });
      await computers.click();
      await page.getByRole('button', { name: /^Развернуть: 26\.2 / }).waitFor();
      await page.screenshot({ path: '/tmp/catalog-okpd2-tree.png', fullPage: true });

      await page.getByRole('textbox', { name: 'Поиск' }).fill('26.20.11');
      const found = page.getByRole('table', { name: 'Найденные коды ОКПД2' });
      await found.getByRole('row').nth(1).waitFor();
      // the first found code, 26.20.11: its ancestors with their names, section first
      const path = found.getByRole('list', { name: 'Место в классификаторе' }).first();
      await expect
        .poll(() => path.getByRole('listitem').allTextContents())
        .toEqual([
          'C Продукция обрабатывающих производств',
          '› 26 Оборудование компьютерное, электронное и оптическое',
          '› 26.2 Компьютеры и периферийное оборудование',
          '› 26.20 Компьютеры и периферийное оборудование',
          '› 26.20.1 Компьютеры, их части и принадлежности',
        ]);
      await page.screenshot({ path: '/tmp/catalog-okpd2-search.png', fullPage: true });
    } finally {
      await context.close();
    }
  });

  it('a client sees the three permitted catalogues and is sent to / from any other', async () => {
    const { context, page } = await newPage(browser);
    try {
      await loginAs(page, 'client@demo.local');
      expect(await gearMenu(page)).toEqual(CLIENT_MENU);

      await page.goto('/catalog');
      expect(await landsOn(page, '/')).toBe('/');
      await page.goto('/catalogMethod');
      expect(await landsOn(page, '/')).toBe('/');
      await page.goto('/catalogTariffs');
      expect(await landsOn(page, '/')).toBe('/');

      // a permitted one opens: global entries are read-only, the client may add its own places
      await openFromMenu(page, 'Место поставки товара, выполнения работ, оказания услуг');
      expect(new URL(page.url()).pathname).toBe('/catalogExecPlace');
      await page.getByRole('button', { name: 'Добавить' }).waitFor();
      const table = page.getByRole('table', {
        name: 'Место поставки товара, выполнения работ, оказания услуг',
      });
      await expect.poll(() => table.getByText('Общий').count()).toBeGreaterThan(0);
      expect(await table.getByRole('button', { name: /^Изменить/ }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('tariffs: the admin alone sees and opens them; a specialist typing the address lands on /', async () => {
    const admin = await newPage(browser);
    try {
      await loginAs(admin.page, 'admin@demo.local');
      const menu = await gearMenu(admin.page);
      expect(menu).toContain('Тарифы');
      // 17 catalogues and the register of unfair suppliers
      expect(menu).toHaveLength(18);
      await openFromMenu(admin.page, 'Тарифы');
      const table = admin.page.getByRole('table', { name: 'Тарифы' });
      const corporate = table.getByRole('row').filter({ hasText: 'Корпоративный' });
      await corporate.waitFor();
      expect(await corporate.getByText('без ограничений').count()).toBe(3);
      await table.getByRole('row').filter({ hasText: 'Базовый' }).getByText('4\u00a0900,00\u00a0₽').waitFor();
      await admin.page.screenshot({ path: '/tmp/catalog-tariffs.png', fullPage: true });
    } finally {
      await admin.context.close();
    }

    const specialist = await newPage(browser);
    try {
      await loginAs(specialist.page, 'specialist@demo.local');
      const menu = await gearMenu(specialist.page);
      expect(menu).not.toContain('Тарифы');
      expect(menu).toHaveLength(17);
      await specialist.page.goto('/catalogTariffs');
      expect(await landsOn(specialist.page, '/')).toBe('/');
    } finally {
      await specialist.context.close();
    }
  });
});
