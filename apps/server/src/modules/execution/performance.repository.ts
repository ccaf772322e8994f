import type { PageQuery } from '@zakupki/shared';
import { and, asc, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { countOf, onPage, paged } from '../../db/paging.js';
import {
  contractEventItems,
  contractEvents,
  contractItems,
  contracts,
  performanceRecords,
} from '../../db/schema/index.js';

export type PerformanceRow = typeof performanceRecords.$inferSelect;
export type EventRow = typeof contractEvents.$inferSelect;

export async function insertPerformance(
  tx: Tx,
  v: Pick<
    typeof performanceRecords.$inferInsert,
    'companyId' | 'contractId' | 'guid' | 'periodFrom' | 'periodTo' | 'createdBy'
  >,
): Promise<PerformanceRow> {
  const [row] = await tx.insert(performanceRecords).values(v).returning();
  return row;
}

/** A page of a contract's records, newest first. */
export async function listPerformanceRows(tx: Tx, companyId: number, contractId: number, q: PageQuery) {
  const where = and(
    eq(performanceRecords.companyId, companyId),
    eq(performanceRecords.contractId, contractId),
  );
  const { items: rows, total } = await paged(
    q,
    onPage(tx.select().from(performanceRecords).where(where).orderBy(desc(performanceRecords.id)), q),
    countOf(tx, performanceRecords, where),
  );
  return { rows, total: Number(total) };
}

/** A record by id (of any company: the caller checks the owner). */
export async function findPerformance(tx: Tx, id: number): Promise<PerformanceRow | undefined> {
  const [row] = await tx.select().from(performanceRecords).where(eq(performanceRecords.id, id));
  return row;
}

/** A contract by id. */
export async function findContract(tx: Tx, id: number) {
  const [c] = await tx.select().from(contracts).where(eq(contracts.id, id));
  return c;
}

/** A contract's events of a period, by date. */
export async function eventsOfPeriod(
  tx: Tx,
  contractId: number,
  from: string,
  to: string,
): Promise<EventRow[]> {
  return tx
    .select()
    .from(contractEvents)
    .where(
      and(
        eq(contractEvents.contractId, contractId),
        gte(contractEvents.eventDate, from),
        lte(contractEvents.eventDate, to),
      ),
    )
    .orderBy(asc(contractEvents.eventDate), asc(contractEvents.id));
}

/** The accepted items of these acceptance events, with their specification line. */
export async function acceptedItems(tx: Tx, eventIds: number[]) {
  if (eventIds.length === 0) return [];
  return tx
    .select({
      eventId: contractEventItems.eventId,
      itemId: contractEventItems.contractItemId,
      lineNo: contractItems.lineNo,
      name: contractItems.name,
      okpd2: contractItems.okpd2Code,
      okei: contractItems.okeiCode,
      quantity: contractEventItems.quantity,
      amount: contractEventItems.amount,
    })
    .from(contractEventItems)
    .innerJoin(contractItems, eq(contractItems.id, contractEventItems.contractItemId))
    .where(inArray(contractEventItems.eventId, eventIds));
}

/** Ends a queued record; false when it had ended already. */
export async function endPerformance(
  tx: Tx,
  id: number,
  set: { status: 'done' | 'failed'; error: string | null; data?: PerformanceRow['data'] },
): Promise<boolean> {
  const rows = await tx
    .update(performanceRecords)
    .set({ ...set, finishedAt: new Date() })
    .where(and(eq(performanceRecords.id, id), eq(performanceRecords.status, 'queued')))
    .returning({ id: performanceRecords.id });
  return rows.length > 0;
}

/** Queued records older than `seconds`: their job's every attempt had time to run. */
export function lostPerformance(tx: Tx, seconds: number): Promise<PerformanceRow[]> {
  return tx
    .select()
    .from(performanceRecords)
    .where(
      and(
        eq(performanceRecords.status, 'queued'),
        sql`${performanceRecords.createdAt} < now() - make_interval(secs => ${seconds})`,
      ),
    )
    .limit(100);
}
