import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { updRoutes } from '@zakupki/shared/api/imports';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../../lib/session-store';
import { loginAs, renderApp } from '../../../../test/render';
import { apiCalls, type RecordedCall, stubRoute } from '../../../../test/stub-api';
import { updDetail } from '../../test/fixtures';
import { UpdMapping } from './upd-mapping';

vi.mock('socket.io-client', async () => ({ io: (await import('../../../../test/socket-mock')).ioMock }));

let calls: RecordedCall[];
const confirmed = updDetail({
  status: 'confirmed',
  lines: updDetail().lines.map((l) => ({
    ...l,
    mapping: l.mapping ? { ...l.mapping, status: 'confirmed' as const } : null,
  })),
  items: updDetail().items.map((i) =>
    i.id === 11 ? { ...i, accepted_quantity: '1', accepted_amount: '40.00' } : i,
  ),
});

beforeEach(() => {
  loginAs('client');
  let posted = false;
  calls = apiCalls();
  stubRoute(updRoutes.get, (req) => {
    expect(req.params.id).toBe('5');
    return posted ? confirmed : updDetail();
  });
  stubRoute(updRoutes.mapping, () => {
    posted = true;
    return confirmed;
  });
});
afterEach(() => {
  sessionStore.set({ status: 'anonymous' });
  vi.unstubAllGlobals();
});

const selectFor = (lineNo: number) =>
  screen.getByRole('combobox', { name: `Позиция спецификации для строки ${lineNo}` });

describe('УПД mapping screen', { timeout: 20_000 }, () => {
  it('shows each line with the proposed item and its confidence', async () => {
    renderApp(<UpdMapping companyId={1} updId={5} canWrite />);
    await screen.findByText('УПД № 123 от 01.05.2026');
    expect(selectFor(1)).toHaveProperty('value', '1. Кабель силовой АПвПу2г 1х240/50-10 (совпадение 93 %)');
    expect(selectFor(2)).toHaveProperty('value', '2. Муфта соединительная 3ПСТ-10-150/240 (совпадение 55 %)');
    expect(selectFor(3)).toHaveProperty('value', 'Не относится к договору');
    const table = screen.getByRole('table', { name: 'Строки УПД' });
    expect(within(table).getByText('93 %')).toBeTruthy();
    expect(within(table).getByText('55 %')).toBeTruthy();
    expect(screen.getByText(/основание «Договор» № 112\/26-ЭА/)).toBeTruthy();
  });

  it('confirm sends every line with the chosen item; a corrected line and «не относится» included', async () => {
    renderApp(<UpdMapping companyId={1} updId={5} canWrite />);
    await screen.findByText('УПД № 123 от 01.05.2026');
    // line 2: the proposal is wrong — it is not a contract item at all
    await userEvent.click(selectFor(2));
    await userEvent.click(
      within(
        screen
          .getAllByRole('listbox')
          .find((l) => l.id === selectFor(2).getAttribute('aria-controls')) as HTMLElement,
      ).getByRole('option', { name: 'Не относится к договору' }),
    );
    // line 3: nothing was proposed — the user picks the cable
    await userEvent.click(selectFor(3));
    await userEvent.click(
      within(
        screen
          .getAllByRole('listbox')
          .find((l) => l.id === selectFor(3).getAttribute('aria-controls')) as HTMLElement,
      ).getByRole('option', { name: /^1\. Кабель/ }),
    );
    expect(screen.getAllByText('выбрано вручную')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Подтвердить сопоставление' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe('/api/companies/1/upd-documents/5/mapping');
    expect(post?.body).toEqual({
      lines: [
        { upd_line_id: 101, contract_item_id: 11 },
        { upd_line_id: 102, contract_item_id: null },
        { upd_line_id: 103, contract_item_id: 11 },
      ],
    });
    // the answer: the document is counted and the contract's execution moved
    await screen.findByText('Учтён в исполнении');
    const items = screen.getByRole('table', { name: 'Позиции договора' });
    expect(within(items).getByText('40,00 ₽')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Подтвердить исправление' })).toBeTruthy();
  });

  it('read-only without the right to change contracts', async () => {
    renderApp(<UpdMapping companyId={1} updId={5} canWrite={false} />);
    await screen.findByText('УПД № 123 от 01.05.2026');
    expect(screen.queryByRole('button', { name: 'Подтвердить сопоставление' })).toBeNull();
    expect(selectFor(1)).toHaveProperty('readOnly', true);
  });

  it('an advance invoice is shown as one, without lines to map or a confirmation', async () => {
    stubRoute(updRoutes.get, () => updDetail({ function: 'СЧФ', advance: true, number: 'А-15' }));
    renderApp(<UpdMapping companyId={1} updId={5} canWrite />);
    await screen.findByText('Счёт-фактура на аванс № А-15 от 01.05.2026');
    expect(screen.getByText('Аванс, не поставка')).toBeTruthy();
    expect(screen.getByText(/оформлен на предоплату, а не на поставку/)).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Строки УПД' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Подтвердить сопоставление' })).toBeNull();
  });
});
