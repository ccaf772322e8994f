import { describe, expect, it } from 'vitest';
import { applyPeriod, dueSoonUntil, periodAccusative, periodGenitive, statusOf } from './due-dates.policy.js';
import { createRuCalendar } from './production-calendar.js';

const calendar = createRuCalendar();

describe('due dates on the production calendar', () => {
  it('applies a law period to an event date', () => {
    // 27.04.2024 is a working Saturday; 29.04–01.05 and 09.05–12.05 are days off
    expect(applyPeriod({ kind: 'working-days', days: 3 }, '2024-04-26', calendar, true)).toBe('2024-05-03');
    expect(applyPeriod({ kind: 'calendar-days', days: 14 }, '2024-04-26', calendar, true)).toBe('2024-05-13');
    expect(applyPeriod({ kind: 'calendar-days', days: 14 }, '2024-04-26', calendar, false)).toBe(
      '2024-05-10',
    );
    expect(applyPeriod({ kind: 'day-of-month', monthOffset: 1, day: 10 }, '2024-04-15', calendar, true)).toBe(
      '2024-05-13',
    );
    const nextFebruary = { kind: 'fixed-date', yearOffset: 1, month: 2, day: 1 } as const;
    expect(applyPeriod(nextFebruary, '2024-03-01', calendar, true)).toBe('2025-02-03');
    expect(applyPeriod(nextFebruary, '2024-03-01', calendar, false)).toBe('2025-02-01');
  });

  it('a due date today: due soon within the working days, overdue after, done in time or late', () => {
    expect(statusOf('2024-05-07', null, '2024-05-03', calendar, 2)).toBe('due_soon');
    expect(statusOf('2024-05-08', null, '2024-05-03', calendar, 2)).toBe('due');
    expect(statusOf('2024-05-02', null, '2024-05-03', calendar, 2)).toBe('overdue');
    expect(statusOf('2024-05-07', '2024-05-07', '2024-05-20', calendar, 2)).toBe('done');
    expect(statusOf('2024-05-07', '2024-05-08', '2024-05-20', calendar, 2)).toBe('done_late');
    // the last due date still «срок истекает»: the day before the third working day
    expect(dueSoonUntil('2024-05-03', calendar, 2)).toBe('2024-05-07');
    expect(dueSoonUntil('2024-05-08', calendar, 2)).toBe('2024-05-14');
  });

  it('Russian period wording', () => {
    expect(periodGenitive({ kind: 'working-days', days: 3 })).toBe('3 рабочих дней');
    expect(periodGenitive({ kind: 'working-days', days: 1 })).toBe('1 рабочего дня');
    expect(periodGenitive({ kind: 'calendar-days', days: 21 })).toBe('21 дня');
    expect(periodAccusative({ kind: 'calendar-days', days: 10 })).toBe('10 дней');
    expect(periodAccusative({ kind: 'working-days', days: 3 })).toBe('3 рабочих дня');
    expect(periodAccusative({ kind: 'calendar-days', days: 21 })).toBe('21 день');
    expect(periodAccusative({ kind: 'calendar-days', days: 12 })).toBe('12 дней');
  });
});
