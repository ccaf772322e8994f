import { and, asc, desc, eq, isNull, like, or, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/bulk.js';
import type { Tx } from '../../db/client.js';
import {
  catalogEntries,
  eisPlanPositions,
  eisPlans,
  procurementEvents,
  procurementItems,
  procurementLots,
  procurementProtocols,
  procurements,
} from '../../db/schema/index.js';
import type { EisLotPlanInfo } from '../imports/eis/eis223-procurement.types.js';
import type { ItemRow, MethodEntry } from './eis-procurement.policy.js';

/** The SQL of the EIS notice and protocol import (eis-procurement.writer.ts). */

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

/**
 * The version of the customer's Положение in force on a day: published (or superseded since) and
 * within its effective dates, of a rule that is not archived and applies to the customer (a rule
 * naming the customer before one for all customers; the company itself is covered by the rules
 * for all). Null when there is none.
 */
export async function ruleVersionInForce(
  tx: Tx,
  companyId: number,
  customerId: number | null,
  day: string,
): Promise<{ id: number; ruleId: number; number: number } | null> {
  const [r] = await rowsOf<{ id: number; rule_id: number; number: number }>(
    tx,
    sql`
    select v.id, v.rule_id, v.number
    from procurement_rule_versions v
    join procurement_rules r on r.id = v.rule_id
    where r.company_id = ${companyId}
      and r.archived_at is null
      and v.status in ('published', 'superseded')
      and v.effective_from <= ${day}::date
      and (v.effective_to is null or v.effective_to >= ${day}::date)
      and (cardinality(r.customer_ids) = 0 or ${customerId ?? 0}::int = any(r.customer_ids))
    order by (cardinality(r.customer_ids) > 0) desc, v.effective_from desc, v.id desc
    limit 1`,
  );
  return r ? { id: Number(r.id), ruleId: Number(r.rule_id), number: Number(r.number) } : null;
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

/**
 * The next internal number of the year: `З-<year>-<NNN>` after the greatest of that form in the
 * company. The company's row is locked first, so two writers of one company number in turn.
 */
export async function nextProcurementNumber(tx: Tx, companyId: number, year: number): Promise<string> {
  await tx.execute(sql`select id from companies where id = ${companyId} for update`);
  const prefix = `З-${year}-`;
  const rows = await tx
    .select({ number: procurements.number })
    .from(procurements)
    .where(and(eq(procurements.companyId, companyId), like(procurements.number, `${prefix}%`)));
  let max = 0;
  for (const r of rows) {
    const m = /^З-\d{4}-(\d+)$/.exec(r.number);
    if (m) max = Math.max(max, Number(m[1]));
  }
  return `${prefix}${String(max + 1).padStart(3, '0')}`;
}

export async function insertProcurement(tx: Tx, values: ProcurementInsert): Promise<ProcurementRow> {
  const [row] = await tx.insert(procurements).values(values).returning();
  return row;
}

export async function updateProcurement(
  tx: Tx,
  id: number,
  values: Partial<ProcurementInsert>,
): Promise<ProcurementRow> {
  const [row] = await tx
    .update(procurements)
    .set({ ...values, revision: sql`${procurements.revision} + 1`, updatedAt: new Date() })
    .where(eq(procurements.id, id))
    .returning();
  return row;
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

export async function insertEvent(tx: Tx, e: EventInsert): Promise<void> {
  await tx.insert(procurementEvents).values(e);
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

export async function insertProtocol(tx: Tx, values: ProtocolInsert): Promise<ProtocolRow> {
  const [row] = await tx.insert(procurementProtocols).values(values).returning();
  return row;
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
