import { fromKopecks, toScaled } from '@zakupki/shared';
import type { SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { type DutyContract, eventDuties, refreshDuties } from '../contracts/contract-duties.service.js';
import {
  deleteEvent,
  dutyInsertStatements,
  eventInsertStatements,
  findEventByKey,
  insertEvent,
  insertEventIfNew,
  insertEventItems,
  paidSumsStatement,
  recomputeSums,
  reserveEventIds,
  setEventPublishedAt,
  storedEventIds,
} from './execution.repository.js';

/**
 * The execution of a contract as the imports record it: contract_events rows (acceptance from
 * УПД, payment from bank statements, both also from EIS execution information) with a dedupe key,
 * so the same document never counts twice; the sums on the contract and its specification are
 * recomputed from the events.
 */

type EventSource = 'eis' | 'upd' | 'bank';

export type EventDocument = {
  name: string | null;
  number: string | null;
  date: string | null;
};

/** Number of a payment order as a key: spaces and leading zeros dropped. */
export const keyNumber = (n: string | null) =>
  (n ?? '')
    .trim()
    .replace(/\s+/g, '')
    .replace(/^0+(?=.)/, '')
    .toLowerCase();

/** Dedupe key of a payment: the same order from a bank statement and from EIS is one payment. */
export function paymentKey(contractId: number, number: string | null, date: string, amount: string): string {
  return `payment:${contractId}:${keyNumber(number)}:${date}:${amount}`;
}

/** Dedupe key of an acceptance document (УПД, накладная, акт): corrections share it. */
export function acceptanceKey(contractId: number, number: string | null, date: string | null): string {
  return `acceptance:${contractId}:${keyNumber(number)}:${date ?? ''}`;
}

export type NewEvent = {
  companyId: number;
  contractId: number;
  kind: 'acceptance' | 'payment' | 'execution' | 'termination';
  eventDate: string;
  amount: string | null;
  document: EventDocument;
  description: string | null;
  source: EventSource;
  importId: number | null;
  dedupeKey: string;
  createdBy: number | null;
  eisPublishedAt?: Date | null;
};

const eventValues = (e: NewEvent) => ({
  companyId: e.companyId,
  contractId: e.contractId,
  kind: e.kind,
  eventDate: e.eventDate,
  amount: e.amount,
  documentName: e.document.name,
  documentNumber: e.document.number,
  documentDate: e.document.date,
  description: e.description,
  source: e.source,
  importId: e.importId,
  dedupeKey: e.dedupeKey,
  createdBy: e.createdBy,
  eisPublishedAt: e.eisPublishedAt ?? null,
});

/**
 * Adds an event unless one with the same key exists. Returns the event id and whether it is new;
 * an existing event learns the EIS publication time when the new one brings it.
 */
export async function addEventOnce(tx: Tx, e: NewEvent): Promise<{ id: number; created: boolean }> {
  const id = await insertEventIfNew(tx, eventValues(e));
  if (id !== null) return { id, created: true };
  const existing = await findEventByKey(tx, e.companyId, e.dedupeKey);
  if (!existing) throw new Error(`event ${e.dedupeKey} conflicts but is not found`);
  if (e.eisPublishedAt && !existing.publishedAt) await setEventPublishedAt(tx, existing.id, e.eisPublishedAt);
  return { id: existing.id, created: false };
}

/** Contracts recomputed per round of recomputeExecution. */
const CHUNK = 5000;
const eventKey = (companyId: number, dedupeKey: string) => `${companyId}:${dedupeKey}`;

/** An event as EventIds placed it: its id, and whether it is new. */
export type PlacedEvent = { id: number; created: boolean };

type EventInsert = ReturnType<typeof eventValues> & { id: number };

/**
 * Ids of an import's events, known before they are written, so that a chunk of payments, their
 * events and their duties go to PostgreSQL together: an event whose key is stored (or was placed
 * earlier in this import) gets that id; a new one gets an id drawn from the events' sequence.
 * `reads` may be a connection other than the import's transaction (it sees only committed
 * events; this import's own are remembered here). For events without an EIS publication time
 * (bank, УПД); EIS imports use addEventOnce.
 */
export class EventIds {
  private readonly placed = new Map<string, number>();

  constructor(private readonly reads: Tx) {}

  /** Each event's id in the order given, and the rows of the new ones to insert. */
  async place(
    events: Omit<NewEvent, 'eisPublishedAt'>[],
  ): Promise<{ placed: PlacedEvent[]; rows: EventInsert[] }> {
    const unknown = events.filter((e) => !this.placed.has(eventKey(e.companyId, e.dedupeKey)));
    if (unknown.length > 0) {
      const stored = await storedEventIds(
        this.reads,
        [...new Set(unknown.map((e) => e.companyId))],
        [...new Set(unknown.map((e) => e.dedupeKey))],
      );
      for (const r of stored) this.placed.set(eventKey(r.companyId, r.key!), r.id);
    }
    // a repeat within the list is not new either
    const seen = new Set<string>();
    const fresh = events.filter((e) => {
      const key = eventKey(e.companyId, e.dedupeKey);
      if (this.placed.has(key) || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    const ids = await this.reserve(fresh.length);
    const rows = fresh.map((e, j) => ({ ...eventValues(e), id: ids[j] }));
    const created = new Set<number>();
    for (const r of rows) {
      this.placed.set(eventKey(r.companyId, r.dedupeKey), r.id);
      created.add(r.id);
    }
    const placed = events.map((e) => {
      const id = this.placed.get(eventKey(e.companyId, e.dedupeKey))!;
      return { id, created: created.delete(id) };
    });
    return { placed, rows };
  }

  private reserve(n: number): Promise<number[]> {
    return reserveEventIds(this.reads, n);
  }
}

/** The statements writing the new events EventIds placed. */
export function eventStatements(rows: EventInsert[]): SQL[] {
  return eventInsertStatements(rows);
}

export type NewPaymentEvent = { id: number; contractId: number; amount: string; eventDate: string };

/**
 * What new payment events add to their contracts, as statements (built without the database, so
 * an import builds a chunk's while PostgreSQL stores the previous one): each event's duty row,
 * then one new version of each contract row — the paid sum grows by its events' amounts and the
 * nearest duty moves earlier when a new one is. No indexed column changes, so PostgreSQL writes
 * it as a HOT update. The duty rows need their events stored before them.
 */
export function newPaymentsStatements(
  contracts: Map<number, DutyContract>,
  events: NewPaymentEvent[],
): SQL[] {
  const paid = new Map<number, bigint>();
  for (const e of events) paid.set(e.contractId, (paid.get(e.contractId) ?? 0n) + toScaled(e.amount, 2));
  const duties = eventDuties(
    contracts,
    events.map((e) => ({
      id: e.id,
      contractId: e.contractId,
      kind: 'payment',
      date: e.eventDate,
      publishedAt: null,
    })),
  );
  const ids = [...paid.keys()];
  return [
    ...dutyInsertStatements(duties.rows),
    ...(ids.length === 0
      ? []
      : [
          paidSumsStatement(
            ids.map((id) => ({
              id,
              amount: fromKopecks(paid.get(id)!),
              kind: duties.earliest.get(id)?.kind ?? null,
              due: duties.earliest.get(id)?.due ?? null,
            })),
          ),
        ]),
  ];
}

export type AcceptedLine = {
  contractItemId: number;
  sourceLineNo: number | null;
  sourceName: string | null;
  quantity: string;
  amount: string;
  confidence: string | null;
};

/**
 * Writes an acceptance event with its lines, replacing an event with the same key (an earlier
 * issue of a corrected УПД, or the same document reported by EIS without lines). The EIS
 * publication time of the replaced event is kept.
 */
export async function replaceAcceptance(tx: Tx, e: NewEvent, lines: AcceptedLine[]): Promise<number> {
  const old = await findEventByKey(tx, e.companyId, e.dedupeKey);
  if (old) await deleteEvent(tx, old.id);
  const id = await insertEvent(
    tx,
    eventValues({ ...e, eisPublishedAt: e.eisPublishedAt ?? old?.publishedAt ?? null }),
  );
  await insertEventItems(
    tx,
    lines.map((l) => ({ eventId: id, ...l })),
  );
  return id;
}

export { deleteEvent };

/**
 * Recomputes what the execution adds up to: accepted quantity and sum of each specification
 * item, the contract's accepted (executed) and paid sums; then the EIS duties of the contract.
 */
export async function recomputeExecution(tx: Tx, contractIds: Iterable<number>): Promise<void> {
  const all = [...new Set(contractIds)];
  // in chunks of 5 000 contracts (the ids go as one array parameter): bounded work per statement
  // and per duty refresh
  for (let i = 0; i < all.length; i += CHUNK) {
    const ids = all.slice(i, i + CHUNK);
    await recomputeSums(tx, ids);
    await refreshDuties(tx, ids);
  }
}
