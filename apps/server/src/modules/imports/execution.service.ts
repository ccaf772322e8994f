import { fromKopecks, toScaled } from '@zakupki/shared';
import { and, eq, sql } from 'drizzle-orm';
import { arrayParam, bulkInsert } from '../../db/bulk.js';
import type { Tx } from '../../db/client.js';
import { contractEventItems, contractEvents } from '../../db/schema/index.js';
import { type DutyContract, eventDuties, insertDuties, refreshDuties } from '../contracts/contract-duties.js';

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
  const [row] = await tx
    .insert(contractEvents)
    .values(eventValues(e))
    .onConflictDoNothing()
    .returning({ id: contractEvents.id });
  if (row) return { id: row.id, created: true };
  const [existing] = await tx
    .select({ id: contractEvents.id, publishedAt: contractEvents.eisPublishedAt })
    .from(contractEvents)
    .where(and(eq(contractEvents.companyId, e.companyId), eq(contractEvents.dedupeKey, e.dedupeKey)));
  if (!existing) throw new Error(`event ${e.dedupeKey} conflicts but is not found`);
  if (e.eisPublishedAt && !existing.publishedAt) {
    await tx
      .update(contractEvents)
      .set({ eisPublishedAt: e.eisPublishedAt })
      .where(eq(contractEvents.id, existing.id));
  }
  return { id: existing.id, created: false };
}

/** Contracts recomputed per round of recomputeExecution. */
const CHUNK = 5000;
const eventKey = (companyId: number, dedupeKey: string) => `${companyId}:${dedupeKey}`;

/** An event as addEventsOnce placed it: its id, and whether this call created it. */
export type PlacedEvent = { id: number; created: boolean };

/**
 * addEventOnce for many events (an import's payments) in two statements whatever their number
 * (one insert of arrays, one lookup of the keys that were there already). Returns, in the order
 * given, each event's id and whether it is new; an event whose key exists (or repeats earlier in
 * the list) gets the id of the first one, with `created: false`.
 */
export async function addEventsOnce(tx: Tx, events: NewEvent[]): Promise<PlacedEvent[]> {
  if (events.length === 0) return [];
  const inserted = await bulkInsert<
    typeof contractEvents,
    { id: number | string; company_id: number; dedupe_key: string }
  >(
    tx,
    contractEvents,
    events.map(eventValues),
    sql`on conflict do nothing returning id, company_id, dedupe_key`,
  );
  const ids = new Map<string, number>();
  for (const r of inserted) ids.set(eventKey(r.company_id, r.dedupe_key), Number(r.id));
  const fresh = new Set(ids.values());
  const missing = events.filter((e) => !ids.has(eventKey(e.companyId, e.dedupeKey)));
  if (missing.length > 0) {
    const existing = await tx
      .select({
        id: contractEvents.id,
        companyId: contractEvents.companyId,
        key: contractEvents.dedupeKey,
        publishedAt: contractEvents.eisPublishedAt,
      })
      .from(contractEvents)
      .where(
        and(
          sql`${contractEvents.companyId} = any(${arrayParam([...new Set(missing.map((e) => e.companyId))], 'integer')})`,
          sql`${contractEvents.dedupeKey} = any(${arrayParam([...new Set(missing.map((e) => e.dedupeKey))], 'text')})`,
        ),
      );
    const found = new Map(existing.map((r) => [eventKey(r.companyId, r.key!), r]));
    for (const e of missing) {
      const row = found.get(eventKey(e.companyId, e.dedupeKey));
      if (!row) throw new Error(`event ${e.dedupeKey} conflicts but is not found`);
      ids.set(eventKey(e.companyId, e.dedupeKey), row.id);
      if (e.eisPublishedAt && !row.publishedAt) {
        await tx
          .update(contractEvents)
          .set({ eisPublishedAt: e.eisPublishedAt })
          .where(eq(contractEvents.id, row.id));
        row.publishedAt = e.eisPublishedAt;
      }
    }
  }
  return events.map((e) => {
    const id = ids.get(eventKey(e.companyId, e.dedupeKey))!;
    const created = fresh.delete(id);
    return { id, created };
  });
}

/** A new payment event as planNewPayments takes it. */
export type NewPaymentEvent = { id: number; contractId: number; amount: string; eventDate: string };

/** What counting new payments writes: paid sums to add, duty rows, earliest new duty per contract. */
export type PaymentsPlan = {
  paid: Map<number, bigint>;
  duties: ReturnType<typeof eventDuties>;
};

