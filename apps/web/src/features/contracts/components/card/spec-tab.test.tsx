import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { contractRoutes } from '@zakupki/shared/api/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../../lib/session-store';
import { loginAs, renderApp } from '../../../../test/render';
import { apiCalls, errorBody, type RecordedCall, reply, stubRoute } from '../../../../test/stub-api';
import { contract } from '../../test/fixtures';
import { SpecTab } from './spec-tab';

vi.mock('socket.io-client', async () => ({ io: (await import('../../../../test/socket-mock')).ioMock }));

const SERVER_MESSAGE =
  'Сумма спецификации 3 924 100,00 ₽ не равна цене договора 3 924 000,00 ₽ (разница 100,00 ₽)';
let calls: RecordedCall[];
beforeEach(() => {
  loginAs('client');
  calls = apiCalls();
  stubRoute(
    contractRoutes.update,
    reply(
      400,
      errorBody('validation_failed', 'Проверьте введённые данные', {
        issues: [{ path: 'body.price', message: SERVER_MESSAGE }],
      }),
    ),
  );
});
afterEach(() => {
  sessionStore.set({ status: 'anonymous' });
  vi.unstubAllGlobals();
});

describe('specification: sums that must add up', { timeout: 20_000 }, () => {
  it('a total that equals the price shows no warning; the total is in roubles and kopecks', () => {
    renderApp(<SpecTab companyId={1} contract={contract({ price: '3924000.00' })} canWrite />);
    expect(screen.queryByText('Суммы не сходятся')).toBeNull();
    expect(screen.getAllByText('3 924 000,00 ₽', { selector: 'b' })).toHaveLength(2); // total and price
  });

  it('a total that differs from the price is flagged with the difference', () => {
    renderApp(<SpecTab companyId={1} contract={contract({ price: '4179600.00' })} canWrite />);
    expect(
      screen.getByText(
        'Сумма спецификации 3 924 000,00 ₽ не равна цене договора 4 179 600,00 ₽ (разница 255 600,00 ₽)',
      ),
    ).toBeTruthy();
  });

  it('an added item is checked, counted, sent without sums, and the server’s refusal is shown in its words', async () => {
    renderApp(<SpecTab companyId={1} contract={contract({ price: '3924000.00' })} canWrite />);
    await userEvent.click(screen.getByRole('button', { name: 'Добавить позицию' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Добавить' }));
    expect(within(dialog).getAllByText('Обязательное поле')).toHaveLength(3);
    fireEvent.change(within(dialog).getByLabelText(/Наименование/), { target: { value: 'Бирка кабельная' } });
    fireEvent.change(within(dialog).getByLabelText(/Количество/), { target: { value: '1 000' } });
    fireEvent.change(within(dialog).getByLabelText(/Цена за единицу/), { target: { value: '0,1' } });
    expect(within(dialog).getByText('100,00 ₽')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Добавить' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Бирка кабельная')).toBeTruthy();
    expect(screen.getByText(/разница 100,00 ₽/)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Сохранить спецификацию' }));
    await screen.findByText('Сервер не принял спецификацию');
    expect(screen.getByText(SERVER_MESSAGE)).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put).toBeDefined();
    const body = (put as { body: unknown }).body as {
      items: Record<string, unknown>[];
      price: string;
      revision: number;
    };
    expect(body.revision).toBe(3);
    expect(body.price).toBe('3924000.00');
    expect(body.items).toHaveLength(3);
    expect(body.items[0]).toMatchObject({ id: 11, amount: '3480000.00' });
    expect(body.items[2]).toEqual({
      name: 'Бирка кабельная',
      okpd2_code: null,
      okei_code: null,
      unit_name: null,
      quantity: '1000',
      price: '0.1',
      vat_rate: '22%', // a contract of 25.04.2026: the general rate from 2026
      vat_amount: null,
      amount: null,
    });
  });

  it('«Установить цену договора равной сумме спецификации» sends the total as the price', async () => {
    renderApp(<SpecTab companyId={1} contract={contract({ price: '4179600.00' })} canWrite />);
    await userEvent.click(screen.getByRole('checkbox', { name: /Установить цену договора/ }));
    expect(screen.queryByText('Суммы не сходятся')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить спецификацию' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT') as { body: { price: string } };
    expect(put.body.price).toBe('3924000.00');
  });

  it('a closed contract shows the specification read-only', () => {
    renderApp(
      <SpecTab companyId={1} contract={contract({ status: 'executed', allowed_transitions: [] })} canWrite />,
    );
    expect(screen.queryByRole('button', { name: 'Добавить позицию' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Сохранить спецификацию' })).toBeNull();
  });
});
