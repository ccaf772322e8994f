import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type EisSyncOverview, eisSyncRoutes } from '@zakupki/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { selectedCompanyStore } from '../../../lib/company';
import { loginAs, renderApp } from '../../../test/render';
import { apiCalls, type RecordedCall, reply, stubRoute } from '../../../test/stub-api';
import { EisSyncPanel } from './eis-sync-panel';

vi.mock('socket.io-client', async () => ({ io: (await import('../../../test/socket-mock')).ioMock }));

const overview = (o: Partial<EisSyncOverview> = {}): EisSyncOverview => ({
  company_id: 1,
  token_set: true,
  regions: ['Moskva'],
  state: 'blocked',
  state_message: 'токен заблокирован в ЕИС (код 34): Организация с токеном заблокирована',
  checked_at: '2026-11-28T00:30:00.000Z',
  blocked_at: '2026-11-28T00:30:00.000Z',
  runs: [
    {
      id: 7,
      trigger: 'nightly',
      status: 'warning',
      outcome: 'notReady',
      day: '2026-11-27',
      progress: 100,
      counts: { new: 3, updated: 1, unchanged: 5, skipped: 2, failed: 1 },
      errors: [
        {
          step: 'Moskva contract 2026-11-27',
          outcome: 'notReady',
          message: 'архив в ЕИС ещё не сформирован',
        },
      ],
      created_at: '2026-11-28T00:30:00.000Z',
      finished_at: '2026-11-28T00:31:00.000Z',
    },
  ],
  ...o,
});

let calls: RecordedCall[];
beforeEach(() => {
  loginAs('client');
  selectedCompanyStore.set({ id: 1, title: 'АО «Энергосеть»' });
  calls = apiCalls();
  stubRoute(eisSyncRoutes.overview, () => overview());
  stubRoute(eisSyncRoutes.run, reply(202, { run_id: 8 }));
});

describe('the EIS connector panel', { timeout: 20_000 }, () => {
  it('shows the code 34 alarm, the state and the last run with its counts and errors in Russian', async () => {
    renderApp(<EisSyncPanel companyId={1} />);
    expect(await screen.findByText('Токен ЕИС заблокирован')).toBeTruthy();
    expect(screen.getByText(/Состояние подключения: токен заблокирован/)).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Синхронизации с ЕИС' });
    expect(table.textContent).toContain('с ошибками: архив в ЕИС ещё не сформирован');
    expect(table.textContent).toContain('архив в ЕИС ещё не сформирован');
    const cells = [...table.querySelectorAll('tbody td')].map((c) => c.textContent);
    expect(cells.slice(2, 7)).toEqual(['3', '1', '5', '2', '1']);
  });

  it('«Синхронизировать сейчас» queues a run', async () => {
    renderApp(<EisSyncPanel companyId={1} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Синхронизировать сейчас' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/api/companies/1/eis_sync/runs'))).toBe(
        true,
      ),
    );
  });
});
