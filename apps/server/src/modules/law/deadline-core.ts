import { moscowDay } from '../../lib/moscow-time.js';
import type { CalendarCoverage } from '../calendar/calendar.types.js';
import { applyPeriod, type DueStatus, statusOf } from '../calendar/due-dates.policy.js';
import { toDayNumber } from '../calendar/iso-date.js';
import type { ProductionCalendar } from '../calendar/production-calendar.js';
import type { DeadlineConfig, DeadlineRule, DutyCode } from './deadline-rules.js';
import { ruleOn } from './law-rules.js';

export type DueItem = {
  duty: DutyCode;
  /** Russian, e.g. «Сведения об изменении договора от 05.04.2024 в реестре договоров». */
  title: string;
  /** The date the period runs from (conclusion, change, payment, end of the reporting month...). */
  eventDate: string;
  dueDate: string;
  doneDate: string | null;
  status: DueStatus;
  /** e.g. 'ч. 2 ст. 4.1 223-ФЗ'. */
  reference: string;
  /** The rule is a configurable default marked "(check)" in docs/domain.md. */
  unconfirmed: boolean;
  /** 'weekends-only' when the calendar does not know a year the period crosses. */
  coverage: CalendarCoverage;
};

/**
 * A date from the outside world as an ISO date in Moscow time: '2024-03-12' stays as it is,
 * a timestamp ('2024-03-11T22:30:00Z') becomes the Moscow date (UTC+3, no DST since 2014).
 */
export function toMoscowDate(value: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    toDayNumber(value);
    return value;
  }
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new RangeError(`Invalid date: ${value}`);
  return moscowDay(new Date(ms));
}

/**
 * Builds one due item for an event under a duty's rule: the given (configured) rule when it is in
 * force on the event's date, else the table's row in force then (law-rules.ts).
 */
export function dueItem(
  configured: DeadlineRule,
  title: string,
  eventDate: string,
  doneDate: string | null,
  context: { calendar: ProductionCalendar; today: string; dueSoonWorkingDays: number },
): DueItem {
  const event = toMoscowDate(eventDate);
  const rule = ruleOn(configured.duty, event, {
    rules: { [configured.duty]: configured } as DeadlineConfig['rules'],
  });
  const done = doneDate ? toMoscowDate(doneDate) : null;
  const dueDate = applyPeriod(rule.period, event, context.calendar, rule.moveToWorkingDay);
  return {
    duty: rule.duty,
    title,
    eventDate: event,
    dueDate,
    doneDate: done,
    status: statusOf(
      dueDate,
      done,
      toMoscowDate(context.today),
      context.calendar,
      context.dueSoonWorkingDays,
    ),
    reference: rule.reference,
    unconfirmed: rule.unconfirmed,
    coverage: context.calendar.coverageBetween(event, dueDate),
  };
}

export { formatRub, priceToKopecks } from './law-money.js';
