import { moscowDay } from '../../lib/moscow-time.js';
import type { CalendarCoverage } from '../calendar/calendar.types.js';
import { addMonths, toDayNumber } from '../calendar/iso-date.js';
import type { ProductionCalendar } from '../calendar/production-calendar.js';
import type { DeadlinePeriod, DeadlineRule, DutyCode } from './deadline-rules.js';

export type DueStatus = 'done' | 'done_late' | 'due' | 'due_soon' | 'overdue';

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
