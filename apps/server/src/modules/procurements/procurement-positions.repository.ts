import { desc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  eisPlanPositions,
  eisPlanPositionVersions,
  eisPlans,
  eisPlanVersions,
} from '../../db/schema/index.js';

/** The positions of EIS plans as a procurement made from them reads them (what the plans read of procurements: modules/eis-plans). */

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
