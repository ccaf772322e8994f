import type { ContractDuty, DeadlineSummary } from '@zakupki/shared';
import type { Tx } from '../../db/client.js';
import { todayMoscow } from '../../lib/moscow-time.js';
import { dueSoonUntil as dueSoonUntilOn, statusOf } from '../calendar/due-dates.policy.js';
import { daysBetween } from '../calendar/iso-date.js';
import { productionCalendar } from '../calendar/production-calendar.js';
import type { DueItem } from '../law/deadline-core.js';
import { deadlineConfigFor } from '../law/deadline-rules.js';
import {
  type ContractDutyContext,
  type ContractEvent,
  contractDeadlines,
  type DeadlineContract,
  eventDeadline,
} from '../law/law-duties.js';
import type { DutyRecord, DutyRow, NextDuty } from './contract-duties.repository.js';
import * as repo from './contract-duties.repository.js';

// The duties of contracts to the EIS register: computed by the rules of modules/law on the
// production calendar (modules/calendar) and stored in `contract_duties` (contract-duties.repository.ts).
// The functions that read or write take the caller's `tx` (a transaction, or the pool for reads).

/** Statuses in which a contract owes the EIS register anything. */
const OWES_REGISTER = new Set(['concluded', 'executed', 'terminated']);

/**
 * Recomputes the duties of one contract (docs/domain.md §1) with modules/law and stores them,
 * with the nearest open one on the contract row for the register's filter. Runs in the caller's
 * transaction: call it inside every write that touches the contract, its price or its events.
 */
export async function refreshContractDuties(tx: Tx, contractId: number): Promise<void> {
  await refreshDuties(tx, [contractId]);
}

export type EventRow = {
  id: number;
  contractId: number;
  kind: ContractEvent['kind'];
  date: string;
  publishedAt: Date | null;
};

/**
 * The same for many contracts at once, in a fixed number of queries (imports, seeds). Runs in the
 * caller's transaction.
 */
export async function refreshDuties(tx: Tx, contractIds: number[]): Promise<void> {
  const ids = [...new Set(contractIds)];
  if (ids.length === 0) return;
  const list = [...(await dutyContracts(tx, ids)).values()];
  const owing = list.filter((c) => OWES_REGISTER.has(c.status)).map((c) => c.id);
  const events: EventRow[] = owing.length ? await repo.eventsOfContracts(tx, owing) : [];
  await repo.deleteDutiesOf(tx, ids);
  const today = todayMoscow();
  const rows: DutyRow[] = [];
  const next: NextDuty[] = [];
  // events by contract, in their date order (filtering the whole list per contract is quadratic:
  // a bank statement touches tens of thousands of contracts)
  const eventsOf = new Map<number, EventRow[]>();
  for (const e of events) {
    const own = eventsOf.get(e.contractId);
    if (own) own.push(e);
    else eventsOf.set(e.contractId, [e]);
  }
  for (const c of list) {
    const mine = OWES_REGISTER.has(c.status) ? dutiesOfContract(c, eventsOf.get(c.id) ?? [], today) : [];
    rows.push(...mine);
    const first = mine
      .filter((r) => !r.doneOn)
      .sort((a, b) => (a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : 0))[0];
    next.push({ contractId: c.id, kind: first?.kind ?? null, due: first?.dueDate ?? null });
  }
  await repo.insertDuties(tx, rows);
  // none of the ids may be a contract (deleted meanwhile): then there is nothing to set
  await repo.setNextDuties(tx, next);
}

type DutyContractBase = {
  id: number;
  companyId: number;
  law: '223' | '44';
  contractDate: string;
  price: string;
  eisPublishedAt: Date | null;
  largeCustomer: boolean | null;
};

/**
 * What modules/law reads of a contract (its customer's size decides the register threshold):
 * the duties and the EIS import's violations read it the same way.
 */
export function deadlineContract(c: DutyContractBase): DeadlineContract {
  return {
    law: c.law,
    contractDate: c.contractDate,
    publishedAt: c.eisPublishedAt ? c.eisPublishedAt.toISOString() : null,
    price: c.price,
    changes: [],
    executions: [],
    customerRevenueOver5bn: c.largeCustomer ?? false,
  };
}

/** The settings the contract's duties are computed against (the rule of each event's date is law's). */
const dutyContext = (c: DutyContractBase, today: string): ContractDutyContext => ({
  calendar: productionCalendar(),
  config: deadlineConfigFor(c.companyId),
  today,
});

const own = (item: DueItem) => item.duty !== 'contract_conclusion';

/** The register duties of a contract: they depend on the contract alone. */
function registerItems(c: DutyContractBase, today: string): DueItem[] {
  return contractDeadlines(deadlineContract(c), [], dutyContext(c, today)).filter(own);
}

/** The duty one event brings (none when the contract owes the register nothing). */
function eventDuty(c: DutyContractBase, e: EventRow, today: string): DutyRow | null {
  const event: ContractEvent = {
    kind: e.kind,
    date: e.date,
    publishedAt: e.publishedAt ? e.publishedAt.toISOString() : null,
  };
  const item = eventDeadline(deadlineContract(c), event, dutyContext(c, today));
  return item ? toRow(c, item, e.kind, e.id) : null;
}