export const emptyPaymentsPlan = (): PaymentsPlan => ({
  paid: new Map(),
  duties: { rows: [], earliest: new Map() },
});

/**
 * Adds to a plan, without the database, what new payment events add to their contracts (an
 * import plans chunk by chunk while PostgreSQL writes the previous one).
 */
export function planNewPayments(
  plan: PaymentsPlan,
  contracts: Map<number, DutyContract>,
  events: NewPaymentEvent[],
): PaymentsPlan {
  for (const e of events)
    plan.paid.set(e.contractId, (plan.paid.get(e.contractId) ?? 0n) + toScaled(e.amount, 2));
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
  for (const row of duties.rows) plan.duties.rows.push(row);
  for (const [id, d] of duties.earliest) {
    const first = plan.duties.earliest.get(id);
    if (!first || d.due < first.due) plan.duties.earliest.set(id, d);
  }
  return plan;
}

/**
 * Writes a plan: the duty rows, and one new version of each contract row (paid sum and nearest
 * duty together). No indexed column changes, so PostgreSQL writes it as a HOT update, without
 * touching the register's indexes.
 */
export async function writeNewPayments(tx: Tx, plan: PaymentsPlan): Promise<void> {
  const { paid, duties } = plan;
  await insertDuties(tx, duties.rows);
  if (paid.size === 0) return;
  const ids = [...paid.keys()];
  await tx.execute(sql`
    update contracts c set
      paid_amount = c.paid_amount + v.amount,
      next_duty_kind = case when v.due < c.next_duty_due or c.next_duty_due is null and v.due is not null
        then v.kind else c.next_duty_kind end,
      next_duty_due = case when v.due < c.next_duty_due or c.next_duty_due is null and v.due is not null
        then v.due else c.next_duty_due end,
      updated_at = now()
    from unnest(
      ${arrayParam(ids, 'integer')},
      ${arrayParam(
        ids.map((id) => fromKopecks(paid.get(id)!)),
        'numeric',
      )},
      ${arrayParam(
        ids.map((id) => duties.earliest.get(id)?.kind ?? null),
        'text',
      )},
      ${arrayParam(
        ids.map((id) => duties.earliest.get(id)?.due ?? null),
        'date',
      )}
    ) as v(id, amount, kind, due)
    where c.id = v.id`);
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
  const [old] = await tx
    .select({ id: contractEvents.id, publishedAt: contractEvents.eisPublishedAt })
    .from(contractEvents)
    .where(and(eq(contractEvents.companyId, e.companyId), eq(contractEvents.dedupeKey, e.dedupeKey)));
  if (old) await tx.delete(contractEvents).where(eq(contractEvents.id, old.id));
  const [row] = await tx
    .insert(contractEvents)
    .values(eventValues({ ...e, eisPublishedAt: e.eisPublishedAt ?? old?.publishedAt ?? null }))
    .returning({ id: contractEvents.id });
  if (lines.length) {
    await tx.insert(contractEventItems).values(lines.map((l) => ({ eventId: row.id, ...l })));
  }
  return row.id;
}

export async function deleteEvent(tx: Tx, eventId: number) {
  await tx.delete(contractEvents).where(eq(contractEvents.id, eventId));
}

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
    const list = arrayParam(ids, 'integer');
    await tx.execute(sql`
    update contract_items ci set
      accepted_quantity = coalesce(a.qty, 0),
      accepted_amount = coalesce(a.amount, 0)
    from contract_items c0
    left join (
      select cei.contract_item_id, sum(cei.quantity) as qty, sum(cei.amount) as amount
      from contract_event_items cei
      join contract_events ce on ce.id = cei.event_id and ce.kind = 'acceptance'
      where ce.contract_id = any(${list})
      group by cei.contract_item_id
    ) a on a.contract_item_id = c0.id
    where ci.id = c0.id and c0.contract_id = any(${list})
      -- rows that keep their sums are not rewritten (a payment changes none of them)
      and (ci.accepted_quantity <> coalesce(a.qty, 0) or ci.accepted_amount <> coalesce(a.amount, 0))`);
    await tx.execute(sql`
    update contracts c set
      executed_amount = coalesce((select sum(e.amount) from contract_events e
        where e.contract_id = c.id and e.kind = 'acceptance'), 0),
      paid_amount = coalesce((select sum(e.amount) from contract_events e
        where e.contract_id = c.id and e.kind = 'payment'), 0),
      updated_at = now()
    where c.id = any(${list})`);
    await refreshDuties(tx, ids);
  }
}
