import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * On a procurement's documentation screen: the required fields nothing prefills in the demo
 * templates (place and term of delivery, the bids deadline), those present filled and saved.
 */
export async function fillRequiredFields(page: Page) {
  const values: [string, string][] = [
    ['Место поставки товара, выполнения работ, оказания услуг', 'г. Выборг, ул. Водопроводная, д. 1'],
    ['Срок поставки товара, выполнения работ, оказания услуг', '10 рабочих дней с даты заключения договора'],
  ];
  for (const [label, value] of values) {
    // a required field's name ends in « *»
    const input = page.getByLabel(new RegExp(`^${label}( \\*)?$`));
    if (await input.count()) await input.first().fill(value);
  }
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect.poll(() => page.getByRole('button', { name: 'Сохранить' }).isDisabled()).toBe(true);
}

/**
 * On a procurement's card, «Сроки и протоколы»: the bids deadline (saved with the card by the next
 * «Сохранить»). The documents take it from the card only: without it they are refused as incomplete.
 */
export async function fillBidsDeadline(page: Page, date: string) {
  await page.getByRole('tab', { name: /^Сроки и протоколы/ }).click();
  const input = page.getByRole('textbox', { name: 'Окончание подачи заявок' });
  await input.fill(date);
  await input.press('Tab');
}

/**
 * On a procurement's card: one specification row of the first lot (1 unit at `price`, the
 * procurement's НМЦД), saved. The documents list the specification: without a row they are refused
 * as incomplete.
 */
export async function addSpecificationRow(page: Page, name: string, price: string) {
  await page.getByRole('tab', { name: /^Лоты и позиции/ }).click();
  await page.getByRole('button', { name: 'Добавить позицию' }).click();
  const row = page.getByRole('table', { name: 'Позиции лота 1' }).getByRole('row').nth(1);
  await row.getByLabel('Наименование').fill(name);
  await row.getByLabel('Количество').fill('1');
  await row.getByLabel('Цена за единицу').fill(price);
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await page.getByText('Изменения закупки').first().waitFor();
}
