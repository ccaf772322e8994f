import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
import { historyColumns } from './history-columns';
import { ListTable } from './list-table';

type Change = { id: number; at: string; by: { title: string } | null; fields: string };

describe('historyColumns', () => {
  it('when, who (or «Система») and what changed', () => {
    renderApp(
      <ListTable<Change>
        aria-label="История"
        columns={[
          historyColumns.when((c) => c.at),
          historyColumns.who((c) => c.by),
          historyColumns.changed((c) => c.fields),
        ]}
        records={[
          { id: 1, at: '2026-03-02T09:30:00Z', by: { title: 'Иванов И. И.' }, fields: 'цена' },
          { id: 2, at: '2026-03-03T09:30:00Z', by: null, fields: 'статус' },
        ]}
      />,
    );
    expect(screen.getByText('Когда')).toBeTruthy();
    expect(screen.getByText('Иванов И. И.')).toBeTruthy();
    expect(screen.getByText('Система')).toBeTruthy();
    expect(screen.getByText('цена')).toBeTruthy();
    expect(screen.getByText(/02\.03\.2026/)).toBeTruthy();
  });
});
