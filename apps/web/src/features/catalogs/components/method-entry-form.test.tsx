import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { catalogByRoute, catalogRoutes } from '@zakupki/shared/api/catalogs';
import { companyRoutes } from '@zakupki/shared/api/companies';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { selectedCompanyStore } from '../../../lib/company';
import { sessionStore } from '../../../lib/session-store';
import { DEMO_COMPANY, loginAs, renderApp } from '../../../test/render';
import { apiCalls, type RecordedCall, stubRoute } from '../../../test/stub-api';
import { CatalogScreen } from './catalog-screen';

/**
 * A company's own procurement method gets its form (what the law reads it as: its notice period),
 * checked by the shared schema: a single supplier is not competitive, a конкурс is.
 */

const METHODS = catalogByRoute('/catalogMethod');
const page = (items: unknown[]) => ({ items, total: items.length, page: 1, limit: 10 }) as never;
const saved = {
  id: 40,
  kind: 'method',
  type_code: null,
  subject_type: null,
  code: '40',
  title: 'ЕП после торгов',
  description: null,
  company_id: 1,
  company_title: DEMO_COMPANY.title,
  archived_at: null,
  created_at: '2026-01-10T09:00:00Z',
  updated_at: '2026-01-10T09:00:00Z',
  can_write: true,
  can_delete: true,
  form: 'single_supplier',
  competitive: false,
  sme_only: false,
  electronic: false,
  closed: false,
};

let calls: RecordedCall[];
beforeEach(() => {
  calls = apiCalls();
  stubRoute(companyRoutes.permissions, ['company.read', 'catalogs.write']);
  stubRoute(catalogRoutes.methods.list, page([]));
  stubRoute(catalogRoutes.methods.create, saved as never);
  selectedCompanyStore.set(DEMO_COMPANY);
});
afterEach(() => {
  sessionStore.set({ status: 'anonymous' });
  selectedCompanyStore.set(null);
});

describe('the method entry form', () => {
  it('has the form input; a single supplier marked competitive is refused, then saved with its form', async () => {
    if (!METHODS) throw new Error('no methods catalogue');
    loginAs('specialist');
    renderApp(<CatalogScreen d={METHODS} />, { path: '/catalogMethod', initialPath: '/catalogMethod' });
    await userEvent.click(await screen.findByRole('button', { name: 'Добавить' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Наименование/ }), saved.title);
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Форма способа закупки' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Закупка у единственного поставщика' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Конкурентный' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(
      await within(dialog).findByText(
        'Закупка у единственного поставщика — неконкурентный способ: снимите отметку «Конкурентный»',
      ),
    ).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Конкурентный' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      title: saved.title,
      form: 'single_supplier',
      competitive: false,
      closed: false,
    });
  });

  it('a конкурс not marked competitive is refused with the law named', async () => {
    if (!METHODS) throw new Error('no methods catalogue');
    loginAs('specialist');
    renderApp(<CatalogScreen d={METHODS} />, { path: '/catalogMethod', initialPath: '/catalogMethod' });
    await userEvent.click(await screen.findByRole('button', { name: 'Добавить' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Наименование/ }), 'Конкурс ДЗО');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Форма способа закупки' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Конкурс' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(
      await within(dialog).findByText(
        'Конкурс — конкурентный способ (ч. 3 ст. 3 223-ФЗ): отметьте «Конкурентный»',
      ),
    ).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
