import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { catalogRoutes } from '@zakupki/shared/api/catalogs';
import { companyRoutes } from '@zakupki/shared/api/companies';
import { procurementRoutes } from '@zakupki/shared/api/procurements';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { selectedCompanyStore } from '../../../../lib/company';
import { sessionStore } from '../../../../lib/session-store';
import { DEMO_COMPANY, loginAs, renderApp } from '../../../../test/render';
import { errorBody, reply, stubRoute } from '../../../../test/stub-api';
import { procurement } from '../../test/fixtures';
import { ProcurementRoute } from './procurement-page';

vi.mock('socket.io-client', async () => ({ io: (await import('../../../../test/socket-mock')).ioMock }));

/** Issue 25 item 9: a notice imported with no Положение in force is marked and pinned from its card. */
const empty = { items: [], total: 0, page: 1, limit: 500 };
const unpinned = procurement({
  status: 'published',
  source: 'eis',
  rule_id: null,
  rule_title: null,
  rule_version_id: null,
  rule_version_number: null,
});
const OPTION = {
  rule_version_id: 41,
  rule_id: 9,
  rule_title: 'Положение о закупке 2011 года',
  number: 1,
  effective_from: '2011-01-01',
  effective_to: null,
};
const open = () => renderApp(<ProcurementRoute />, { path: '/documents/:id', initialPath: '/documents/7' });

beforeEach(() => {
  loginAs('specialist');
  selectedCompanyStore.set(DEMO_COMPANY);
  stubRoute(companyRoutes.permissions, ['procurements.read', 'procurements.write']);
  stubRoute(procurementRoutes.get, unpinned);
  stubRoute(companyRoutes.customers.list, empty);
  stubRoute(catalogRoutes.methods.list, empty);
  stubRoute(catalogRoutes.generic.list, empty);
});
afterEach(() => {
  sessionStore.set({ status: 'anonymous' });
  selectedCompanyStore.set(null);
});

describe('a procurement not pinned to a Положение', () => {
  it('is marked, and pinned to the version chosen; the method warning then shows', {
    timeout: 30_000,
  }, async () => {
    stubRoute(procurementRoutes.pinOptions, { day: '2012-11-02', items: [OPTION] });
    const warning =
      'Способ закупки «Запрос котировок» не предусмотрен редакцией 1 положения (ч. 1 ст. 3.2 223-ФЗ)';
    const pinned = procurement({
      status: 'published',
      source: 'eis',
      rule_id: 9,
      rule_title: OPTION.rule_title,
      rule_version_id: 41,
      rule_version_number: 1,
      warnings: [{ rule: 'method_not_in_version', path: 'body.method_id', message: warning }],
    });
    // the card read after the pin (the lists refresh) is the pinned one
    const pin = stubRoute(procurementRoutes.pin, () => pinned);
    stubRoute(procurementRoutes.get, () => (pin.calls.length ? pinned : unpinned));
    open();
    expect(await screen.findByText('Не привязана к Положению')).toBeTruthy();
    expect((screen.getByLabelText('Положение о закупке') as HTMLInputElement).value).toBe(
      'не привязана к Положению',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Привязать к Положению' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(
      (await within(dialog).findAllByLabelText(/Редакция, действовавшая на 02\.11\.2012/))[0],
    );
    await userEvent.click(
      await screen.findByRole('option', { name: /Положение о закупке 2011 года, редакция 1/ }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Привязать' }));
    await waitFor(() => expect(pin.calls).toHaveLength(1));
    expect(pin.calls[0].body).toEqual({ rule_version_id: 41 });
    expect(await screen.findByText(warning)).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Не привязана к Положению')).toBeNull());
  });

  it('says when no version was in force on its day, and shows a refusal in the dialog', {
    timeout: 30_000,
  }, async () => {
    stubRoute(procurementRoutes.pinOptions, { day: '2012-11-02', items: [] });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Привязать к Положению' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByText(/Нет редакции Положения о закупке, действовавшей на 02\.11\.2012/),
    ).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Привязать' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('shows the server refusal in the dialog', { timeout: 30_000 }, async () => {
    stubRoute(procurementRoutes.pinOptions, { day: '2012-11-02', items: [OPTION] });
    const message =
      'Редакция 1 Положения «Положение о закупке 2011 года» не действовала на 02.11.2012 — день закупки';
    stubRoute(
      procurementRoutes.pin,
      reply(
        400,
        errorBody('validation_failed', message, { issues: [{ path: 'body.rule_version_id', message }] }),
      ),
    );
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Привязать к Положению' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click((await within(dialog).findAllByLabelText(/Редакция, действовавшая/))[0]);
    await userEvent.click(await screen.findByRole('option', { name: /редакция 1/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Привязать' }));
    expect(await within(dialog).findByText(message)).toBeTruthy();
  });

  it('a client sees the marker without the button', async () => {
    stubRoute(companyRoutes.permissions, ['procurements.read']);
    open();
    expect(await screen.findByText('Не привязана к Положению')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Привязать к Положению' })).toBeNull();
  });
});
