import type { Locator, Page } from 'playwright-core';

/** In the «Новая закупка» dialog: picks the method by its name. */
export async function chooseMethod(page: Page, dialog: Locator, method: string) {
  await dialog
    .getByRole('textbox', { name: 'Способ закупки' })
    .or(dialog.getByRole('combobox', { name: 'Способ закупки' }))
    .first()
    .click();
  await page.getByRole('option', { name: method, exact: true }).click();
}

/**
 * In the procurement register: opens «Новая закупка», picks the method and fills the subject and
 * the НМЦД; returns the dialog (not yet sent).
 */
export async function fillNewProcurement(
  page: Page,
  fields: { method: string; subject: string; nmcd: string },
): Promise<Locator> {
  await page.getByRole('button', { name: 'Создать закупку' }).click();
  const dialog = page.getByRole('dialog', { name: 'Новая закупка' });
  await chooseMethod(page, dialog, fields.method);
  await dialog.getByRole('textbox', { name: 'Предмет закупки' }).fill(fields.subject);
  await dialog.getByRole('textbox', { name: 'НМЦД' }).fill(fields.nmcd);
  return dialog;
}
