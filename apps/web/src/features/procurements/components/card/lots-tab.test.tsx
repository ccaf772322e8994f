import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { catalogRoutes } from '@zakupki/shared/api/catalogs';
import { classifierRoutes } from '@zakupki/shared/api/classifiers';
import { companyRoutes } from '@zakupki/shared/api/companies';
import { eisPlanRoutes } from '@zakupki/shared/api/eis-plans';
import { procurementRoutes } from '@zakupki/shared/api/procurements';
import type { ProcurementInput } from '@zakupki/shared/api/procurements-model';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { selectedCompanyStore } from '../../../../lib/company';
import { sessionStore } from '../../../../lib/session-store';
import { DEMO_COMPANY, loginAs, renderApp } from '../../../../test/render';
import { stubRoute } from '../../../../test/stub-api';
import { procurement } from '../../test/fixtures';
import { ProcurementRoute } from './procurement-page';

vi.mock('socket.io-client', async () => ({ io: (await import('../../../../test/socket-mock')).ioMock }));

const empty = { items: [], total: 0, page: 1, limit: 500 };

beforeEach(() => {
  loginAs('specialist');
  selectedCompanyStore.set(DEMO_COMPANY);
  stubRoute(companyRoutes.permissions, ['procurements.read', 'procurements.write']);
  stubRoute(procurementRoutes.get, procurement({ status: 'draft', allowed_transitions: [] }));
  stubRoute(companyRoutes.customers.list, empty);
  stubRoute(catalogRoutes.methods.list, empty);
  stubRoute(catalogRoutes.generic.list, empty);
});
afterEach(() => {
  sessionStore.set({ status: 'anonymous' });
  selectedCompanyStore.set(null);
});

const open = (tab = 'lots') =>
  renderApp(<ProcurementRoute />, { path: '/documents/:id', initialPath: `/documents/7?tab=${tab}` });

describe('lots and items', () => {
  it('an added item is summed as the server does; the hints set the НМЦД of the lot and of the procurement', {
    timeout: 30_000,
  }, async () => {
    const okpd2 = stubRoute(classifierRoutes.search, {
      items: [{ code: '27.32.13.190', title: 'Кабели прочие', parent_code: '27.32.13', extra: {} }],
    });
    const save = stubRoute(procurementRoutes.update, (req) =>
      procurement({ status: 'draft', nmcd: String(req.body.nmcd) }),
    );
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Добавить позицию' }));
    const table = within(screen.getByRole('table', { name: 'Позиции лота 1' }));
    const row = within(table.getAllByRole('row')[2]);
    fireEvent.change(row.getByLabelText('Наименование'), { target: { value: 'Муфта концевая' } });
    fireEvent.change(row.getByLabelText('Количество'), { target: { value: '3' } });
    fireEvent.change(row.getByLabelText('Цена за единицу'), { target: { value: '1000,005' } });
    // 3 × 1000.005 = 3000.015 → 3000.02 (kopecks rounded half up)
    expect(row.getByText('3 000,02 ₽')).toBeTruthy();
    // the ОКПД2 picker searches the classifier
    const code = row.getByRole('textbox', { name: 'ОКПД2' });
    await userEvent.click(code);
    fireEvent.change(code, { target: { value: 'кабел' } });
    await userEvent.click(await screen.findByRole('option', { name: /Кабели прочие/ }));
    expect(code).toHaveProperty('value', '27.32.13.190');
    expect(okpd2.calls.at(-1)?.query.get('q')).toBe('кабел');

    expect(screen.getByText(/Сумма позиций: 1 237 567,91 ₽ — не равна НМЦД лота/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'НМЦД лота = сумма позиций' }));
    expect(screen.getByText(/НМЦД закупки должна быть равна сумме НМЦД лотов/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'НМЦД = сумма лотов' }));
    expect(screen.getByText(/НМЦД = сумма лотов\./)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(save.calls).toHaveLength(1));
    const body = save.calls[0].body as ProcurementInput;
    expect(body.nmcd).toBe('1237567.91');
    expect(body.lots[0].nmcd).toBe('1237567.91');
    expect(body.lots[0].items?.[1]).toEqual({
      name: 'Муфта концевая',
      okpd2_code: '27.32.13.190',
      okei_code: null,
      unit_name: null,
      quantity: '3',
      unit_price: '1000,005',
      vat_rate: '22%',
    });
  });

  it('the plan position is picked by a search of the company’s plans', { timeout: 30_000 }, async () => {
    const search = stubRoute(eisPlanRoutes.searchPositions, {
      items: [
        {
          id: 52,
          number: '2260123456-15',
          subject: 'Поставка кабельной арматуры',
          price: '500000.00',
          currency: 'RUB',
          status: 'P',
          status_title: 'Размещена',
          method_name: 'Запрос котировок',
          registration_number: '2260123456',
          plan_year: 2026,
        },
      ],
      total: 1,
      page: 1,
      limit: 20,
    });
    const save = stubRoute(procurementRoutes.update, procurement({ status: 'draft' }));
    open('general');
    const picker = await screen.findByRole('textbox', { name: 'Позиция плана закупки' });
    expect(picker).toHaveProperty('value', '2260123456-12');
    await userEvent.click(picker);
    fireEvent.change(picker, { target: { value: 'арматур' } });
    await waitFor(() => expect(search.calls.at(-1)?.query.get('q')).toBe('арматур'));
    await userEvent.click(await screen.findByRole('option', { name: /Поставка кабельной арматуры/ }));
    expect(picker).toHaveProperty('value', '2260123456-15');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(save.calls).toHaveLength(1));
    expect((save.calls[0].body as ProcurementInput).plan_position_id).toBe(52);
  });
});
