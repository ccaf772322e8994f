import { screen } from '@testing-library/react';
import { type EisConfirmation, eisSyncRoutes } from '@zakupki/shared/api/eis-sync';
import { describe, expect, it } from 'vitest';
import { useEisConfirmations } from '../../lib/eis-confirmation-queries';
import { renderApp } from '../../test/render';
import { stubRoute } from '../../test/stub-api';
import { EisConfirmationBadge } from './eis-confirmation-badge';

const mark = (over: Partial<EisConfirmation> = {}): EisConfirmation => ({
  entity: 'contract',
  entity_id: 1,
  registration_number: '50031234582600001010000',
  status: 'confirmed',
  confirmed_on: '2026-11-20',
  checked_at: '2026-11-27T21:30:00.000Z',
  ...over,
});

describe('EisConfirmationBadge', () => {
  it('confirmed: «подтверждено в ЕИС» with the day', () => {
    renderApp(<EisConfirmationBadge mark={mark()} />);
    expect(screen.getByText('подтверждено в ЕИС')).toBeTruthy();
    expect(screen.getByText('20.11.2026')).toBeTruthy();
  });

  it('not found after the grace period: «не найдено в ЕИС» with the day of the check (Moscow)', () => {
    renderApp(<EisConfirmationBadge mark={mark({ status: 'not_found', confirmed_on: null })} />);
    expect(screen.getByText('не найдено в ЕИС')).toBeTruthy();
    expect(screen.getByText('проверено 28.11.2026')).toBeTruthy();
  });

  it('pending or never checked: nothing', () => {
    renderApp(
      <div data-testid="marks">
        <EisConfirmationBadge mark={mark({ status: 'pending', confirmed_on: null })} />
        <EisConfirmationBadge mark={undefined} />
      </div>,
    );
    expect(screen.getByTestId('marks').textContent).toBe('');
  });
});

function Marks({ ids }: { ids: number[] }) {
  const marks = useEisConfirmations(1, 'procurement', ids);
  return (
    <ul>
      {[...new Set(ids)].map((id) => (
        <li key={id}>
          {id}: <EisConfirmationBadge mark={marks.get(id)} />
        </li>
      ))}
    </ul>
  );
}

describe('useEisConfirmations', () => {
  it('asks once for the rows shown and answers by id', async () => {
    const route = stubRoute(eisSyncRoutes.confirmations, {
      items: [mark({ entity: 'procurement', entity_id: 7 })],
    });
    renderApp(<Marks ids={[7, 3, 7]} />);
    expect(await screen.findByText('подтверждено в ЕИС')).toBeTruthy();
    expect(route.calls).toHaveLength(1);
    expect(route.calls[0]?.query.get('entity')).toBe('procurement');
    expect(route.calls[0]?.query.getAll('ids')).toEqual(['7', '3']);
  });

  it('asks nothing when no row is shown', async () => {
    const route = stubRoute(eisSyncRoutes.confirmations, { items: [] });
    renderApp(<Marks ids={[]} />);
    await new Promise((r) => setTimeout(r, 50));
    expect(route.calls).toHaveLength(0);
  });
});