function dutiesOfContract(c: DutyContractBase, events: EventRow[], today: string): DutyRow[] {
  const register = registerItems(c, today);
  const rows = register.map((item) => toRow(c, item, 'register', null));
  for (const e of events) {
    const row = eventDuty(c, e, today);
    if (row) rows.push(row);
  }
  return rows;
}

/** What the duties of a contract are computed from, for contracts that may get new events. */
export type DutyContract = DutyContractBase & { status: string };

/** Reads the contracts `eventDuties` needs (one statement), by id. Runs in the caller's transaction (or on the pool). */
export async function dutyContracts(tx: Tx, ids: number[]): Promise<Map<number, DutyContract>> {
  if (ids.length === 0) return new Map();
  const list = await repo.dutyContractRows(tx, ids);
  return new Map(list.map((c) => [c.id, c]));
}

/**
 * The duties newly written events bring, without recomputing their contracts' other duties (an
 * event's duty depends only on the contract and the event): a bank statement adds tens of
 * thousands of payments. Returns the rows to store and, per contract, the earliest open one of
 * them; the caller stores the rows and moves the contract's nearest duty (next_duty_*) when that
 * one is earlier. Pure computation, so an import runs it while PostgreSQL writes.
 */
export function eventDuties(
  byId: Map<number, DutyContract>,
  events: EventRow[],
  today = todayMoscow(),
): { rows: DutyRow[]; earliest: Map<number, { kind: ContractDuty; due: string }> } {
  const rows: DutyRow[] = [];
  const earliest = new Map<number, { kind: ContractDuty; due: string }>();
  for (const e of events) {
    const c = byId.get(e.contractId);
    if (!c || !OWES_REGISTER.has(c.status)) continue;
    const row = eventDuty(c, e, today);
    if (!row) continue;
    rows.push(row);
    const first = earliest.get(c.id);
    if (!row.doneOn && (!first || row.dueDate < first.due))
      earliest.set(c.id, { kind: row.kind, due: row.dueDate });
  }
  return { rows, earliest };
}

function toRow(
  c: { id: number; companyId: number },
  item: DueItem,
  kind: ContractDuty,
  eventId: number | null,
): DutyRow {
  return {
    contractId: c.id,
    companyId: c.companyId,
    kind,
    eventId,
    title: item.title,
    reference: item.reference,
    baseDate: item.eventDate,
    dueDate: item.dueDate,
    doneOn: item.doneDate,
  };
}

export type DutyState = 'due' | 'due_soon' | 'overdue' | 'done' | 'done_late';

/**
 * Status of a stored duty as of today, calendar days left (negative when overdue) and working
 * days left while the due date is ahead (counted day by day, so only for dates not yet passed).
 */
export function dutyState(
  dueDate: string,
  doneOn: string | null,
  companyId: number,
  today = todayMoscow(),
): { status: DutyState; days_left: number; working_days_left: number | null } {
  const calendar = productionCalendar();
  const config = deadlineConfigFor(companyId);
  return {
    status: statusOf(dueDate, doneOn, today, calendar, config.dueSoonWorkingDays),
    days_left: daysBetween(today, dueDate),
    working_days_left: !doneOn && dueDate >= today ? calendar.workingDaysBetween(today, dueDate) : null,
  };
}

/**
 * The last date an open duty may fall on to count as «срок истекает» today: due dates from today
 * up to this one (inclusive) are due soon, earlier ones overdue.
 */
export function dueSoonUntil(companyId: number, today = todayMoscow()): string {
  return dueSoonUntilOn(today, productionCalendar(), deadlineConfigFor(companyId).dueSoonWorkingDays);
}

export function toDutyOut(d: DutyRecord, today = todayMoscow()) {
  const s = dutyState(d.dueDate, d.doneOn, d.companyId, today);
  return {
    duty: d.kind,
    title: d.title,
    event_id: d.eventId,
    base_date: d.baseDate,
    due_date: d.dueDate,
    done_on: d.doneOn,
    ...s,
  };
}

/**
 * The nearest open duty of each listed contract, for the register's deadline column. Runs in the
 * caller's transaction (or on the pool).
 */
export async function nextDuties(
  tx: Tx,
  contractIds: number[],
  today = todayMoscow(),
): Promise<Map<number, DeadlineSummary>> {
  const out = new Map<number, DeadlineSummary>();
  if (contractIds.length === 0) return out;
  const rows = await repo.nearestOpenDuties(tx, contractIds);
  for (const d of rows) {
    const o = toDutyOut(d, today);
    out.set(d.contractId, { ...o, status: o.status as DeadlineSummary['status'] });
  }
  return out;
}

/** All duties of one contract, by due date. Runs in the caller's transaction (or on the pool). */
export async function dutiesOf(tx: Tx, contractId: number) {
  const rows = await repo.dutiesOfContract(tx, contractId);
  const today = todayMoscow();
  return rows.map((d) => toDutyOut(d, today));
}
