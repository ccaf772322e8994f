import { addDays, addMonths } from './iso-date.js';
import type { ProductionCalendar } from './production-calendar.js';

/**
 * Deadline arithmetic on the production calendar: how a law's period turns an event date into a
 * due date, and how a due date stands today. The rules that say which period a duty has are in
 * modules/law (`deadline-rules.ts`); the duties stored per contract, procurement, rule or
 * plan are in their modules.
 */

/** How a due date follows from the event date. */
export type DeadlinePeriod =
  /** n-th working day after the event (production calendar). */
  | { kind: 'working-days'; days: number }
  /** event + n calendar days. */
  | { kind: 'calendar-days'; days: number }
  /** The given day of the month `monthOffset` months after the event's month ("by the 10th of the next month"). */
  | { kind: 'day-of-month'; monthOffset: number; day: number }
  /** A fixed date in the event's year + `yearOffset` ("by 1 February of the next year"). */
  | { kind: 'fixed-date'; yearOffset: number; month: number; day: number };

export type DueStatus = 'done' | 'done_late' | 'due' | 'due_soon' | 'overdue';

/** Applies a period to an event date on the production calendar. */
export function applyPeriod(
  period: DeadlinePeriod,
  eventDate: string,
  calendar: ProductionCalendar,
  moveToWorkingDay: boolean,
): string {
  const move = (iso: string) => (moveToWorkingDay ? calendar.nextWorkingDay(iso) : iso);
  switch (period.kind) {
    case 'working-days':
      return calendar.addWorkingDays(eventDate, period.days);
    case 'calendar-days':
      return calendar.addCalendarDays(eventDate, period.days, { moveToWorkingDay });
    case 'day-of-month': {
      const month = addMonths(`${eventDate.slice(0, 7)}-01`, period.monthOffset);
      return move(`${month.slice(0, 8)}${String(period.day).padStart(2, '0')}`);
    }
    case 'fixed-date': {
      const year = Number(eventDate.slice(0, 4)) + period.yearOffset;
      return move(`${year}-${String(period.month).padStart(2, '0')}-${String(period.day).padStart(2, '0')}`);
    }
  }
}

/**
 * A duty's status today: done in time or late, overdue, or open — «срок истекает» (due_soon) when
 * at most `dueSoonWorkingDays` working days are left.
 */
export function statusOf(
  dueDate: string,
  doneDate: string | null,
  today: string,
  calendar: ProductionCalendar,
  dueSoonWorkingDays: number,
): DueStatus {
  if (doneDate) return doneDate <= dueDate ? 'done' : 'done_late';
  if (today > dueDate) return 'overdue';
  return calendar.workingDaysBetween(today, dueDate) <= dueSoonWorkingDays ? 'due_soon' : 'due';
}

/**
 * The last date an open duty may fall on to count as «срок истекает» today: due dates from today
 * up to this one (inclusive) are due soon, earlier ones overdue.
 */
export function dueSoonUntil(
  today: string,
  calendar: ProductionCalendar,
  dueSoonWorkingDays: number,
): string {
  // workingDaysBetween(today, d) <= n  <=>  d < the (n+1)-th working day after today
  return addDays(calendar.addWorkingDays(today, dueSoonWorkingDays + 1), -1);
}

/** «3 рабочих дней», «10 дней», «1 рабочего дня» — a period in the genitive, after «позже». */
export function periodGenitive(period: DeadlinePeriod): string {
  if (period.kind !== 'working-days' && period.kind !== 'calendar-days') return 'установленного срока';
  const n = period.days;
  const one = n % 10 === 1 && n % 100 !== 11;
  const working = period.kind === 'working-days';
  if (one) return `${n} ${working ? 'рабочего дня' : 'дня'}`;
  return `${n} ${working ? 'рабочих дней' : 'дней'}`;
}

/** «10 дней», «3 рабочих дня», «1 день» — after «через». */
export function periodAccusative(period: DeadlinePeriod): string {
  if (period.kind !== 'working-days' && period.kind !== 'calendar-days') return 'установленный срок';
  const n = period.days;
  const [one, few, many] =
    period.kind === 'working-days'
      ? ['рабочий день', 'рабочих дня', 'рабочих дней']
      : ['день', 'дня', 'дней'];
  const last = n % 10;
  const lastTwo = n % 100;
  if (last === 1 && lastTwo !== 11) return `${n} ${one}`;
  if (last >= 2 && last <= 4 && (lastTwo < 12 || lastTwo > 14)) return `${n} ${few}`;
  return `${n} ${many}`;
}
