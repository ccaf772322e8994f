import type { EisPlanListQuery } from '@zakupki/shared';
import { and, asc, count, desc, eq, lt, sql } from 'drizzle-orm';
import { arrayParam, insertStatements, rowsOf, runStatements } from '../../db/bulk.js';
import type { Tx } from '../../db/client.js';
import { onPage } from '../../db/paging.js';
import {
  type EisPlanTotalsJson,
  eisPlanPositions,
  eisPlanPositionVersions,
  eisPlans,
  eisPlanVersions,
} from '../../db/schema/index.js';
import { versionTotalsCells } from './eis-plan-positions.repository.js';

/** The plans and their versions (the positions' queries: eis-plan-positions.repository.ts). */

export type PlanRow = typeof eisPlans.$inferSelect;
export type VersionRow = typeof eisPlanVersions.$inferSelect;
export type PositionVersionInsert = typeof eisPlanPositionVersions.$inferInsert;
export type PositionVersionRow = typeof eisPlanPositionVersions.$inferSelect & {
  number: string;
  guid: string;
};

export async function findPlanByNumber(tx: Tx, companyId: number, registrationNumber: string) {
  const [row] = await tx
    .select()
    .from(eisPlans)
    .where(and(eq(eisPlans.companyId, companyId), eq(eisPlans.registrationNumber, registrationNumber)));
  return row;
}

export async function findPlan(tx: Tx, companyId: number, planId: number): Promise<PlanRow | undefined> {
  const [row] = await tx
    .select()
    .from(eisPlans)
    .where(and(eq(eisPlans.companyId, companyId), eq(eisPlans.id, planId)));
  return row;
}

export async function findVersion(tx: Tx, planId: number, version: number): Promise<VersionRow | undefined> {
  const [row] = await tx
    .select()
    .from(eisPlanVersions)
    .where(and(eq(eisPlanVersions.planId, planId), eq(eisPlanVersions.version, version)));
  return row;
}

/** The stored version just before `version` (the base of its changes). */
export async function previousVersion(
  tx: Tx,
  planId: number,
  version: number,
): Promise<VersionRow | undefined> {
  const [row] = await tx
    .select()
    .from(eisPlanVersions)
    .where(and(eq(eisPlanVersions.planId, planId), lt(eisPlanVersions.version, version)))
    .orderBy(desc(eisPlanVersions.version))
    .limit(1);
  return row;
}

export async function planVersions(tx: Tx, planId: number): Promise<VersionRow[]> {
  return tx
    .select()
    .from(eisPlanVersions)
    .where(eq(eisPlanVersions.planId, planId))
    .orderBy(desc(eisPlanVersions.version));
}

export async function insertPlan(tx: Tx, v: typeof eisPlans.$inferInsert): Promise<PlanRow> {
  const [row] = await tx.insert(eisPlans).values(v).returning();
  return row;
}

export async function setCurrentVersion(tx: Tx, planId: number, version: number) {
  await tx
    .update(eisPlans)
    .set({ currentVersion: version, updatedAt: new Date() })
    .where(eq(eisPlans.id, planId));
}

export async function insertVersion(tx: Tx, v: typeof eisPlanVersions.$inferInsert): Promise<VersionRow> {
  const [row] = await tx.insert(eisPlanVersions).values(v).returning();
  return row;
}

/** Known positions of a plan: guid -> id, and the numbers taken. */
export async function planPositionKeys(tx: Tx, planId: number, _companyId: number) {
  const rows = await tx
    .select({ id: eisPlanPositions.id, guid: eisPlanPositions.guid, number: eisPlanPositions.number })
    .from(eisPlanPositions)
    .where(eq(eisPlanPositions.planId, planId));
  return { ids: new Map(rows.map((r) => [r.guid, r.id])), numbers: rows.map((r) => r.number) };
}

/** New positions in one statement per 20 000 rows; returns guid -> id. */
export async function insertPositions(
  tx: Tx,
  planId: number,
  companyId: number,
  rows: { guid: string; number: string; ordinalNumber: number; firstVersion: number }[],
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (rows.length === 0) return out;
  const statements = insertStatements(
    eisPlanPositions,
    rows.map((r) => ({ planId, companyId, ...r })),
  );
  for (const statement of statements) {
    for (const r of await rowsOf<{ id: number; guid: string }>(tx, sql`${statement} returning id, guid`)) {
      out.set(r.guid, Number(r.id));
    }
  }
  return out;
}

