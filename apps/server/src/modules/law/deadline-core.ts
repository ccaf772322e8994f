import { moscowDay } from '../../lib/moscow-time.js';
import type { CalendarCoverage } from '../calendar/calendar.types.js';
import { applyPeriod, type DueStatus, statusOf } from '../calendar/due-dates.policy.js';
import { toDayNumber } from '../calendar/iso-date.js';
import type { ProductionCalendar } from '../calendar/production-calendar.js';
import type { DeadlineRule, DutyCode } from './deadline-rules.js';

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

/** Builds one due item for an event under a rule. */
export function dueItem(
  rule: DeadlineRule,
  title: string,
  eventDate: string,
  doneDate: string | null,
  context: { calendar: ProductionCalendar; today: string; dueSoonWorkingDays: number },
): DueItem {
  const event = toMoscowDate(eventDate);
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

/** Decimal string ('100000', '99 999,99', '100000.00') -> kopecks. */
export function priceToKopecks(price: string): bigint {
  const compact = price.replace(/[\s\u00a0]/g, '').replace(',', '.');
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(compact);
  if (!m) throw new RangeError(`Invalid price: ${price}`);
  return BigInt(m[1]) * 100n + BigInt((m[2] ?? '0').padEnd(2, '0'));
}

/** '100000.00' -> '100 000,00 ₽'. */
export function formatRub(price: string): string {
  const kopecks = priceToKopecks(price);
  const whole = (kopecks / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${whole},${(kopecks % 100n).toString().padStart(2, '0')} ₽`;
}
