import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render';
import { RegisterTable, registerTableData } from './register-table';
import { ExportXlsxButton, RegisterToolbar } from './register-toolbar';

describe('RegisterToolbar', () => {
  it('shows the count, the switches and the buttons', async () => {
    const onClick = vi.fn();
    renderApp(
      <RegisterToolbar found="Найдено закупок: 3" switches={<span>переключатели</span>}>
        <ExportXlsxButton onClick={onClick} loading={false} />
      </RegisterToolbar>,
    );
    expect(screen.getByText('Найдено закупок: 3')).toBeTruthy();
    expect(screen.getByText('переключатели')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Выгрузить в Excel' }));
    expect(onClick).toHaveBeenCalled();
  });
});

describe('RegisterTable', () => {
  it('a sortable header asks for the sort, a row opens its card', async () => {
    const onSort = vi.fn();
    const onOpen = vi.fn();
    renderApp(
      <RegisterTable<{ id: number; name: string }, 'name'>
        aria-label="Реестр"
        emptyText="Пусто"
        columns={[{ accessor: 'name', title: 'Имя', sortable: true }]}
        records={[{ id: 7, name: 'Кабель' }]}
        total={1}
        view={{ sort: 'name', order: 'desc', page: 1, limit: 10 }}
        fetching={false}
        onPage={() => {}}
        onLimit={() => {}}
        onSort={onSort}
        onOpen={onOpen}
      />,
    );
    await userEvent.click(screen.getByText('Кабель'));
    expect(onOpen).toHaveBeenCalledWith(7);
    await userEvent.click(screen.getByText('Имя'));
    expect(onSort).toHaveBeenCalledWith('name', 'asc');
  });
});

describe('registerTableData', () => {
  it('rows of the answer and the handlers as URL changes', () => {
    const change = vi.fn();
    const d = registerTableData(
      { items: [{ id: 1 }], total: 31 },
      true,
      { sort: 'date', order: 'desc', page: 2, limit: 10 },
      change,
    );
    expect(d).toMatchObject({ records: [{ id: 1 }], total: 31, fetching: true, view: { page: 2 } });
    d.onSort('date', 'asc');
    d.onPage(3);
    expect(change.mock.calls).toEqual([[{ sort: 'date', order: 'asc' }], [{ page: 3 }]]);
    expect(registerTableData(undefined, false, d.view, change)).toMatchObject({ records: [], total: 0 });
  });
});
