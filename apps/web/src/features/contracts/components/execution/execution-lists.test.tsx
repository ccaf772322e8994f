import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paymentRoutes, updRoutes } from '@zakupki/shared/api/imports';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../../lib/session-store';
import { loginAs, renderApp } from '../../../../test/render';
import { apiCalls, type RecordedCall, stubRoute } from '../../../../test/stub-api';
import { updDetail } from '../../test/fixtures';
import { PaymentsSection } from './payments-section';
import { UpdList } from './upd-list';

vi.mock('socket.io-client', async () => ({ io: (await import('../../../../test/socket-mock')).ioMock }));

let calls: RecordedCall[];
const query = (prefix: string) =>
  new URL(calls.filter((c) => c.url.startsWith(prefix)).at(-1)?.url ?? '/', 'http://x').searchParams;

beforeEach(() => {
  loginAs('client');
  calls = apiCalls();
  stubRoute(updRoutes.list, { items: [updDetail({ status: 'no_contract' })], total: 1, page: 1, limit: 10 });
  stubRoute(paymentRoutes.list, { items: [], total: 0, page: 1, limit: 10 });
});
afterEach(() => {
  sessionStore.set({ status: 'anonymous' });
  vi.unstubAllGlobals();
});

describe('execution lists filtered by state', { timeout: 20_000 }, () => {
  it('УПД: waiting ones first, «Все» asks without a state; a row opens its mapping', async () => {
    const onOpen = vi.fn();
    renderApp(<UpdList companyId={1} onOpen={onOpen} />);
    const table = screen.getByRole('table', { name: 'УПД' });
    await within(table).findByText('УПД № 123 от 01.05.2026');
    expect(query('/api/companies/1/upd-documents?').get('status')).toBe('proposed');
    expect(within(table).getByText('ИНН 7810456789')).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: 'Все' }));
    await waitFor(() => expect(query('/api/companies/1/upd-documents?').has('status')).toBe(false));
    await userEvent.click(within(table).getByRole('button', { name: 'Сопоставить: УПД № 123' }));
    expect(onOpen).toHaveBeenCalledWith(5);
  });

  it('payments: the unmatched ones first, each state with its own empty text', async () => {
    renderApp(<PaymentsSection companyId={1} canWrite />);
    expect(await screen.findByText('Несопоставленных платежей нет')).toBeTruthy();
    expect(query('/api/companies/1/payments?').get('status')).toBe('unmatched');
    await userEvent.click(screen.getByRole('radio', { name: 'Не учитываются' }));
    expect(await screen.findByText('Платежей нет')).toBeTruthy();
    expect(query('/api/companies/1/payments?').get('status')).toBe('ignored');
    expect(query('/api/companies/1/payments?').get('page')).toBe('1');
  });
});
