import { describe, expect, it } from 'vitest';
import {
  DEADLINE_VIEW,
  daysWord,
  dueText,
  isOpenDuty,
  openDueText,
  PLACEMENT_DUTY_VIEW,
  stateViews,
} from './duties';

describe('duties', () => {
  it.each([
    [1, 'день'],
    [3, 'дня'],
    [5, 'дней'],
    [11, 'дней'],
    [21, 'день'],
    [-2, 'дня'],
  ])('daysWord(%i) = %s', (n, w) => expect(daysWord(n)).toBe(w));

  it.each([
    [{ days_left: -5, working_days_left: null, status: 'overdue' }, 'просрочено на 5 дней'],
    [{ days_left: 0, working_days_left: 0, status: 'due_soon' }, 'срок сегодня'],
    [{ days_left: 3, working_days_left: 2, status: 'due_soon' }, 'осталось 2 рабочих дня'],
    [{ days_left: 3, working_days_left: 1, status: 'due_soon' }, 'осталось 1 рабочий день'],
    [{ days_left: 9, working_days_left: 7, status: 'due' }, 'осталось 7 рабочих дней'],
    [{ days_left: 21, working_days_left: null, status: 'due' }, 'осталось 21 день'],
  ])('dueText(%o) = %s', (d, text) => expect(dueText(d)).toBe(text));

  it('only an open duty is worded', () => {
    expect(isOpenDuty('due_soon')).toBe(true);
    expect(isOpenDuty('done_late')).toBe(false);
    expect(openDueText({ days_left: -1, working_days_left: null, status: 'done_late' })).toBeNull();
    expect(openDueText({ days_left: -1, working_days_left: null, status: 'overdue' })).toBe(
      'просрочено на 1 день',
    );
  });

  it('state views join the titles with the colours', () => {
    expect(stateViews({ a: 'А', b: 'Б' }, { a: 'red', b: 'blue' })).toEqual({
      a: { label: 'А', color: 'red' },
      b: { label: 'Б', color: 'blue' },
    });
    expect(DEADLINE_VIEW.overdue).toEqual({ label: 'Просрочено', color: 'red' });
    expect(PLACEMENT_DUTY_VIEW.done_late.label).toBe('Размещено с опозданием');
  });
});
