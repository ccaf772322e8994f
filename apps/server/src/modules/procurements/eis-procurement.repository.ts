import { and, asc, desc, eq, isNull, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  catalogEntries,
  eisPlanPositions,
  eisPlans,
  type procurementEvents,
  procurementItems,
  procurementLots,
  procurementProtocols,
  procurements,
} from '../../db/schema/index.js';
import type { EisLotPlanInfo } from '../../kernel/eis/eis223-procurement.types.js';
import type { ItemRow, MethodEntry } from './eis-procurement.policy.js';

/**
 * The SQL of the EIS notice and protocol import (eis-procurement.writer.ts); the writes it shares
 * with the register (a procurement, its events and protocols) are the register's own.
 */
export {
  insertEvent,
  insertProcurement,
  insertProtocol,
  updateProcurement,
} from './procurements.repository.js';

export type ProcurementRow = typeof procurements.$inferSelect;
export type ProcurementInsert = typeof procurements.$inferInsert;
export type ProtocolRow = typeof procurementProtocols.$inferSelect;
export type ProtocolInsert = typeof procurementProtocols.$inferInsert;
export type EventInsert = typeof procurementEvents.$inferInsert;

export async function findByNotice(tx: Tx, companyId: number, noticeNumber: string) {
  const [row] = await tx
    .select()
    .from(procurements)
    .where(and(eq(procurements.companyId, companyId), eq(procurements.eisNoticeNumber, noticeNumber)))
    .for('update');
  return row ?? null;
}

/** The methods the company may choose: global entries and its own, not archived. */
export async function methodEntries(tx: Tx, companyId: number): Promise<MethodEntry[]> {
  return tx
    .select({
      id: catalogEntries.id,
      code: catalogEntries.code,
      title: catalogEntries.title,
      companyId: catalogEntries.companyId,
      extra: catalogEntries.extra,
    })
    .from(catalogEntries)
    .where(
      and(
        eq(catalogEntries.kind, 'method'),
        isNull(catalogEntries.archivedAt),
        or(isNull(catalogEntries.companyId), eq(catalogEntries.companyId, companyId)),
      ),
    )
    .orderBy(asc(catalogEntries.id));
}

/** Adds a method to the company's catalogue (or finds the one added before under the same code). */
export async function addMethodEntry(
  tx: Tx,
  companyId: number,
  e: { code: string; title: string; extra: Record<string, unknown> },
): Promise<number> {
  const [found] = await tx
    .select({ id: catalogEntries.id })
    .from(catalogEntries)
    .where(
      and(
        eq(catalogEntries.kind, 'method'),
        eq(catalogEntries.companyId, companyId),
        eq(catalogEntries.code, e.code),
      ),
    );
  if (found) return found.id;
  const [row] = await tx
    .insert(catalogEntries)
    .values({ kind: 'method', code: e.code, title: e.title, extra: e.extra, companyId })
    .returning({ id: catalogEntries.id });
  return row.id;
}

/**
 * The company's plan position a lot comes from (`lotPlanInfo`): by the position's guid, else by
 * the plan's registration number and the position's ordinal number.
 */
export async function planPositionOf(
  tx: Tx,
  companyId: number,
  info: EisLotPlanInfo,
): Promise<{ id: number; number: string } | null> {
  if (info.positionGuid) {
    const [byGuid] = await tx
      .select({ id: eisPlanPositions.id, number: eisPlanPositions.number })
      .from(eisPlanPositions)
      .where(and(eq(eisPlanPositions.companyId, companyId), eq(eisPlanPositions.guid, info.positionGuid)))
      .orderBy(asc(eisPlanPositions.id))
      .limit(1);
    if (byGuid) return byGuid;
  }
  if (info.planRegistrationNumber && info.positionNumber !== null) {
    const [byNumber] = await tx
      .select({ id: eisPlanPositions.id, number: eisPlanPositions.number })
      .from(eisPlanPositions)
      .innerJoin(eisPlans, eq(eisPlans.id, eisPlanPositions.planId))
      .where(
        and(
          eq(eisPlans.companyId, companyId),
          eq(eisPlans.registrationNumber, info.planRegistrationNumber),
          eq(eisPlanPositions.ordinalNumber, info.positionNumber),
        ),
      )
      .orderBy(asc(eisPlanPositions.id))
      .limit(1);
    if (byNumber) return byNumber;
  }
  return null;
}

export type LotWrite = {
  number: number;
  subject: string;
  nmcd: string;
  planPositionId: number | null;
  eisGuid: string | null;
  items: ItemRow[];
};

/** Replaces the lots and items of a procurement with those of a notice. */
export async function replaceLots(tx: Tx, procurementId: number, lots: LotWrite[]): Promise<void> {
  await tx.delete(procurementLots).where(eq(procurementLots.procurementId, procurementId));
  for (const lot of lots) {
    const [row] = await tx
      .insert(procurementLots)
      .values({
        procurementId,
        number: lot.number,
        subject: lot.subject,
        nmcd: lot.nmcd,
        planPositionId: lot.planPositionId,
        eisGuid: lot.eisGuid,
      })
      .returning({ id: procurementLots.id });
    if (lot.items.length) {
      await tx.insert(procurementItems).values(lot.items.map((it) => ({ ...it, lotId: row.id })));
    }
  }
}

/** The lots of a procurement (number, НМЦД) as stored. */
export async function lotsOf(tx: Tx, procurementId: number) {
  return tx
    .select({ number: procurementLots.number, nmcd: procurementLots.nmcd })
    .from(procurementLots)
    .where(eq(procurementLots.procurementId, procurementId))
    .orderBy(asc(procurementLots.number));
}

/** Sets the plan position of a stored lot by its number (a procurement entered by hand keeps its lots). */
export async function setLotPlanPosition(tx: Tx, procurementId: number, number: number, positionId: number) {
  await tx
    .update(procurementLots)
    .set({ planPositionId: positionId })
    .where(and(eq(procurementLots.procurementId, procurementId), eq(procurementLots.number, number)));
}

export async function findProtocol(tx: Tx, procurementId: number, registrationNumber: string) {
  const [row] = await tx
    .select()
    .from(procurementProtocols)
    .where(
      and(
        eq(procurementProtocols.procurementId, procurementId),
        eq(procurementProtocols.eisRegistrationNumber, registrationNumber),
      ),
    )
    .orderBy(desc(procurementProtocols.id))
    .limit(1);
  return row ?? null;
}

export async function updateProtocol(
  tx: Tx,
  id: number,
  values: Partial<ProtocolInsert>,
): Promise<ProtocolRow> {
  const [row] = await tx
    .update(procurementProtocols)
    .set(values)
    .where(eq(procurementProtocols.id, id))
    .returning();
  return row;
}
