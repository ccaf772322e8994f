import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render';
import { type ListColumn, type ListPaging, ListTable } from './list-table';

type Row = { id: number; name: string; sum: string };
const COLUMNS: ListColumn<Row>[] = [
  { key: 'name', title: 'Наименование', render: (r) => r.name },
  { key: 'sum', title: 'Сумма', align: 'right', nowrap: true, render: (r) => r.sum },
  { key: 'no', render: (_, i) => `строка ${i + 1}` },
];

const show = (
  records: Row[] | undefined,
  extra: { failed?: boolean; emptyText?: string; paging?: ListPaging } = {},
) => renderApp(<ListTable aria-label="Список" columns={COLUMNS} records={records} {...extra} />);

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Список' }))
    .getAllByRole('row')
    .slice(1);

describe('ListTable', () => {
  it('a header cell a column and a row a record', () => {
    show([
      { id: 1, name: 'Кабель', sum: '1 000,00 ₽' },
      { id: 2, name: 'Муфта', sum: '50,00 ₽' },
    ]);
    const table = screen.getByRole('table', { name: 'Список' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Наименование', 'Сумма', '']);
    const rows = bodyRows();
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Кабель', '1 000,00 ₽', 'строка 1'],
      ['Муфта', '50,00 ₽', 'строка 2'],
    ]);
    expect(within(rows[0]).getAllByRole('cell')[1].style.whiteSpace).toBe('nowrap');
  });

  it('«Загрузка…» until the list comes, then the empty text across all columns', () => {
    const { unmount } = show(undefined, { emptyText: 'Записей нет' });
    const cell = within(bodyRows()[0]).getByRole('cell');
    expect(cell.textContent).toBe('Загрузка…');
    expect(cell.getAttribute('colspan')).toBe('3');
    unmount();
    show([], { emptyText: 'Записей нет' });
    expect(within(bodyRows()[0]).getByRole('cell').textContent).toBe('Записей нет');
  });

  it('a failed load says so instead of loading forever', () => {
    show(undefined, { failed: true, emptyText: 'Записей нет' });
    expect(within(bodyRows()[0]).getByRole('cell').textContent).toBe('Не удалось загрузить данные');
  });

  it('an empty list without an empty text has an empty body', () => {
    show([]);
    expect(bodyRows()).toEqual([]);
  });

  it('paging appears from two pages on, with named controls', async () => {
    const onPageChange = vi.fn();
    const rows = [{ id: 1, name: 'Кабель', sum: '1,00 ₽' }];
    const { unmount } = show(rows, { paging: { page: 1, total: 10, limit: 10, onPageChange } });
    expect(screen.queryByRole('button', { name: 'Следующая страница' })).toBeNull();
    unmount();
    show(rows, { paging: { page: 1, total: 25, limit: 10, onPageChange } });
    await userEvent.click(screen.getByRole('button', { name: 'Следующая страница' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
    await userEvent.click(screen.getByRole('button', { name: '3' }));
    expect(onPageChange).toHaveBeenCalledWith(3);
  });
});
