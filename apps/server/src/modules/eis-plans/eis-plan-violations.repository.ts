import type { EisPlanViolation } from '@zakupki/shared';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { arrayParam } from '../../db/bulk.js';
import type { Tx } from '../../db/client.js';
import { eisPlanPositions, eisPlanViolationQueue, eisPlanViolations } from '../../db/schema/index.js';

/** The stored violations of item 5 and the queue of positions whose violations may be stale. */

export type PositionRef = { id: number; planId: number; number: string; guid: string };

const refColumns = {
  id: eisPlanPositions.id,
  planId: eisPlanPositions.planId,
  number: eisPlanPositions.number,
  guid: eisPlanPositions.guid,
};

/** The company's positions with these ids or numbers, locked for the update of their violations. */
export async function lockPositions(
  tx: Tx,
  companyId: number,
  ids: number[],
  numbers: string[],
): Promise<PositionRef[]> {
  if (ids.length === 0 && numbers.length === 0) return [];
  return tx
    .select(refColumns)
    .from(eisPlanPositions)
    .where(
      and(
        eq(eisPlanPositions.companyId, companyId),
        sql`(${eisPlanPositions.id} = any(${arrayParam(ids, 'integer')}) or ${eisPlanPositions.number} = any(${arrayParam(numbers, 'text')}))`,
      ),
    )
    .orderBy(asc(eisPlanPositions.id))
    .for('no key update');
}

/** Takes the company's queued positions off the queue (a concurrent reader waits, then finds none). */
export async function takeQueued(tx: Tx, companyId: number) {
  const rows = await tx
    .delete(eisPlanViolationQueue)
    .where(eq(eisPlanViolationQueue.companyId, companyId))
    .returning({
      positionId: eisPlanViolationQueue.positionId,
      number: eisPlanViolationQueue.positionNumber,
    });
  return {
    ids: [...new Set(rows.flatMap((r) => (r.positionId === null ? [] : [r.positionId])))],
    numbers: [...new Set(rows.flatMap((r) => (r.number === null ? [] : [r.number])))],
  };
}

/** Whether the company has positions queued (one index probe: the reads ask it first). */
export async function hasQueued(tx: Tx, companyId: number): Promise<boolean> {
  const [row] = await tx
    .select({ one: sql<number>`1` })
    .from(eisPlanViolationQueue)
    .where(eq(eisPlanViolationQueue.companyId, companyId))
    .limit(1);
  return row !== undefined;
}

export type StoredViolation = typeof eisPlanViolations.$inferInsert;

/** Replaces the stored violations of these positions (or of a whole plan) with `rows`. */
export async function replaceViolations(
  tx: Tx,
  scope: { positionIds: number[] } | { planId: number },
  rows: StoredViolation[],
) {
  await tx
    .delete(eisPlanViolations)
    .where(
      'planId' in scope
        ? eq(eisPlanViolations.planId, scope.planId)
        : sql`${eisPlanViolations.positionId} = any(${arrayParam(scope.positionIds, 'integer')})`,
    );
  if (rows.length) await tx.insert(eisPlanViolations).values(rows);
}

/** The stored violations of a plan or of one position, position by position in the order computed. */
export async function storedViolations(
  tx: Tx,
  where: { planId: number } | { positionId: number },
): Promise<EisPlanViolation[]> {
  const v = eisPlanViolations;
  const cond: SQL = 'planId' in where ? eq(v.planId, where.planId) : eq(v.positionId, where.positionId);
  const rows = await tx
    .select({
      code: v.code,
      message: v.message,
      position_number: v.positionNumber,
      version: v.version,
      due_date: v.dueDate,
      done_date: v.doneDate,
    })
    .from(v)
    .where(cond)
    .orderBy(asc(v.positionId), asc(v.id));
  return rows as EisPlanViolation[];
}
