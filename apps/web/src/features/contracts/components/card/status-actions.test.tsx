import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { contractRoutes } from '@zakupki/shared/api/contracts';
import { CONTRACT_TRANSITIONS } from '@zakupki/shared/api/contracts-model';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../../lib/session-store';
import { loginAs, renderApp } from '../../../../test/render';
import { stubRoute } from '../../../../test/stub-api';
import { contract } from '../../test/fixtures';
import { StatusActions } from './status-actions';

vi.mock('socket.io-client', async () => ({ io: (await import('../../../../test/socket-mock')).ioMock }));

let calls: ReturnType<typeof stubRoute>['calls'];
beforeEach(() => {
  loginAs('client');
  calls = stubRoute(contractRoutes.status, (req) =>
    contract({ status: req.body.status, allowed_transitions: [] }),
  ).calls;
});
afterEach(() => {
  sessionStore.set({ status: 'anonymous' });
  vi.unstubAllGlobals();
});

const buttons = () =>
  within(screen.queryByRole('group', { name: 'Смена статуса' }) ?? document.createElement('div'))
    .queryAllByRole('button')
    .map((b) => b.textContent);

describe('status buttons per status', { timeout: 20_000 }, () => {
  it.each([
    ['draft', ['Заключить', 'Отменить']],
    ['concluded', ['Исполнен', 'Расторгнуть']],
    ['executed', []],
    ['terminated', []],
    ['cancelled', []],
  ] as const)('%s: %j', (status, expected) => {
    renderApp(
      <StatusActions
        companyId={1}
        contract={contract({ status, allowed_transitions: [...CONTRACT_TRANSITIONS[status]] })}
      />,
    );
    expect(buttons()).toEqual(expected);
  });

  it('termination needs a reason and sends the date and the reason', async () => {
    renderApp(<StatusActions companyId={1} contract={contract({ status: 'concluded' })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Расторгнуть' }));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Расторгнуть' });
    expect(confirm).toHaveProperty('disabled', true);
    await userEvent.type(
      within(dialog).getByLabelText(/Основание расторжения/),
      'Соглашение сторон от 01.06.2026',
    );
    expect(confirm).toHaveProperty('disabled', false);
    await userEvent.click(confirm);
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const body = calls.find((c) => c.method === 'POST')?.body as Record<string, unknown>;
    expect(body.status).toBe('terminated');
    expect(body.reason).toBe('Соглашение сторон от 01.06.2026');
    expect(body.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('concluding a draft asks for confirmation and sends no date', async () => {
    renderApp(
      <StatusActions
        companyId={1}
        contract={contract({ status: 'draft', allowed_transitions: ['concluded', 'cancelled'] })}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Заключить' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/3 рабочих дня/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Заключить' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ status: 'concluded', reason: null });
  });
});
