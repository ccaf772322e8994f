import { monthName } from '@zakupki/shared';
import { applyPeriod, statusOf } from '../calendar/due-dates.policy.js';
import type { ProductionCalendar } from '../calendar/production-calendar.js';
import { type DueItem, toMoscowDate } from './deadline-core.js';
import type { DeadlineConfig, DeadlineRule, DutyCode } from './deadline-rules.js';
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

/** What a due item is computed against: the calendar, today, the company's settings. */
export type DutyContext = {
  calendar: ProductionCalendar;
  today: string;
  config: Pick<DeadlineConfig, 'rules' | 'dueSoonWorkingDays'>;
};

/**
 * The duty an event brings, with its state today, under the rule in force on the event's date
 * (ruleOn). `name` titles it from that rule (default: the rule's own title). Dates may be
 * timestamps: they are read as Moscow dates.
 */
export function dutyDue(
  duty: DutyCode,
  eventDate: string,
  doneDate: string | null,
  context: DutyContext,
  name: (rule: DeadlineRule) => string = (rule) => rule.title,
): DueItem {
  const event = toMoscowDate(eventDate);
  const rule = ruleOn(duty, event, context.config);
  const done = doneDate ? toMoscowDate(doneDate) : null;
  const dueDate = applyPeriod(rule.period, event, context.calendar, rule.moveToWorkingDay);
  return {
    duty: rule.duty,
    title: name(rule),
    eventDate: event,
    dueDate,
    doneDate: done,
    status: statusOf(
      dueDate,
      done,
      toMoscowDate(context.today),
      context.calendar,
      context.config.dueSoonWorkingDays,
    ),
    reference: rule.reference,
    unconfirmed: rule.unconfirmed,
    coverage: context.calendar.coverageBetween(event, dueDate),
  };
}

/** The monthly report on contracts for `month` (1-12) of `year`: by the 10th of the next month. */
export function monthlyReportDue(
  year: number,
  month: number,
  submittedAt: string | null,
  context: DutyContext,
): DueItem {
  const event = `${year}-${String(month).padStart(2, '0')}-01`;
  return dutyDue(
    'monthly_report',
    event,
    submittedAt,
    context,
    (rule) => `${rule.title} за ${monthName(month)} ${year} г.`,
  );
}

/** The annual report on purchases from SMEs for `year`: by 1 February of the next year. */
export function smeReportDue(year: number, submittedAt: string | null, context: DutyContext): DueItem {
  return dutyDue(
    'sme_annual_report',
    `${year}-01-01`,
    submittedAt,
    context,
    (rule) => `${rule.title} за ${year} г.`,
  );
}

/** The plan for `planYear`, placed by the end of the year before. */
export function planYearDue(planYear: number, placedAt: string | null, context: DutyContext): DueItem {
  return dutyDue(
    'plan_next_year',
    `${planYear - 1}-01-01`,
    placedAt,
    context,
    (rule) => `${rule.title} (${planYear} г.)`,
  );
}
