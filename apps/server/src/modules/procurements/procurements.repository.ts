import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { arrayParam } from '../../db/bulk.js';
import type { Tx } from '../../db/client.js';
import {
  catalogEntries,
  companies,
  contracts,
  customers,
  eisPlanPositions,
  procurementEvents,
  procurementItems,
  procurementLots,
  procurementProtocols,
  procurementRules,
  procurementRuleVersions,
  procurements,
  users,
} from '../../db/schema/index.js';

/** Every query of the procurement register. */

export type ProcurementRow = typeof procurements.$inferSelect;
export type LotRow = typeof procurementLots.$inferSelect;
export type ItemRow = typeof procurementItems.$inferSelect;
export type ProtocolRow = typeof procurementProtocols.$inferSelect;
export type EventRow = typeof procurementEvents.$inferSelect;

// ---------------------------------------------------------------- procurements

export async function findProcurement(tx: Tx, companyId: number, id: number, opts: { lock?: boolean } = {}) {
  const q = tx
    .select()
    .from(procurements)
    .where(and(eq(procurements.id, id), eq(procurements.companyId, companyId)));
  const [row] = opts.lock ? await q.for('update') : await q;
  return row ?? null;
}

/** The company of a procurement, whoever owns it (to tell a foreign id from a missing one). */
export async function procurementOwner(tx: Tx, id: number): Promise<number | null> {
  const [row] = await tx
    .select({ companyId: procurements.companyId })
    .from(procurements)
    .where(eq(procurements.id, id));
  return row?.companyId ?? null;
}

export async function insertProcurement(tx: Tx, values: typeof procurements.$inferInsert) {
  const [row] = await tx.insert(procurements).values(values).returning();
  return row;
}

export async function updateProcurement(
  tx: Tx,
  id: number,
  values: Partial<typeof procurements.$inferInsert>,
) {
  const [row] = await tx
    .update(procurements)
    .set({ ...values, revision: sql`${procurements.revision} + 1`, updatedAt: new Date() })
    .where(eq(procurements.id, id))
    .returning();
  return row;
}

export async function deleteProcurement(tx: Tx, id: number) {
  await tx.delete(procurements).where(eq(procurements.id, id));
}

export async function setNextDutyDue(tx: Tx, id: number, due: string | null) {
  await tx
    .update(procurements)
    .set({ nextDutyDue: due })
    .where(and(eq(procurements.id, id), sql`${procurements.nextDutyDue} is distinct from ${due}::date`));
}

