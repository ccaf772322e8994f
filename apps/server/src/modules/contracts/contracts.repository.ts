import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  companies,
  contractItems,
  contractStages,
  contracts,
  customers,
  eisPlanPositions,
  eisPlanPositionVersions,
  eisPlanVersions,
  paymentTerms,
  procurements,
} from '../../db/schema/index.js';
import type { ContractChildren } from './contracts.presenter.js';

/** Queries of a contract row and its stored parts (the register's list: contract-register.repository.ts). */

export type ContractRow = typeof contracts.$inferSelect;
export type ContractInsert = typeof contracts.$inferInsert;

/** The columns a register row is made of (`toListItem`): the page reads only these. */
export const LIST_COLUMNS = {
  id: contracts.id,
  companyId: contracts.companyId,
  law: contracts.law,
  eisRegistryNumber: contracts.eisRegistryNumber,
  version: contracts.version,
  number: contracts.number,
  contractDate: contracts.contractDate,
  subject: contracts.subject,
  customerName: contracts.customerName,
  customerInn: contracts.customerInn,
  supplierInn: contracts.supplierInn,
  supplierKpp: contracts.supplierKpp,
  supplierName: contracts.supplierName,
  supplierIsSme: contracts.supplierIsSme,
  price: contracts.price,
  currencyCode: contracts.currencyCode,
  startDate: contracts.startDate,
  endDate: contracts.endDate,
  status: contracts.status,
  executedAmount: contracts.executedAmount,
  paidAmount: contracts.paidAmount,
  source: contracts.source,
  eisPublishedAt: contracts.eisPublishedAt,
  archivedAt: contracts.archivedAt,
} as const;

/** One contract of one company, optionally locked for an update. */
export async function findContract(
  tx: Tx,
  companyId: number,
  id: number,
  opts: { lock?: boolean } = {},
): Promise<ContractRow | undefined> {
  const q = tx
    .select()
    .from(contracts)
    .where(and(eq(contracts.id, id), eq(contracts.companyId, companyId)));
  const [row] = opts.lock ? await q.for('update') : await q;
  return row;
}

/** Contracts by id (any company). */
export function contractsByIds(tx: Tx, ids: number[]): Promise<ContractRow[]> {
  return tx.select().from(contracts).where(inArray(contracts.id, ids));
}

/** The company a contract belongs to (to tell "not yours" from "no such contract"). */
export async function contractOwner(tx: Tx, id: number): Promise<number | null> {
  const [row] = await tx
    .select({ companyId: contracts.companyId })
    .from(contracts)
    .where(eq(contracts.id, id));
  return row?.companyId ?? null;
}

/**
 * The specification, stages and payment terms of contracts and the numbers of their procurements,
 * in queries one after another (a transaction is one connection).
 */
export async function contractChildren(
  tx: Tx,
  ids: number[],
  procurementIds: number[],
): Promise<ContractChildren> {
  const items = await tx
    .select()
    .from(contractItems)
    .where(inArray(contractItems.contractId, ids))
    .orderBy(asc(contractItems.contractId), asc(contractItems.lineNo));
  const stages = await tx
    .select()
    .from(contractStages)
    .where(inArray(contractStages.contractId, ids))
    .orderBy(asc(contractStages.contractId), asc(contractStages.stageNo));
  const terms = await tx
    .select()
    .from(paymentTerms)
    .where(inArray(paymentTerms.contractId, ids))
    .orderBy(asc(paymentTerms.contractId), asc(paymentTerms.lineNo));
  const procurementNumbers = new Map(
    procurementIds.length
      ? (
          await tx
            .select({ id: procurements.id, number: procurements.number })
            .from(procurements)
            .where(inArray(procurements.id, procurementIds))
        ).map((p) => [p.id, p.number])
      : [],
  );
  return { items, stages, terms, procurementNumbers };
}

/** The position of the company's plans with this number: its subject in the latest version that holds it. */
export async function planPositionOf(
  tx: Tx,
  companyId: number,
  number: string,
): Promise<{ subject: string } | null> {
  const [row] = await tx
    .select({ subject: eisPlanPositionVersions.subject })
    .from(eisPlanPositions)
    .innerJoin(eisPlanPositionVersions, eq(eisPlanPositionVersions.positionId, eisPlanPositions.id))
    .innerJoin(eisPlanVersions, eq(eisPlanVersions.id, eisPlanPositionVersions.versionId))
    .where(and(eq(eisPlanPositions.companyId, companyId), eq(eisPlanPositions.number, number)))
    .orderBy(desc(eisPlanVersions.version))
    .limit(1);
  return row ?? null;
}

/** A заказчик of the company. */
export async function companyCustomer(tx: Tx, companyId: number, id: number) {
  const [c] = await tx
    .select()
    .from(customers)
    .where(and(eq(customers.id, id), eq(customers.companyId, companyId)));
  return c;
}

/** The company itself (the customer of a contract that names none). */
export async function companyRow(tx: Tx, companyId: number) {
  const [co] = await tx.select().from(companies).where(eq(companies.id, companyId));
  return co;
}

/** Another contract of the company with this registry number or EIS guid. */
export async function contractWith(
  tx: Tx,
  companyId: number,
  field: 'eis_registry_number' | 'eis_guid',
  value: string,
  selfId: number | null,
): Promise<{ id: number; number: string; date: string } | undefined> {
  const column = field === 'eis_registry_number' ? contracts.eisRegistryNumber : contracts.eisGuid;
  const [other] = await tx
    .select({ id: contracts.id, number: contracts.number, date: contracts.contractDate })
    .from(contracts)
    .where(
      and(
        eq(contracts.companyId, companyId),
        eq(column, value),
        selfId ? ne(contracts.id, selfId) : undefined,
      ),
    );
  return other;
}

export async function insertContract(tx: Tx, values: ContractInsert): Promise<{ id: number }> {
  const [row] = await tx.insert(contracts).values(values).returning({ id: contracts.id });
  return row;
}

export async function updateContract(tx: Tx, id: number, set: Partial<ContractInsert>): Promise<void> {
  await tx.update(contracts).set(set).where(eq(contracts.id, id));
}

/** Closes a write: the revision + 1, the time and the author; answers the stored row. */
export async function bumpRevision(tx: Tx, id: number, userId: number | null): Promise<ContractRow> {
  const [row] = await tx
    .update(contracts)
    .set({ revision: sql`${contracts.revision} + 1`, updatedAt: new Date(), updatedBy: userId })
    .where(eq(contracts.id, id))
    .returning();
  return row;
}
