import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PLACEMENT_DUTY_VIEW } from '../../lib/duties';
import { renderApp } from '../../test/render';
import { ViewBadge } from '../badges/view-badge';
import { DeadlineCounts } from './deadline-counts';
import { DeadlineList } from './deadline-list';
import { DeadlineWidget } from './deadline-widget';
import { DutyBadge } from './duty-badge';
import { NearestDeadline } from './nearest-deadline';

const duty = (status: string, done_on: string | null = null) => ({
  id: status,
  title: `Обязанность ${status}`,
  base_date: '2026-03-02',
  due_date: '2026-03-05',
  status,
  done_on,
});

describe('DeadlineList', () => {
  it('a row per duty: name, note, dates, state and the extra cell', () => {
    renderApp(
      <DeadlineList
        aria-label="Сроки"
        duties={[duty('overdue'), duty('done', '2026-03-04')]}
        rowKey={(d) => d.id}
        view={PLACEMENT_DUTY_VIEW}
        doneTitle="Размещено"
        note={() => 'ч. 2 ст. 4'}
        stateNote={(d) => (d.status === 'overdue' ? 'просрочено на 1 день' : null)}
        action={(d) => (d.status === 'overdue' ? <button type="button">Отметить</button> : null)}
      />,
    );
    const rows = within(screen.getByRole('table', { name: 'Сроки' })).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[0]?.textContent).toContain('Размещено');
    expect(rows[1]?.textContent).toContain('Обязанность overdue');
    expect(rows[1]?.textContent).toContain('ч. 2 ст. 4');
    expect(rows[1]?.textContent).toContain('05.03.2026');
    expect(rows[1]?.textContent).toContain('Просрочено');
    expect(rows[1]?.textContent).toContain('просрочено на 1 день');
    expect(within(rows[1] as HTMLElement).getByRole('button', { name: 'Отметить' })).toBeTruthy();
    expect(rows[2]?.textContent).toContain('Размещено в срок');
    expect(rows[2]?.textContent).toContain('04.03.2026');
  });

  it('no duties: the empty text, or nothing', () => {
    const props = {
      'aria-label': 'Сроки',
      rowKey: () => 1,
      view: PLACEMENT_DUTY_VIEW,
      doneTitle: 'Выполнено',
    };
    const first = renderApp(<DeadlineList {...props} duties={[]} emptyText="Сроков нет" />);
    expect(screen.getByText('Сроков нет')).toBeTruthy();
    first.unmount();
    renderApp(<DeadlineList {...props} duties={[]} />);
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('badges', () => {
  it('a duty badge with its line; an unknown state as it is', () => {
    renderApp(
      <>
        <DutyBadge status="due_soon" view={PLACEMENT_DUTY_VIEW} note="осталось 2 рабочих дня" />
        <DutyBadge status="strange" view={PLACEMENT_DUTY_VIEW} />
        <ViewBadge view={{ a: { label: 'Проект', color: 'gray' } }} state="a" />
      </>,
    );
    expect(screen.getByText('Срок истекает')).toBeTruthy();
    expect(screen.getByText('осталось 2 рабочих дня')).toBeTruthy();
    expect(screen.getByText('strange')).toBeTruthy();
    expect(screen.getByText('Проект')).toBeTruthy();
  });

  it('the nearest deadline: a badge when due soon, quietly otherwise, a dash without one', () => {
    renderApp(
      <>
        <NearestDeadline deadline={duty('due_soon')} view={PLACEMENT_DUTY_VIEW} />
        <NearestDeadline deadline={{ ...duty('due'), due_date: '2026-04-01' }} view={PLACEMENT_DUTY_VIEW} />
        <NearestDeadline deadline={null} view={PLACEMENT_DUTY_VIEW} />
      </>,
    );
    expect(screen.getByText('Срок истекает: 05.03.2026')).toBeTruthy();
    expect(screen.getByText('до 01.04.2026')).toBeTruthy();
    expect(screen.getByText('—')).toBeTruthy();
  });

  it('counts of the widgets, «В срок» only when given', () => {
    renderApp(<DeadlineCounts counts={{ overdue: 2, due_soon: 1 }} />);
    expect(screen.getByText('Просрочено: 2')).toBeTruthy();
    expect(screen.getByText('Срок истекает: 1')).toBeTruthy();
    expect(screen.queryByText(/В срок/)).toBeNull();
  });
});

describe('DeadlineWidget', () => {
  const columns = [
    { title: 'Обязанность', cell: (d: ReturnType<typeof duty>) => d.title },
    { title: 'Срок', nowrap: true, cell: (d: ReturnType<typeof duty>) => d.due_date },
  ];
  const props = {
    loadingLabel: 'Загрузка сроков',
    'aria-label': 'Сроки',
    emptyText: 'Сроков нет',
    rowKey: (d: ReturnType<typeof duty>) => d.id,
    columns,
  };

  it('loads, then counts the duties and lists them with the given columns, head and foot', () => {
    const loading = renderApp(<DeadlineWidget {...props} pending data={undefined} />);
    // a named loader is a status (axe aria-prohibited-attr refuses a name on a bare span)
    expect(screen.getByRole('status', { name: 'Загрузка сроков' })).toBeTruthy();
    loading.unmount();
    renderApp(
      <DeadlineWidget
        {...props}
        pending={false}
        data={{ items: [duty('overdue')], counts: { overdue: 1, due_soon: 0 } }}
        head={<span>к реестру</span>}
        foot={<span>Показаны 1 из 3</span>}
      />,
    );
    const table = screen.getByRole('table', { name: 'Сроки' });
    expect(within(table).getByText('Обязанность overdue')).toBeTruthy();
    expect(within(table).getByText('2026-03-05')).toBeTruthy();
    expect(screen.getByText('Просрочено: 1')).toBeTruthy();
    expect(screen.getByText('к реестру')).toBeTruthy();
    expect(screen.getByText('Показаны 1 из 3')).toBeTruthy();
  });

  it('says when there is nothing due, and when the duties could not be loaded', () => {
    const empty = renderApp(
      <DeadlineWidget {...props} pending={false} data={{ items: [], counts: { overdue: 0, due_soon: 0 } }} />,
    );
    expect(screen.getByText('Сроков нет')).toBeTruthy();
    empty.unmount();
    renderApp(<DeadlineWidget {...props} pending={false} data={undefined} />);
    expect(screen.getByText('Сроки загрузить не удалось')).toBeTruthy();
  });
});