/** Serialises the numbering of one company's procurements (until the transaction ends). */
export async function lockNumbering(tx: Tx, companyId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(727315, ${companyId})`);
}

export async function numbersWithPrefix(tx: Tx, companyId: number, prefix: string): Promise<string[]> {
  const rows = await tx
    .select({ number: procurements.number })
    .from(procurements)
    .where(and(eq(procurements.companyId, companyId), sql`${procurements.number} like ${`${prefix}%`}`));
  return rows.map((r) => r.number);
}

/** Another procurement of the company with this internal or EIS number. */
export async function findTaken(
  tx: Tx,
  companyId: number,
  field: 'number' | 'eis_notice_number',
  value: string,
  selfId: number | null,
) {
  const column = field === 'number' ? procurements.number : procurements.eisNoticeNumber;
  const [row] = await tx
    .select({ id: procurements.id, number: procurements.number })
    .from(procurements)
    .where(
      and(
        eq(procurements.companyId, companyId),
        eq(column, value),
        selfId ? sql`${procurements.id} <> ${selfId}` : undefined,
      ),
    );
  return row ?? null;
}

// ---------------------------------------------------------------- lots, items, protocols, events

export type LotWithItems = LotRow & { items: ItemRow[]; planPositionNumber: string | null };

export async function lotsOf(tx: Tx, procurementIds: number[]): Promise<LotWithItems[]> {
  if (procurementIds.length === 0) return [];
  const lots = await tx
    .select({ lot: procurementLots, positionNumber: eisPlanPositions.number })
    .from(procurementLots)
    .leftJoin(eisPlanPositions, eq(eisPlanPositions.id, procurementLots.planPositionId))
    .where(inArray(procurementLots.procurementId, procurementIds))
    .orderBy(asc(procurementLots.procurementId), asc(procurementLots.number));
  const items = lots.length
    ? await tx
        .select()
        .from(procurementItems)
        .where(
          inArray(
            procurementItems.lotId,
            lots.map((l) => l.lot.id),
          ),
        )
        .orderBy(asc(procurementItems.lotId), asc(procurementItems.lineNo))
    : [];
  const byLot = new Map<number, ItemRow[]>();
  for (const it of items) byLot.set(it.lotId, [...(byLot.get(it.lotId) ?? []), it]);
  return lots.map((l) => ({
    ...l.lot,
    items: byLot.get(l.lot.id) ?? [],
    planPositionNumber: l.positionNumber,
  }));
}

export async function lotCounts(tx: Tx, procurementIds: number[]) {
  if (procurementIds.length === 0) return new Map<number, number>();
  const rows = await tx
    .select({ id: procurementLots.procurementId, n: sql<number>`count(*)::int` })
    .from(procurementLots)
    .where(inArray(procurementLots.procurementId, procurementIds))
    .groupBy(procurementLots.procurementId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

export type LotValues = Omit<typeof procurementLots.$inferInsert, 'procurementId'> & {
  items: Omit<typeof procurementItems.$inferInsert, 'lotId'>[];
};

/** Replaces the lots of a procurement (their items go with them). */
export async function replaceLots(tx: Tx, procurementId: number, lots: LotValues[]) {
  await tx.delete(procurementLots).where(eq(procurementLots.procurementId, procurementId));
  for (const { items, ...lot } of lots) {
    const [row] = await tx
      .insert(procurementLots)
      .values({ ...lot, procurementId })
      .returning({ id: procurementLots.id });
    for (let i = 0; i < items.length; i += 1000)
      await tx
        .insert(procurementItems)
        .values(items.slice(i, i + 1000).map((it) => ({ ...it, lotId: row.id })));
  }
}

export async function protocolsOf(tx: Tx, procurementIds: number[]): Promise<ProtocolRow[]> {
  if (procurementIds.length === 0) return [];
  return tx
    .select()
    .from(procurementProtocols)
    .where(inArray(procurementProtocols.procurementId, procurementIds))
    .orderBy(asc(procurementProtocols.signedOn), asc(procurementProtocols.id));
}

export async function findProtocol(tx: Tx, procurementId: number, id: number) {
  const [row] = await tx
    .select()
    .from(procurementProtocols)
    .where(and(eq(procurementProtocols.id, id), eq(procurementProtocols.procurementId, procurementId)));
  return row ?? null;
}

export async function insertProtocol(tx: Tx, values: typeof procurementProtocols.$inferInsert) {
  const [row] = await tx.insert(procurementProtocols).values(values).returning();
  return row;
}

export async function updateProtocol(
  tx: Tx,
  id: number,
  values: Partial<typeof procurementProtocols.$inferInsert>,
) {
  await tx.update(procurementProtocols).set(values).where(eq(procurementProtocols.id, id));
}

export async function deleteProtocol(tx: Tx, id: number) {
  await tx.delete(procurementProtocols).where(eq(procurementProtocols.id, id));
}

export async function insertEvent(tx: Tx, values: typeof procurementEvents.$inferInsert) {
  await tx.insert(procurementEvents).values(values);
}

export async function eventsOf(tx: Tx, procurementId: number) {
  return tx
    .select({ e: procurementEvents, userTitle: users.title })
    .from(procurementEvents)
    .leftJoin(users, eq(users.id, procurementEvents.userId))
    .where(eq(procurementEvents.procurementId, procurementId))
    .orderBy(desc(procurementEvents.at), desc(procurementEvents.id));
}

/** Contracts concluded from the procurements (they name them in `procurement_id`). */
export async function contractsOf(tx: Tx, companyId: number, procurementIds: number[]) {
  if (procurementIds.length === 0) return [];
  return tx
    .select({
      id: contracts.id,
      procurementId: contracts.procurementId,
      number: contracts.number,
      contractDate: contracts.contractDate,
      supplierName: contracts.supplierName,
      price: contracts.price,
      status: contracts.status,
    })
    .from(contracts)
    .where(
      and(
        eq(contracts.companyId, companyId),
        sql`${contracts.procurementId} = any(${arrayParam(procurementIds, 'integer')})`,
      ),
    )
    .orderBy(asc(contracts.contractDate), asc(contracts.id));
}

// ---------------------------------------------------------------- names

export async function customerOf(tx: Tx, companyId: number, id: number) {
  const [row] = await tx
    .select()
    .from(customers)
    .where(and(eq(customers.id, id), eq(customers.companyId, companyId)));
  return row ?? null;
}

export async function customerByInn(tx: Tx, companyId: number, inn: string) {
  const [row] = await tx
    .select()
    .from(customers)
    .where(and(eq(customers.inn, inn), eq(customers.companyId, companyId)))
    .orderBy(asc(customers.id))
    .limit(1);
  return row ?? null;
}

export async function customerOwner(tx: Tx, id: number): Promise<number | null> {
  const [row] = await tx
    .select({ companyId: customers.companyId })
    .from(customers)
    .where(eq(customers.id, id));
  return row?.companyId ?? null;
}

export async function companyTitle(tx: Tx, companyId: number): Promise<string> {
  const [row] = await tx
    .select({ title: companies.title, fullTitle: companies.fullTitle })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.title ?? row?.fullTitle ?? '';
}

export async function customerTitles(tx: Tx, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await tx
    .select({ id: customers.id, title: customers.title })
    .from(customers)
    .where(inArray(customers.id, ids));
  return new Map(rows.map((r) => [r.id, r.title]));
}

export type EntryRow = {
  id: number;
  kind: string;
  typeCode: number | null;
  title: string;
  companyId: number | null;
  archivedAt: Date | null;
  extra: Record<string, unknown>;
};

/** Catalogue entries by id, whoever owns them (the caller checks kind and owner). */
export async function entries(tx: Tx, ids: number[]): Promise<Map<number, EntryRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await tx
    .select({
      id: catalogEntries.id,
      kind: catalogEntries.kind,
      typeCode: catalogEntries.typeCode,
      title: catalogEntries.title,
      companyId: catalogEntries.companyId,
      archivedAt: catalogEntries.archivedAt,
      extra: catalogEntries.extra,
    })
    .from(catalogEntries)
    .where(inArray(catalogEntries.id, unique));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Methods of the catalogue a company sees (global and its own, not archived). */
export async function visibleMethods(tx: Tx, companyId: number) {
  return tx
    .select({ id: catalogEntries.id, title: catalogEntries.title, extra: catalogEntries.extra })
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

// ---------------------------------------------------------------- rules

export type VersionRow = typeof procurementRuleVersions.$inferSelect & { ruleTitle: string };

/**
 * Rules of the company (not archived) that govern a customer: those naming it in `customer_ids`
 * first, then those naming nobody (the company's rule), each with its published versions.
 */
export async function governingVersions(tx: Tx, companyId: number, customerId: number | null) {
  const rows = await tx
    .select({
      v: procurementRuleVersions,
      ruleTitle: procurementRules.title,
      customerIds: procurementRules.customerIds,
    })
    .from(procurementRuleVersions)
    .innerJoin(procurementRules, eq(procurementRules.id, procurementRuleVersions.ruleId))
    .where(
      and(
        eq(procurementRules.companyId, companyId),
        isNull(procurementRules.archivedAt),
        customerId
          ? sql`(${customerId} = any(${procurementRules.customerIds}) or cardinality(${procurementRules.customerIds}) = 0)`
          : sql`cardinality(${procurementRules.customerIds}) = 0`,
      ),
    )
    .orderBy(desc(procurementRules.id), desc(procurementRuleVersions.number));
  return rows.map((r) => ({
    ...r.v,
    ruleTitle: r.ruleTitle,
    forCustomer: customerId !== null && r.customerIds.includes(customerId),
  }));
}

export async function versionById(tx: Tx, id: number): Promise<VersionRow> {
  const [row] = await tx
    .select({ v: procurementRuleVersions, ruleTitle: procurementRules.title })
    .from(procurementRuleVersions)
    .innerJoin(procurementRules, eq(procurementRules.id, procurementRuleVersions.ruleId))
    .where(eq(procurementRuleVersions.id, id));
  return { ...row.v, ruleTitle: row.ruleTitle };
}

/** The catalogue entries of the methods the company's procurements use, by title. */
export async function usedMethods(tx: Tx, companyId: number) {
  return tx
    .selectDistinct({ id: catalogEntries.id, code: catalogEntries.code, title: catalogEntries.title })
    .from(catalogEntries)
    .innerJoin(procurements, eq(procurements.methodId, catalogEntries.id))
    .where(eq(procurements.companyId, companyId))
    .orderBy(catalogEntries.title, catalogEntries.id);
}

/** The company a Положение version belongs to (null: no such version). */
export async function versionOwner(tx: Tx, id: number): Promise<number | null> {
  const [row] = await tx
    .select({ companyId: procurementRuleVersions.companyId })
    .from(procurementRuleVersions)
    .where(eq(procurementRuleVersions.id, id));
  return row?.companyId ?? null;
}
