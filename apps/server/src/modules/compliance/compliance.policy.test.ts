import { describe, expect, it } from 'vitest';
import { productionCalendar } from '../calendar/production-calendar.js';
import { digestLetter, reminderStage, shown, stageText, windowOf } from './compliance.policy.js';

const calendar = productionCalendar();

describe('the window of the calendar', () => {
  it.each([
    ['2026-11-28', undefined, undefined, { from: '2026-10-01', to: '2027-01-31' }],
    ['2026-11-28', '2026-02', '2026-02', { from: '2026-02-01', to: '2026-02-28' }],
    ['2026-11-28', '2026-05', '2026-03', { from: '2026-03-01', to: '2026-05-31' }],
  ])('today %s, from %s to %s', (today, from, to, window) => {
    expect(windowOf(today, from, to)).toEqual(window);
  });

  const w = { from: '2026-11-01', to: '2026-11-30' };
  it.each([
    [{ due_date: '2026-03-10', done_on: null, state: 'overdue' as const }, true],
    [{ due_date: '2026-03-10', done_on: '2026-03-09', state: 'done' as const }, false],
    [{ due_date: '2026-10-10', done_on: '2026-11-02', state: 'done_late' as const }, true],
    [{ due_date: '2026-12-10', done_on: null, state: 'due' as const }, false],
    [{ due_date: '2026-11-10', done_on: '2026-11-09', state: 'done' as const }, true],
  ])('shows %o: %s', (d, yes) => {
    expect(shown(d, w)).toBe(yes);
  });
});

describe('the reminder a duty owes', () => {
  const offsets = [5, 2, 1];
  it.each([
    // 01.12.2026 (Tue) is 5 working days after 24.11.2026 (Tue)
    ['2026-11-24', '2026-12-01', 'before_5'],
    ['2026-11-23', '2026-12-01', null],
    // a missed day catches up with the current stage only: 4 working days left is still «5»
    ['2026-11-25', '2026-12-01', 'before_5'],
    ['2026-11-27', '2026-12-01', 'before_2'],
    // over a weekend: Friday 27.11 -> Monday 30.11 is one working day
    ['2026-11-27', '2026-11-30', 'before_1'],
    ['2026-12-01', '2026-12-01', 'due_today'],
    ['2026-12-02', '2026-12-01', 'overdue'],
    // the New Year holidays: 31.12.2026 -> 11.01.2027 is one working day
    ['2026-12-31', '2027-01-11', 'before_1'],
  ])('today %s, due %s: %s', (today, due, stage) => {
    expect(reminderStage(today, due, offsets, calendar)).toBe(stage);
  });

  it('says why in the letter, and why the user gets it at all', () => {
    expect(stageText('before_2', '2026-12-01', 2)).toBe('до срока 01.12.2026 осталось 2 рабочих дня');
    expect(stageText('before_5', '2026-12-01', 5)).toBe('до срока 01.12.2026 осталось 5 рабочих дней');
    expect(stageText('before_1', '2026-12-01', 1)).toBe('до срока 01.12.2026 осталось 1 рабочий день');
    // the stage is the offset reached; the letter names the working days actually left
    expect(stageText('before_5', '2026-12-02', 3)).toBe('до срока 02.12.2026 осталось 3 рабочих дня');
    const letter = digestLetter(
      { title: 'Иванова Елена' },
      [
        {
          company: 'АО «Энергосеть»',
          title: 'Сведения о договоре',
          object: '15',
          stage: 'overdue',
          dueDate: '2026-11-20',
          daysLeft: 0,
        },
        {
          company: 'АО «Энергосеть»',
          title: 'Протокол',
          object: null,
          stage: 'due_today',
          dueDate: '2026-11-28',
          daysLeft: 0,
        },
        {
          company: 'АО «Энергосеть»',
          title: 'Итоговый протокол',
          object: 'З-1',
          stage: 'before_5',
          dueDate: '2026-12-02',
          daysLeft: 3,
        },
      ],
      '2026-11-28',
    );
    expect(letter.subject).toBe('Сроки 223-ФЗ на 28.11.2026: 3 обязанности, просрочено 1');
    expect(letter.body).toContain('потому что назначены ответственным');
    expect(letter.body).toContain('Почему напоминаем: срок 20.11.2026 истёк');
    expect(letter.body).toContain('Почему напоминаем: до срока 02.12.2026 осталось 3 рабочих дня');
    expect(letter.body).toContain('Отключить эти письма можно в профиле');
  });
});
