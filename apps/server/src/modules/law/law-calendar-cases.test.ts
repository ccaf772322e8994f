import { describe, expect, it } from 'vitest';
import { createRuCalendar } from '../calendar/production-calendar.js';
import type { DutyCode } from './deadline-rules.js';
import { dutyDueDate } from './law-due-dates.js';
import { earliestBidsDeadline, noticePeriod } from './law-notice-periods.policy.js';

/**
 * Item 5 of issue 24: every duty and notice period on real calendar cases of the shipped
 * production calendar (modules/calendar/data): over the New Year holidays (event 29.12.2025; 31.12.2025
 * and 01–11.01.2026 are off), the May holidays (30.04.2026), 4 November (event 03.11.2025, itself a
 * transferred day off), the working Saturday 01.11.2025 (event 31.10.2025) and a due date on a
 * Sunday (19.03.2026 + 3 days = Sunday 22.03.2026, moved to Monday).
 */
const calendar = createRuCalendar();
const EVENTS = {
  newYear: '2025-12-29',
  may: '2026-04-30',
  nov4: '2025-11-03',
  workSat: '2025-10-31',
  sunday: '2026-03-19',
};
const EXPECTED: Record<DutyCode, Record<keyof typeof EVENTS, string>> = {
  contract_register: {
    newYear: '2026-01-13',
    may: '2026-05-06',
    nov4: '2025-11-07',
    workSat: '2025-11-06',
    sunday: '2026-03-24',
  },
  contract_change: {
    newYear: '2026-01-12',
    may: '2026-05-12',
    nov4: '2025-11-13',
    workSat: '2025-11-10',
    sunday: '2026-03-30',
  },
  contract_execution: {
    newYear: '2026-01-12',
    may: '2026-05-12',
    nov4: '2025-11-13',
    workSat: '2025-11-10',
    sunday: '2026-03-30',
  },
  contract_conclusion: {
    newYear: '2026-01-19',
    may: '2026-05-20',
    nov4: '2025-11-24',
    workSat: '2025-11-20',
    sunday: '2026-04-08',
  },
  contract_register_44: {
    newYear: '2026-01-15',
    may: '2026-05-08',
    nov4: '2025-11-11',
    workSat: '2025-11-10',
    sunday: '2026-03-26',
  },
  contract_change_44: {
    newYear: '2026-01-15',
    may: '2026-05-08',
    nov4: '2025-11-11',
    workSat: '2025-11-10',
    sunday: '2026-03-26',
  },
  contract_execution_44: {
    newYear: '2026-01-15',
    may: '2026-05-08',
    nov4: '2025-11-11',
    workSat: '2025-11-10',
    sunday: '2026-03-26',
  },
  protocol_publish: {
    newYear: '2026-01-12',
    may: '2026-05-04',
    nov4: '2025-11-06',
    workSat: '2025-11-05',
    sunday: '2026-03-23',
  },
  rules_publish: {
    newYear: '2026-01-13',
    may: '2026-05-15',
    nov4: '2025-11-18',
    workSat: '2025-11-17',
    sunday: '2026-04-03',
  },
  plan_publish: {
    newYear: '2026-01-12',
    may: '2026-05-12',
    nov4: '2025-11-13',
    workSat: '2025-11-10',
    sunday: '2026-03-30',
  },
  plan_next_year: {
    newYear: '2026-01-12',
    may: '2027-01-11',
    nov4: '2026-01-12',
    workSat: '2026-01-12',
    sunday: '2027-01-11',
  },
  monthly_report: {
    newYear: '2026-01-12',
    may: '2026-05-12',
    nov4: '2025-12-10',
    workSat: '2025-11-10',
    sunday: '2026-04-10',
  },
  sme_annual_report: {
    newYear: '2026-02-02',
    may: '2027-02-01',
    nov4: '2026-02-02',
    workSat: '2026-02-02',
    sunday: '2027-02-01',
  },
};

describe('every duty on the calendar cases', () => {
  for (const [duty, cases] of Object.entries(EXPECTED) as [DutyCode, Record<keyof typeof EVENTS, string>][])
    it.each(Object.entries(cases))(`${duty}: %s`, (event, due) => {
      expect(dutyDueDate(duty, EVENTS[event as keyof typeof EVENTS], calendar)).toBe(due);
    });

  it('counts the working Saturday 01.11.2025 as a working day and 03–04.11.2025 as days off', () => {
    expect(dutyDueDate('contract_register', '2025-10-31', calendar)).toBe('2025-11-06');
  });
});

const AUCTION = { form: 'auction', competitive: true, electronic: true };
const QUOTATION = { form: 'quotation_request', competitive: true, electronic: true };
const SME_QUOTATION = { ...QUOTATION, sme_only: true };
const SME_TENDER = { form: 'competition', competitive: true, electronic: true, sme_only: true };

describe('notice periods on the calendar cases', () => {
  it.each([
    ['auction, 15 days over the New Year', AUCTION, '2025-12-29', '2026-01-13'],
    ['auction, 15 days ending on 03.05.2026 (off)', AUCTION, '2026-04-18', '2026-05-04'],
    ['quotation, 5 working days over the May holidays', QUOTATION, '2026-04-30', '2026-05-08'],
    [
      'quotation, 5 working days over 4 November and the working Saturday',
      QUOTATION,
      '2025-10-31',
      '2025-11-10',
    ],
    ['SME quotation, 4 working days', SME_QUOTATION, '2025-10-31', '2025-11-07'],
    ['SME tender up to 30 mln, 7 days ending on a Sunday', SME_TENDER, '2026-03-15', '2026-03-23'],
  ] as const)('%s', (_n, flags, published, earliest) => {
    const period = noticePeriod(flags, null, published, '1000000.00');
    expect(period).not.toBeNull();
    expect(earliestBidsDeadline(published, period!, calendar)).toBe(earliest);
  });
});