export async function insertPositionVersions(tx: Tx, rows: PositionVersionInsert[]) {
  await runStatements(tx, insertStatements(eisPlanPositionVersions, rows));
}

/** Every position of a version with its number, in file order. */
export async function versionPositionRows(tx: Tx, versionId: number): Promise<PositionVersionRow[]> {
  const rows = await tx
    .select({ pv: eisPlanPositionVersions, number: eisPlanPositions.number, guid: eisPlanPositions.guid })
    .from(eisPlanPositionVersions)
    .innerJoin(eisPlanPositions, eq(eisPlanPositions.id, eisPlanPositionVersions.positionId))
    .where(eq(eisPlanPositionVersions.versionId, versionId))
    .orderBy(asc(eisPlanPositionVersions.sort));
  return rows.map((r) => ({ ...r.pv, number: r.number, guid: r.guid }));
}

export async function listPlans(tx: Tx, companyId: number, q: EisPlanListQuery) {
  const where = and(
    eq(eisPlans.companyId, companyId),
    q.year ? eq(eisPlans.year, q.year) : undefined,
    q.type ? eq(eisPlans.planType, q.type) : undefined,
    q.status ? eq(eisPlanVersions.status, q.status) : undefined,
  );
  const base = () =>
    tx
      .select({ plan: eisPlans, current: eisPlanVersions })
      .from(eisPlans)
      .innerJoin(
        eisPlanVersions,
        and(eq(eisPlanVersions.planId, eisPlans.id), eq(eisPlanVersions.version, eisPlans.currentVersion)),
      )
      .where(where);
  const rows = await onPage(
    base().orderBy(desc(eisPlans.year), asc(eisPlans.planType), asc(eisPlans.registrationNumber)),
    q,
  );
  const [{ total }] = await tx
    .select({ total: count() })
    .from(eisPlans)
    .innerJoin(
      eisPlanVersions,
      and(eq(eisPlanVersions.planId, eisPlans.id), eq(eisPlanVersions.version, eisPlans.currentVersion)),
    )
    .where(where);
  const counts = rows.length
    ? await tx
        .select({ planId: eisPlanVersions.planId, n: count() })
        .from(eisPlanVersions)
        .where(
          sql`${eisPlanVersions.planId} = any(${arrayParam(
            rows.map((r) => r.plan.id),
            'int',
          )})`,
        )
        .groupBy(eisPlanVersions.planId)
    : [];
  const versions = new Map(counts.map((c) => [c.planId, c.n]));
  return { rows: rows.map((r) => ({ ...r, versions: versions.get(r.plan.id) ?? 1 })), total };
}

/**
 * Keeps a version's totals (of all its positions) on its row, with its totals cells (what a page
 * filtered by status, method or month sums instead of reading its rows).
 */
export async function storeVersionTotals(tx: Tx, versionId: number, totals: EisPlanTotalsJson) {
  await tx
    .update(eisPlanVersions)
    .set({ totals, totalsCube: versionTotalsCells(versionId) })
    .where(eq(eisPlanVersions.id, versionId));
}

/**
 * Refreshes the planner's statistics of the positions after a large import: until autovacuum
 * gets to them (if ever: it may be off), a version of thousands of rows is planned as a few and
 * its pages read every row (issue 27 item 2). Runs in the import's transaction, its rows counted.
 */
export async function analyzePlanPositions(tx: Tx) {
  await tx.execute(sql`analyze ${eisPlanPositionVersions}, ${eisPlanPositions}`);
}

export async function findPositionByGuid(tx: Tx, companyId: number, guid: string) {
  const [row] = await tx
    .select()
    .from(eisPlanPositions)
    .where(and(eq(eisPlanPositions.companyId, companyId), eq(eisPlanPositions.guid, guid)));
  return row;
}

/** A version of a company's plan in one query (the positions page runs it on every request). */
export async function findPlanVersion(tx: Tx, companyId: number, planId: number, version: number) {
  const [row] = await tx
    .select({
      id: eisPlanVersions.id,
      totals: eisPlanVersions.totals,
      totalsCube: eisPlanVersions.totalsCube,
    })
    .from(eisPlanVersions)
    .innerJoin(eisPlans, eq(eisPlans.id, eisPlanVersions.planId))
    .where(
      and(
        eq(eisPlans.companyId, companyId),
        eq(eisPlanVersions.planId, planId),
        eq(eisPlanVersions.version, version),
      ),
    );
  return row;
}
