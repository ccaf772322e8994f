import { applyPeriod } from '../calendar/due-dates.policy.js';
import type { ProductionCalendar } from '../calendar/production-calendar.js';
import type { DeadlineConfig, DutyCode } from './deadline-rules.js';
import { ruleOn } from './law-rules.js';

/**
 * A duty's dates for an event: the rule in force on the event's date (law-rules.ts, the company's
 * configured rule when in force then) applied on the production calendar. Every module's deadline
 * goes through here; the day arithmetic itself is modules/calendar's.
 */
export function dutyDueDate(
  duty: DutyCode,
  eventDate: string,
  calendar: ProductionCalendar,
  config?: Pick<DeadlineConfig, 'rules'>,
): string {
  const rule = ruleOn(duty, eventDate, config);
  return applyPeriod(rule.period, eventDate, calendar, rule.moveToWorkingDay);
}

/** The first day of a duty's window (a contract is concluded not earlier than ...); null: no window. */
export function dutyEarliestDate(
  duty: DutyCode,
  eventDate: string,
  calendar: ProductionCalendar,
  config?: Pick<DeadlineConfig, 'rules'>,
): string | null {
  const rule = ruleOn(duty, eventDate, config);
  return rule.earliest ? applyPeriod(rule.earliest, eventDate, calendar, false) : null;
}
