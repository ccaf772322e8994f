import { addDays, daysBetween } from '../../../modules/calendar/iso-date.js';
import type { ProductionCalendar } from '../../../modules/calendar/production-calendar.js';
import { dutyDueDate, dutyEarliestDate } from '../../../modules/law/law-due-dates.js';
import type { MethodFlags } from '../../../modules/law/law-methods.policy.js';
import {
  earliestBidsDeadline,
  noticePeriod,
  type VersionPeriod,
} from '../../../modules/law/law-notice-periods.policy.js';
import type { Status } from './procurements.demo-data.js';

/**
 * Dates of the demo procurements (procurements.demo-seed.ts), relative to the day of seeding and
 * on the production calendar. What the law decides is asked of modules/law: the bids deadline the
 * method's notice period allows (`noticePeriod`, `earliestBidsDeadline`), the contract's window
 * after the final protocol (`contract_conclusion`). The rest are the demo's own choices: review
 * and summing up a few working days after the deadline, a protocol placed the next working day.
 */

/** The method and its pinned version's setting: modules/law gives the period from them. */
export type DemoMethod = { flags: MethodFlags; version: VersionPeriod };

/** The bids deadline the law allows after a publication (none: the method has no notice period). */
export function deadlineAfter(cal: ProductionCalendar, from: string, method: DemoMethod): string {
  const period = noticePeriod(method.flags, method.version, from);
  return period ? earliestBidsDeadline(from, period, cal) : cal.nextWorkingDay(from);
}

/** The demo places a protocol the working day after it is signed. */
export const protocolPlacedOn = (cal: ProductionCalendar, signed: string): string =>
  cal.addWorkingDays(signed, 1);

/** The working day on or before a date. */
function workingOnOrBefore(cal: ProductionCalendar, d: string): string {
  let x = d;
  while (!cal.isWorkingDay(x)) x = addDays(x, -1);
  return x;
}

export type Timeline = {
  created: string;
  docs: string | null;
  planned: string | null;
  published: string | null;
  deadline: string | null;
  review: string | null;
  summing: string | null;
  /** the day of the last status move */
  closed: string | null;
};

/** Dates of a procurement in a status, relative to today; the concluded one ends on its contract's date. */
export function timeline(
  cal: ProductionCalendar,
  today: string,
  status: Status,
  method: DemoMethod,
  contractDate: string | null,
): Timeline {
  const back = (n: number) => workingOnOrBefore(cal, addDays(today, -n));
  const around = (pub: string) => {
    const deadline = deadlineAfter(cal, pub, method);
    return { deadline, review: cal.addWorkingDays(deadline, 1), summing: cal.addWorkingDays(deadline, 3) };
  };
  const made = (pub: string) => ({ created: addDays(pub, -6), docs: addDays(pub, -3), planned: pub });
  switch (status) {
    case 'draft': {
      const planned = cal.nextWorkingDay(addDays(today, 14));
      return {
        created: addDays(today, -1),
        docs: null,
        planned,
        published: null,
        ...around(planned),
        closed: null,
      };
    }
    case 'documentation_ready': {
      const planned = cal.nextWorkingDay(addDays(today, 3));
      return {
        created: addDays(today, -4),
        docs: addDays(today, -1),
        planned,
        published: null,
        ...around(planned),
        closed: null,
      };
    }
    case 'published': {
      const pub = back(4);
      return { ...made(pub), published: pub, ...around(pub), closed: null };
    }
    case 'bids_closed': {
      // the deadline passed yesterday or so: publication that many days before
      let pub = back(3);
      while (deadlineAfter(cal, pub, method) >= today) pub = workingOnOrBefore(cal, addDays(pub, -1));
      const a = around(pub);
      return { ...made(pub), published: pub, ...a, closed: a.deadline };
    }
    case 'summing_up': {
      let pub = back(3);
      while (cal.addWorkingDays(deadlineAfter(cal, pub, method), 1) >= today)
        pub = workingOnOrBefore(cal, addDays(pub, -1));
      const a = around(pub);
      return {
        ...made(pub),
        published: pub,
        ...a,
        summing: cal.nextWorkingDay(addDays(today, 2)),
        closed: a.review,
      };
    }
    case 'contract_concluded': {
      // the contract is concluded in the window the law gives after the final protocol is placed
      // (ч. 15 ст. 3.2): the publication whose window has the contract date nearest its middle
      const d = contractDate ?? back(5);
      let best: { pub: string; off: number } | null = null;
      for (let n = 15; n <= 80; n++) {
        const pub = addDays(d, -n);
        if (!cal.isWorkingDay(pub)) continue;
        const placed = protocolPlacedOn(cal, around(pub).summing);
        const earliest = dutyEarliestDate('contract_conclusion', placed, cal) ?? placed;
        const due = dutyDueDate('contract_conclusion', placed, cal);
        if (d < earliest || d > due) continue;
        const off = Math.abs(daysBetween(earliest, d) - daysBetween(d, due));
        if (!best || off < best.off) best = { pub, off };
      }
      const pub = best?.pub ?? addDays(d, -40);
      return { ...made(pub), published: pub, ...around(pub), closed: d };
    }
    case 'cancelled': {
      const pub = back(20);
      return { ...made(pub), published: pub, ...around(pub), closed: cal.addWorkingDays(pub, 4) };
    }
    case 'failed': {
      const pub = back(30);
      const a = around(pub);
      return { ...made(pub), published: pub, ...a, review: null, summing: a.deadline, closed: a.deadline };
    }
  }
}

/** Status moves of a procurement in a status, in order. */
export const PATH: Record<Status, Status[]> = {
  draft: ['draft'],
  documentation_ready: ['draft', 'documentation_ready'],
  published: ['draft', 'documentation_ready', 'published'],
  bids_closed: ['draft', 'documentation_ready', 'published', 'bids_closed'],
  summing_up: ['draft', 'documentation_ready', 'published', 'bids_closed', 'summing_up'],
  contract_concluded: [
    'draft',
    'documentation_ready',
    'published',
    'bids_closed',
    'summing_up',
    'contract_concluded',
  ],
  cancelled: ['draft', 'documentation_ready', 'published', 'cancelled'],
  failed: ['draft', 'documentation_ready', 'published', 'bids_closed', 'failed'],
};
