import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { catalogRoutes } from '@zakupki/shared/api/catalogs';
import { companyRoutes } from '@zakupki/shared/api/companies';
import { type Contract, contractRoutes } from '@zakupki/shared/api/contracts';
import { eisPlanRoutes } from '@zakupki/shared/api/eis-plans';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../../lib/session-store';
import { loginAs, renderApp } from '../../../../test/render';
import { apiCalls, type RecordedCall, stubRoute } from '../../../../test/stub-api';
import { contract } from '../../test/fixtures';
import { GeneralForm } from './general-form';

vi.mock('socket.io-client', async () => ({ io: (await import('../../../../test/socket-mock')).ioMock }));

const entry = (over: Record<string, unknown>) => ({
  kind: 'generic',
  type_code: 1,
  subject_type: null,
  description: null,
  company_id: null,
  company_title: null,
  archived_at: null,
  created_at: '2026-01-10T09:00:00Z',
  updated_at: '2026-01-10T09:00:00Z',
  can_write: false,
  can_delete: false,
  ...over,
});
const page = (items: unknown[]) => ({ items, total: items.length, page: 1, limit: 500 }) as never;
const METHODS = [
  { id: 31, code: 'e_auction', title: 'Аукцион в электронной форме' },
  { id: 32, code: 'single_supplier', title: 'Закупка у единственного поставщика (исполнителя, подрядчика)' },
].map((m) =>
  entry({
    ...m,
    kind: 'method',
    type_code: null,
    form: 'auction',
    competitive: true,
    sme_only: false,
    electronic: true,
    closed: false,
  }),
);
const PRICE_METHODS = [
  entry({ id: 41, code: '1', title: 'Метод сопоставимых рыночных цен (анализа рынка)' }),
  entry({ id: 42, code: '2', title: 'Нормативный метод' }),
];
const POSITION = {
  id: 12,
  number: '2265001234567-12',
  subject: 'Поставка кабельной продукции',
  price: '4000000.00',
  currency: 'RUB',
  status: 'P',
  status_title: 'Размещена',
  method_name: 'Аукцион в электронной форме',
  registration_number: '2265001234567',
  plan_year: 2026,
};

/** the fixture's specification total */
const PRICE = '3924000.00';

let calls: RecordedCall[];
let searches: string[];
beforeEach(() => {
  loginAs('client');
  calls = apiCalls();
  searches = [];
  stubRoute(companyRoutes.customers.list, page([]));
  stubRoute(catalogRoutes.methods.list, page(METHODS));
  stubRoute(catalogRoutes.generic.list, (req) => page(req.params.type === '1' ? PRICE_METHODS : []));
  stubRoute(eisPlanRoutes.searchPositions, (req) => {
    const q = req.query.get('q') ?? '';
    searches.push(q);
    const items = !q || 'кабель'.startsWith(q.toLowerCase().slice(0, 6)) ? [POSITION] : [];
    return { items, total: items.length, page: 1, limit: 20 };
  });
  stubRoute(contractRoutes.update, (req) => {
    const {
      items: _items,
      stages: _stages,
      payment_terms: _terms,
      change: _change,
      ...fields
    } = req.body as Record<string, unknown>;
    return { ...contract({ price: PRICE }), ...fields } as Contract;
  });
});
afterEach(() => {
  sessionStore.set({ status: 'anonymous' });
  vi.unstubAllGlobals();
});

/** Opens a select by its label and clicks the option with this name. */
async function pick(label: string, option: string | RegExp) {
  const input = screen.getByRole('combobox', { name: label });
  await userEvent.click(input);
  const list = screen
    .getAllByRole('listbox', { hidden: true })
    .find((l) => l.id === input.getAttribute('aria-controls')) as HTMLElement;
  await userEvent.click(await within(list).findByRole('option', { name: option, hidden: true }));
}

const putBody = () => calls.find((c) => c.method === 'PUT')?.body as Record<string, unknown>;

describe('contract card: catalogue pickers', { timeout: 30_000 }, () => {
  it('the methods and the plan position are chosen from their catalogues; the form sends ids', async () => {
    renderApp(<GeneralForm companyId={1} contract={contract({ status: 'draft', price: PRICE })} canWrite />);
    await screen.findByRole('combobox', { name: 'Способ закупки' });
    await waitFor(() => expect(searches).toContain(''));
    await pick('Способ закупки', 'Аукцион в электронной форме');
    await pick('Метод определения НМЦД', '2. Нормативный метод');
    // the plan position: the server searches what is typed
    const position = screen.getByRole('combobox', { name: 'Позиция плана закупки' });
    await userEvent.type(position, 'кабел');
    await waitFor(() => expect(searches).toContain('кабел'));
    await pick('Позиция плана закупки', '2265001234567-12 — Поставка кабельной продукции');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(putBody()).toBeDefined());
    expect(putBody()).toMatchObject({
      procurement_method_id: 31,
      procurement_method_code: null,
      procurement_method_name: null,
      price_method_id: 42,
      plan_position_number: '2265001234567-12',
    });
  });

  it('values from before the catalogues are shown as such and sent back unchanged', async () => {
    const old = contract({
      status: 'draft',
      price: PRICE,
      procurement_method_code: '30000',
      procurement_method_name: 'Закупка у единственного поставщика',
      plan_position_number: '2180316803-126',
      plan_position_subject: null,
    });
    renderApp(<GeneralForm companyId={1} contract={old} canWrite />);
    expect(
      await screen.findByDisplayValue('Закупка у единственного поставщика (не из справочника)'),
    ).toBeTruthy();
    expect(screen.getByDisplayValue('2180316803-126 (нет в загруженных планах закупки)')).toBeTruthy();
    await pick('Метод определения НМЦД', '1. Метод сопоставимых рыночных цен (анализа рынка)');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(putBody()).toBeDefined());
    expect(putBody()).toMatchObject({
      procurement_method_id: null,
      procurement_method_code: '30000',
      procurement_method_name: 'Закупка у единственного поставщика',
      price_method_id: 41,
      plan_position_number: '2180316803-126',
    });
  });
});
