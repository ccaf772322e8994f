import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type RnpLookupResult, type RnpStatus, rnpRoutes } from '@zakupki/shared/api/rnp';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../../lib/session-store';
import { loginAs, renderApp } from '../../../test/render';
import { errorBody, reply, stubRoute } from '../../../test/stub-api';
import { RnpPage } from './rnp-page';

const NOT_LOADED: RnpStatus = { loaded: false, load: null };
const LOADED: RnpStatus = {
  loaded: true,
  load: {
    source: 'загружено пользователем admin@demo.local',
    file_name: 'rnp.csv',
    format: 'csv',
    sha256: 'ab'.repeat(32),
    rows: 3,
    loaded_at: '2026-11-01T07:30:00.000Z',
  },
};
const ENTRY = {
  registry_number: '25000101',
  law: '44-fz' as const,
  inn: '7701000019',
  kpp: '770101001',
  name: 'ООО «Ромашка»',
  included_on: '2025-03-10',
  excluded_on: '2027-03-10',
  customer_name: 'ГБУ «Городская поликлиника № 1»',
  customer_inn: '7710000047',
  purchase_number: '0373100000125000001',
  reason: 'Расторжение контракта',
};
const open = () => renderApp(<RnpPage />, { path: '/rnp', initialPath: '/rnp' });

afterEach(() => sessionStore.set({ status: 'anonymous' }));

describe('the register of unfair suppliers screen', () => {
  it('a specialist: the state says not loaded, no upload, and a lookup says no check was made', async () => {
    loginAs('specialist');
    stubRoute(rnpRoutes.status, NOT_LOADED);
    const lookups = stubRoute(rnpRoutes.lookup, (req) => ({
      checked: false,
      on: req.query.get('on') ?? '',
      status: NOT_LOADED,
      items: [],
    }));
    open();
    expect(
      await screen.findByText(/Реестр не загружен: проверка участников по РНП не выполняется/),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Файл реестра недобросовестных поставщиков' })).toBeNull();
    // the shared schema refuses a short ИНН before any request
    await userEvent.type(screen.getByRole('textbox', { name: /ИНН/ }), '77010');
    await userEvent.click(screen.getByRole('button', { name: 'Проверить' }));
    expect(await screen.findByText('ИНН — 10 или 12 цифр')).toBeTruthy();
    expect(lookups.calls).toHaveLength(0);
    await userEvent.type(screen.getByRole('textbox', { name: /ИНН/ }), '00019');
    await userEvent.click(screen.getByRole('button', { name: 'Проверить' }));
    expect(await screen.findByText('Проверка по РНП не выполнялась: реестр не загружен.')).toBeTruthy();
    expect(lookups.calls[0].query.get('inn')).toBe('7701000019');
    expect(lookups.calls[0].query.has('kpp')).toBe(false);
  });

  it('a lookup lists the entries of the ИНН, in force or not on the date', async () => {
    loginAs('operator');
    stubRoute(rnpRoutes.status, LOADED);
    const answer: RnpLookupResult = {
      checked: true,
      on: '2026-06-01',
      status: LOADED,
      items: [
        { ...ENTRY, in_force: true, kpp_matches: true },
        {
          ...ENTRY,
          registry_number: '23000777',
          excluded_on: '2025-01-15',
          in_force: false,
          kpp_matches: null,
        },
      ],
    };
    stubRoute(rnpRoutes.lookup, answer);
    open();
    expect(
      await screen.findByText(/Загружен 01\.11\.2026 10:30: 3 записи из файла «rnp\.csv» \(CSV\)/),
    ).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: /ИНН/ }), '7701000019');
    await userEvent.click(screen.getByRole('button', { name: 'Проверить' }));
    const table = await screen.findByRole('table', { name: 'Записи реестра' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]).getByText('действует')).toBeTruthy();
    expect(within(rows[1]).getByText('не действует')).toBeTruthy();
    expect(
      screen.getByText('На 01.06.2026 участник включён в реестр недобросовестных поставщиков.'),
    ).toBeTruthy();
  });

  it('the admin uploads a file with the law chosen; a refusal is shown as the server names it', async () => {
    loginAs('admin');
    stubRoute(rnpRoutes.status, LOADED);
    const loads = stubRoute(rnpRoutes.load, () =>
      reply(
        400,
        errorBody(
          'invalid_file',
          'Файл «bad.csv» не принят: столбец «ИНН»: «6603000034» — неверная контрольная сумма (строка 4)',
        ),
      ),
    );
    open();
    const drop = await screen.findByRole('button', { name: 'Файл реестра недобросовестных поставщиков' });
    await userEvent.click(screen.getByRole('combobox', { name: /Закон/ }));
    await userEvent.click(await screen.findByRole('option', { name: '223-ФЗ' }));
    fireEvent.drop(drop, {
      dataTransfer: { files: [new File(['ИНН;Наименование'], 'bad.csv', { type: 'text/csv' })] },
    });
    // once, in the upload's own refusal (the request is handled: no general notice as well)
    const refusal = await screen.findByText(/«6603000034» — неверная контрольная сумма \(строка 4\)/);
    expect(refusal.closest('[role="alert"]')?.textContent).toContain('Файл не загружен');
    await waitFor(() => expect(loads.calls).toHaveLength(1));
    const form = loads.calls[0].body as FormData;
    expect(form.get('law')).toBe('223-fz');
    expect((form.get('file') as File).name).toBe('bad.csv');
  });
});
