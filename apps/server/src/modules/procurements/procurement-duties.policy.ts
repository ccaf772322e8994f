import {
  PROCUREMENT_DUTY_TITLES,
  PROTOCOL_KIND_TITLES,
  type ProcurementDutyOut,
  type ProcurementStatus,
  type ProtocolKind,
} from '@zakupki/shared';
import { statusOf } from '../calendar/due-dates.policy.js';
import { daysBetween, formatRuDate } from '../calendar/iso-date.js';
import type { ProductionCalendar } from '../calendar/production-calendar.js';
import type { DeadlineConfig } from '../law/deadline-rules.js';
import { dutyDueDate, dutyEarliestDate } from '../law/law-due-dates.js';
import { type MethodFlags, methodKind, placesNotice } from '../law/law-methods.policy.js';
import { ruleOn } from '../law/law-rules.js';

/**
 * The duties of the law a procurement has (docs/domain.md §1, docs/procurements.md «Duties»), computed
 * on the production calendar with the rule table of modules/law, as contract duties are:
 * - notice placement: due on the planned publication date, done when the notice is placed;
 * - protocol placement: each protocol within 3 days of signing (ч. 12 ст. 4 223-ФЗ);
 * - contract conclusion: not earlier than 10 and not later than 20 days after the final protocol's
 *   placement (ч. 15 ст. 3.2 223-ФЗ), done by the first contract concluded from the procurement.
 * Before its earliest day the contract duty is `not_yet` (concluding would be too early).
 */

export type DutyFacts = {
  status: ProcurementStatus;
  /** The method's catalogue flags (`extra`): the law decides whether it places a notice. */
  methodFlags: MethodFlags;
  plannedPublicationDate: string | null;
  publishedOn: string | null;
  protocols: {
    id: number;
    kind: ProtocolKind;
    final: boolean;
    signedOn: string;
    publishedOn: string | null;
    lotNumber: number | null;
  }[];
  /** contracts naming the procurement: concluded ones close the contract duty */
  contracts: { contractDate: string; status: string }[];
};

const OPEN = new Set(['due', 'due_soon', 'overdue', 'not_yet']);
export const isOpen = (d: Pick<ProcurementDutyOut, 'status'>) => OPEN.has(d.status);

export function procurementDuties(
  p: DutyFacts,
  calendar: ProductionCalendar,
  config: DeadlineConfig,
  today: string,
): ProcurementDutyOut[] {
  const out: ProcurementDutyOut[] = [];
  const state = (due: string, done: string | null, earliest: string | null = null) => {
    const status =
      !done && earliest && today < earliest
        ? 'not_yet'
        : statusOf(due, done, today, calendar, config.dueSoonWorkingDays);
    return {
      status,
      days_left: daysBetween(today, due),
      working_days_left: !done && due >= today ? calendar.workingDaysBetween(today, due) : null,
    } as const;
  };
  const cancelled = p.status === 'cancelled';

  // the notice: a single supplier places none
  if (placesNotice(methodKind(p.methodFlags)) && p.plannedPublicationDate && (!cancelled || p.publishedOn)) {
    out.push({
      duty: 'notice_placement',
      title: `${PROCUREMENT_DUTY_TITLES.notice_placement}: планируемая дата ${formatRuDate(p.plannedPublicationDate)}`,
      protocol_id: null,
      base_date: p.plannedPublicationDate,
      earliest_date: null,
      due_date: p.plannedPublicationDate,
      done_on: p.publishedOn,
      ...state(p.plannedPublicationDate, p.publishedOn),
      reference: 'ч. 5 ст. 4 223-ФЗ, план закупки',
    });
  }

  for (const pr of p.protocols) {
    if (cancelled && !pr.publishedOn) continue;
    const due = dutyDueDate('protocol_publish', pr.signedOn, calendar, config);
    const lot = pr.lotNumber ? `, лот № ${pr.lotNumber}` : '';
    out.push({
      duty: 'protocol_placement',
      title: `${PROCUREMENT_DUTY_TITLES.protocol_placement}: ${PROTOCOL_KIND_TITLES[pr.kind]} от ${formatRuDate(pr.signedOn)}${lot}`,
      protocol_id: pr.id,
      base_date: pr.signedOn,
      earliest_date: null,
      due_date: due,
      done_on: pr.publishedOn,
      ...state(due, pr.publishedOn),
      reference: ruleOn('protocol_publish', pr.signedOn, config).reference,
    });
  }

  // the contract window runs from the placement of the (latest) final protocol
  const finals = p.protocols
    .filter((pr) => pr.final && pr.publishedOn)
    .sort((a, b) => ((a.publishedOn as string) < (b.publishedOn as string) ? 1 : -1));
  const final = finals[0];
  if (final && !cancelled && p.status !== 'failed') {
    const placed = final.publishedOn as string;
    const rule = ruleOn('contract_conclusion', placed, config);
    const due = dutyDueDate('contract_conclusion', placed, calendar, config);
    const earliest = dutyEarliestDate('contract_conclusion', placed, calendar, config);
    const concluded = p.contracts
      .filter((c) => c.status !== 'draft' && c.status !== 'cancelled')
      .map((c) => c.contractDate)
      .sort()[0];
    out.push({
      duty: 'contract_conclusion',
      title: `${PROCUREMENT_DUTY_TITLES.contract_conclusion}: итоговый протокол размещён ${formatRuDate(placed)}`,
      protocol_id: final.id,
      base_date: placed,
      earliest_date: earliest,
      due_date: due,
      done_on: concluded ?? null,
      ...state(due, concluded ?? null, earliest),
      reference: rule.reference,
    });
  }
  return out.sort((a, b) => (a.due_date < b.due_date ? -1 : a.due_date > b.due_date ? 1 : 0));
}

/** The nearest open duty (the register's deadline column and `next_duty_due`). */
export function nearestOpen(duties: ProcurementDutyOut[]): ProcurementDutyOut | null {
  return duties.find(isOpen) ?? null;
}
