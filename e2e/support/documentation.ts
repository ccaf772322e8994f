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
    ['Дата окончания срока подачи заявок', '15.01.2099'],
  ];
  for (const [label, value] of values) {
    const input = page.getByLabel(label, { exact: true });
    if (await input.count()) await input.first().fill(value);
  }
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect.poll(() => page.getByRole('button', { name: 'Сохранить' }).isDisabled()).toBe(true);
}
