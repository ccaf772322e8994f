import { desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { arrayParam } from '../../db/bulk.js';
import type { Tx } from '../../db/client.js';
import {
  eisPlanPositions,
  eisPlanPositionVersions,
  eisPlans,
  eisPlanVersions,
  procurementLots,
  procurements,
} from '../../db/schema/index.js';

/** Queries joining procurements and the positions of EIS plans (both modules read them). */

// ---------------------------------------------------------------- plan positions

/** The owner of each position (ownership checks before a write). */
export async function positionOwners(tx: Tx, ids: number[]): Promise<Map<number, number>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await tx
    .select({ id: eisPlanPositions.id, companyId: eisPlanPositions.companyId })
    .from(eisPlanPositions)
    .where(inArray(eisPlanPositions.id, unique));
  return new Map(rows.map((r) => [r.id, r.companyId]));
}

/**
 * Positions as the newest version that holds them states them: number, НМЦД, annulled (status A,
 * or left out of the plan's current version), and what a procurement is made from.
 */
export async function positionStates(tx: Tx, ids: number[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map<number, PositionState>();
  const rows = await tx
    .selectDistinctOn([eisPlanPositionVersions.positionId], {
      id: eisPlanPositions.id,
      companyId: eisPlanPositions.companyId,
      number: eisPlanPositions.number,
      pv: eisPlanPositionVersions,
      version: eisPlanVersions.version,
      currentVersion: eisPlans.currentVersion,
    })
    .from(eisPlanPositionVersions)
    .innerJoin(eisPlanPositions, eq(eisPlanPositions.id, eisPlanPositionVersions.positionId))
    .innerJoin(eisPlanVersions, eq(eisPlanVersions.id, eisPlanPositionVersions.versionId))
    .innerJoin(eisPlans, eq(eisPlans.id, eisPlanPositions.planId))
    .where(inArray(eisPlanPositionVersions.positionId, unique))
    .orderBy(eisPlanPositionVersions.positionId, desc(eisPlanVersions.version));
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        companyId: r.companyId,
        number: r.number,
        price: r.pv.price,
        annulled: r.pv.status === 'A' || r.version !== r.currentVersion,
        pv: r.pv,
      },
    ]),
  );
}
export type PositionState = {
  id: number;
  companyId: number;
  number: string;
  price: string | null;
  annulled: boolean;
  pv: typeof eisPlanPositionVersions.$inferSelect;
};

/**
 * What procurements hold of plan positions (the eis-plans rules): per position and procurement,
 * the amount (the procurement's НМЦД when it names the position itself, else the sum of its lots
 * that do), the notice's placement and whether it is live (not cancelled, not failed).
 */
export async function procurementLinks(tx: Tx, companyId: number, positionIds: number[] | null) {
  const only = positionIds ? sql`and pos = any(${arrayParam(positionIds, 'integer')})` : sql``;
  const result = (await tx.execute(sql`
    select pos as "positionId", p.id as "procurementId", p.number, p.subject, p.status, p.published_on::text as "publishedOn",
           case when p.plan_position_id = pos then p.nmcd::text
                else (select coalesce(sum(l.nmcd), 0)::text from procurement_lots l
                       where l.procurement_id = p.id and l.plan_position_id = pos) end as amount
      from procurements p
      cross join lateral (
        select p.plan_position_id as pos where p.plan_position_id is not null
        union
        select l.plan_position_id from procurement_lots l
         where l.procurement_id = p.id and l.plan_position_id is not null
      ) x
     where p.company_id = ${companyId} ${only}
     order by pos, p.id`)) as unknown as {
    rows: {
      positionId: number;
      procurementId: number;
      number: string;
      subject: string;
      status: string;
      publishedOn: string | null;
      amount: string;
    }[];
  };
  return result.rows.map((r) => ({
    ...r,
    positionId: Number(r.positionId),
    procurementId: Number(r.procurementId),
    publishedOn: r.publishedOn,
    live: r.status !== 'cancelled' && r.status !== 'failed',
  }));
}

/** A live procurement names the position (itself or through a lot): SQL for the positions filter. */
export const positionHasProcurement = (positionId: SQL | typeof eisPlanPositions.id): SQL =>
  sql`exists (select 1 from ${procurements} p where p.status not in ('cancelled', 'failed') and (p.plan_position_id = ${positionId}
      or exists (select 1 from ${procurementLots} l where l.procurement_id = p.id and l.plan_position_id = ${positionId})))`;
