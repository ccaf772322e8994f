import { moscowDay } from '../../lib/moscow-time.js';
import type { CalendarCoverage } from '../calendar/calendar.types.js';
import type { DueStatus } from '../calendar/due-dates.policy.js';
import { toDayNumber } from '../calendar/iso-date.js';
import type { DutyCode } from './deadline-rules.js';

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

export { formatRub, priceToKopecks } from './law-money.js';
