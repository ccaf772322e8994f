import type { DeadlineListQuery, PageQuery } from '@zakupki/shared';
import { and, asc, desc, eq, gte, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { countOf, onPage, paged } from '../../db/paging.js';
import { contractDuties, contractEvents, contracts } from '../../db/schema/index.js';

/** Queries of contract events and of the open duties of the register (the deadline list). */

type DeadlinesIn = z.output<typeof DeadlineListQuery>;

export async function insertContractEvent(tx: Tx, values: typeof contractEvents.$inferInsert): Promise<void> {
  await tx.insert(contractEvents).values(values);
}

/** The date of an event of the contract (undefined: the contract has no such event). */
export async function eventDateOf(tx: Tx, contractId: number, eventId: number): Promise<string | undefined> {
  const [e] = await tx
    .select({ date: contractEvents.eventDate })
    .from(contractEvents)
    .where(and(eq(contractEvents.id, eventId), eq(contractEvents.contractId, contractId)));
  return e?.date;
}

export async function setEventPublished(tx: Tx, eventId: number, at: Date | null): Promise<void> {
  await tx.update(contractEvents).set({ eisPublishedAt: at }).where(eq(contractEvents.id, eventId));
}

/** A page of the contract's events, newest first, each with the duty it brings, and their total. */
export function eventsPage(tx: Tx, contractId: number, q: PageQuery) {
  const where = eq(contractEvents.contractId, contractId);
  return paged(
    q,
    onPage(
      tx
        .select({ e: contractEvents, d: contractDuties })
        .from(contractEvents)
        .leftJoin(contractDuties, eq(contractDuties.eventId, contractEvents.id))
        .where(where)
        .orderBy(desc(contractEvents.eventDate), desc(contractEvents.id)),
      q,
    ),
    countOf(tx, contractEvents, where),
  );
}

/**
 * A page of the open duties of the company's working register that are due soon (up to `soon`)
 * or overdue, as `q.status` asks, nearest first; the total and the counts of both states.
 */
export async function deadlinesPage(tx: Tx, companyId: number, q: DeadlinesIn, today: string, soon: string) {
  const overdue = lt(contractDuties.dueDate, today);
  const dueSoon = and(gte(contractDuties.dueDate, today), lte(contractDuties.dueDate, soon));
  const wanted = q.status?.length ? q.status : ['due_soon', 'overdue'];
  const base = and(
    eq(contractDuties.companyId, companyId),
    isNull(contractDuties.doneOn),
    isNull(contracts.archivedAt),
  );
  const where = and(
    base,
    or(wanted.includes('overdue') ? overdue : undefined, wanted.includes('due_soon') ? dueSoon : undefined),
  );
  const count = (w: SQL | undefined) =>
    tx
      .select({ n: sql<number>`count(*)::int` })
      .from(contractDuties)
      .innerJoin(contracts, eq(contracts.id, contractDuties.contractId))
      .where(w)
      .then(([r]) => Number(r.n));
  const [rows, total, nOverdue, nSoon] = await Promise.all([
    onPage(
      tx
        .select({ d: contractDuties, c: contracts })
        .from(contractDuties)
        .innerJoin(contracts, eq(contracts.id, contractDuties.contractId))
        .where(where)
        .orderBy(asc(contractDuties.dueDate), asc(contractDuties.id)),
      q,
    ),
    count(where),
    count(and(base, overdue)),
    count(and(base, dueSoon)),
  ]);
  return { rows, total, counts: { due_soon: nSoon, overdue: nOverdue } };
}
