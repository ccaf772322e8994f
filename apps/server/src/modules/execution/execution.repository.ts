import { and, eq, type SQL, sql } from 'drizzle-orm';
import { arrayParam, insertStatements, rowsOf } from '../../db/bulk.js';
import type { Tx } from '../../db/client.js';
import { contractDuties, contractEventItems, contractEvents } from '../../db/schema/index.js';

/** The statements of a contract's execution: its events, their lines, duties and sums. */

export type EventValues = Omit<typeof contractEvents.$inferInsert, 'id'>;

/** Inserts an event unless one with its key exists; the new id, or null. */
export async function insertEventIfNew(tx: Tx, values: EventValues): Promise<number | null> {
  const [row] = await tx
    .insert(contractEvents)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: contractEvents.id });
  return row?.id ?? null;
}

export async function insertEvent(tx: Tx, values: EventValues): Promise<number> {
  const [row] = await tx.insert(contractEvents).values(values).returning({ id: contractEvents.id });
  return row.id;
}

export async function insertEventItems(
  tx: Tx,
  rows: (typeof contractEventItems.$inferInsert)[],
): Promise<void> {
  if (rows.length) await tx.insert(contractEventItems).values(rows);
}

export async function findEventByKey(
  tx: Tx,
  companyId: number,
  dedupeKey: string,
): Promise<{ id: number; publishedAt: Date | null } | undefined> {
  const [row] = await tx
    .select({ id: contractEvents.id, publishedAt: contractEvents.eisPublishedAt })
    .from(contractEvents)
    .where(and(eq(contractEvents.companyId, companyId), eq(contractEvents.dedupeKey, dedupeKey)));
  return row;
}

export async function setEventPublishedAt(tx: Tx, id: number, at: Date): Promise<void> {
  await tx.update(contractEvents).set({ eisPublishedAt: at }).where(eq(contractEvents.id, id));
}

export async function deleteEvent(tx: Tx, eventId: number) {
  await tx.delete(contractEvents).where(eq(contractEvents.id, eventId));
}

/** Stored events among these companies and keys (ids go as one array parameter each). */
export function storedEventIds(
  tx: Tx,
  companyIds: number[],
  keys: string[],
): Promise<{ id: number; companyId: number; key: string | null }[]> {
  return tx
    .select({ id: contractEvents.id, companyId: contractEvents.companyId, key: contractEvents.dedupeKey })
    .from(contractEvents)
    .where(
      and(
        sql`${contractEvents.companyId} = any(${arrayParam(companyIds, 'integer')})`,
        sql`${contractEvents.dedupeKey} = any(${arrayParam(keys, 'text')})`,
      ),
    );
}

/** `n` ids drawn from the events' sequence, before their rows are written. */
export async function reserveEventIds(tx: Tx, n: number): Promise<number[]> {
  if (n === 0) return [];
  const r = await rowsOf<{ id: number | string }>(
    tx,
    sql`select nextval(pg_get_serial_sequence('contract_events', 'id')) as id from generate_series(1, ${n}::int)`,
  );
  return r.map((x) => Number(x.id));
}

export const eventInsertStatements = (rows: (EventValues & { id: number })[]): SQL[] =>
  insertStatements(contractEvents, rows);

export const dutyInsertStatements = (rows: (typeof contractDuties.$inferInsert)[]): SQL[] =>
  insertStatements(contractDuties, rows);

/**
 * One new version of each contract row: the paid sum grows by `amount` and the nearest duty moves
 * earlier when `due` is. No indexed column changes, so PostgreSQL writes it as a HOT update.
 */
export function paidSumsStatement(
  rows: { id: number; amount: string; kind: string | null; due: string | null }[],
): SQL {
  return sql`
    update contracts c set
      paid_amount = c.paid_amount + v.amount,
      next_duty_kind = case when v.due < c.next_duty_due or c.next_duty_due is null and v.due is not null
        then v.kind else c.next_duty_kind end,
      next_duty_due = case when v.due < c.next_duty_due or c.next_duty_due is null and v.due is not null
        then v.due else c.next_duty_due end,
      updated_at = now()
    from unnest(
      ${arrayParam(
        rows.map((r) => r.id),
        'integer',
      )},
      ${arrayParam(
        rows.map((r) => r.amount),
        'numeric',
      )},
      ${arrayParam(
        rows.map((r) => r.kind),
        'text',
      )},
      ${arrayParam(
        rows.map((r) => r.due),
        'date',
      )}
    ) as v(id, amount, kind, due)
    where c.id = v.id`;
}

/**
 * Accepted quantity and sum of each specification item and the contract's accepted (executed) and
 * paid sums, from the events of these contracts.
 */
export async function recomputeSums(tx: Tx, ids: number[]): Promise<void> {
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
}
