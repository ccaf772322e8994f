import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
import {
  FilteredPagedTable,
  type FilterOption,
  type PagedFilter,
  usePagedFilter,
} from './filtered-paged-table';

type Filter = 'open' | 'closed' | 'all';
const FILTERS: FilterOption<Filter>[] = [
  { value: 'open', label: 'Открытые' },
  { value: 'closed', label: 'Закрытые' },
  { value: 'all', label: 'Все' },
];
type Row = { id: number; title: string };

/** The list the server would give: 25 rows of the filter, 10 a page. */
function List({ seen }: { seen: PagedFilter<Filter>[] }) {
  const state = usePagedFilter<Filter>('open');
  seen.push(state);
  const items = Array.from({ length: 10 }, (_, i) => ({
    id: i + 1,
    title: `${state.status ?? 'любая'} ${(state.page - 1) * 10 + i + 1}`,
  }));
  return (
    <FilteredPagedTable<Row, Filter>
      filterLabel="Какие строки показать"
      filters={FILTERS}
      state={state}
      list={{ data: { items, total: 25 }, isFetching: false }}
      aria-label="Строки"
      limit={10}
      emptyText="Строк нет"
      columns={[{ accessor: 'title', title: 'Строка' }]}
    />
  );
}

describe('FilteredPagedTable', () => {
  it('pages the chosen state; another state starts again on the first page; «Все» sends none', async () => {
    const seen: PagedFilter<Filter>[] = [];
    renderApp(<List seen={seen} />);
    const table = screen.getByRole('table', { name: 'Строки' });
    expect(within(table).getByText('open 1')).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: 'Какие строки показать' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Следующая страница' }));
    expect(seen.at(-1)).toMatchObject({ filter: 'open', status: 'open', page: 2 });
    expect(within(table).getByText('open 11')).toBeTruthy();

    await userEvent.click(screen.getByRole('radio', { name: 'Закрытые' }));
    expect(seen.at(-1)).toMatchObject({ filter: 'closed', status: 'closed', page: 1 });

    await userEvent.click(screen.getByRole('radio', { name: 'Все' }));
    expect(seen.at(-1)).toMatchObject({ filter: 'all', status: undefined, page: 1 });
    expect(within(table).getByText('любая 1')).toBeTruthy();
  });
});
