import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { catalogRoutes } from '@zakupki/shared/api/catalogs';
import { companyRoutes } from '@zakupki/shared/api/companies';
import { procurementRoutes } from '@zakupki/shared/api/procurements';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { selectedCompanyStore } from '../../../../lib/company';
import { sessionStore } from '../../../../lib/session-store';
import { methodEntry } from '../../../../test/catalog-entries';
import { DEMO_COMPANY, loginAs, renderApp } from '../../../../test/render';
import { errorBody, reply, stubRoute } from '../../../../test/stub-api';
import { listItem, procurement } from '../../test/fixtures';
import { RegisterPage } from './register-page';

vi.mock('socket.io-client', async () => ({ io: (await import('../../../../test/socket-mock')).ioMock }));

const method = methodEntry({ code: '5' });

beforeEach(() => {
  loginAs('specialist');
  selectedCompanyStore.set(DEMO_COMPANY);
  stubRoute(companyRoutes.permissions, ['procurements.read', 'procurements.write']);
  stubRoute(procurementRoutes.list, { items: [listItem()], total: 1, page: 1, limit: 10 });
  stubRoute(companyRoutes.customers.list, { items: [], total: 0, page: 1, limit: 500 });
  stubRoute(catalogRoutes.methods.list, { items: [method], total: 1, page: 1, limit: 500 });
  stubRoute(procurementRoutes.methods, { items: [] });
});
afterEach(() => {
  sessionStore.set({ status: 'anonymous' });
  selectedCompanyStore.set(null);
});

async function fill() {
  await userEvent.click(await screen.findByRole('button', { name: 'Создать закупку' }));
  const dialog = within(await screen.findByRole('dialog'));
  const select = dialog.getByRole('combobox', { name: /Способ закупки/ });
  await userEvent.click(select);
  const listbox = await waitFor(
    () =>
      screen
        .getAllByRole('listbox')
        .find((l) => l.id === select.getAttribute('aria-controls')) as HTMLElement,
  );
  await userEvent.click(
    within(listbox).getByRole('option', { name: 'Запрос котировок в электронной форме' }),
  );
  fireEvent.change(dialog.getByLabelText(/Предмет закупки/), { target: { value: 'Поставка кабеля' } });
  fireEvent.change(dialog.getByLabelText(/НМЦД/), { target: { value: '1500000' } });
  return dialog;
}

describe('«Создать закупку» from scratch', () => {
  it('creates a draft with one lot and opens its card', { timeout: 30_000 }, async () => {
    const create = stubRoute(procurementRoutes.create, procurement({ id: 9, status: 'draft' }));
    const { router } = renderApp(<RegisterPage />, { path: '/documents' });
    const dialog = await fill();
    await userEvent.click(dialog.getByRole('button', { name: 'Создать' }));
    await waitFor(() => expect(create.calls).toHaveLength(1));
    expect(create.calls[0].body).toMatchObject({
      method_id: 3,
      subject: 'Поставка кабеля',
      subject_type: 'goods',
      nmcd: '1500000',
      lots: [{ number: 1, subject: 'Поставка кабеля', nmcd: '1500000', items: [] }],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/documents/9'));
  });

  it('a refusal (no Положение in force) is shown in the dialog', { timeout: 30_000 }, async () => {
    const message = 'У заказчика нет действующего положения о закупке: создать закупку нельзя';
    stubRoute(procurementRoutes.create, reply(409, errorBody('conflict', message)));
    renderApp(<RegisterPage />, { path: '/documents' });
    const dialog = await fill();
    await userEvent.click(dialog.getByRole('button', { name: 'Создать' }));
    expect(await dialog.findByText(message)).toBeTruthy();
  });
});
