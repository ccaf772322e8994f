import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import {
  companies,
  contractEvents,
  contractItems,
  contracts,
  contractVersions,
  customers,
} from '../../../db/schema/index.js';
import type { CustomerRef } from '../../../kernel/eis/eis.types.js';
import type { ContractRow } from '../../contracts/contracts.repository.js';
import type { ContractColumns } from './eis-records.js';

/** The company's own ИНН and its заказчики (customers): contracts of other customers are skipped. */
export async function companyCustomers(
  tx: Tx,
  companyId: number,
): Promise<{ inn: string; refs: CustomerRef[] }> {
  const [company] = await tx.select().from(companies).where(eq(companies.id, companyId));
  const rows = await tx.select().from(customers).where(eq(customers.companyId, companyId));
  return {
    inn: company.inn,
    refs: [
      ...rows.map((r) => ({ id: r.id, inn: r.inn, kpp: r.kpp })),
      { id: null, inn: company.inn, kpp: company.kpp },
    ],
  };
}

/** The stored contract with this registry number or EIS guid, locked. */
export async function findEisContract(
  tx: Tx,
  companyId: number,
  registryNumber: string | null,
  guid: string | null,
): Promise<ContractRow | undefined> {
  const keys = [
    registryNumber ? eq(contracts.eisRegistryNumber, registryNumber) : undefined,
    guid ? eq(contracts.eisGuid, guid) : undefined,
  ].filter(Boolean);
  if (keys.length === 0) return undefined;
  const rows = await tx
    .select()
    .from(contracts)
    .where(and(eq(contracts.companyId, companyId), or(...keys)))
    .for('update');
  // the registry number wins over the guid (a guid names one version of the information)
  return rows.find((r) => registryNumber && r.eisRegistryNumber === registryNumber) ?? rows[0];
}

/** The ids of a contract's stored items in the order of their lines. */
export async function itemIdsByLine(tx: Tx, contractId: number): Promise<{ id: number; lineNo: number }[]> {
  return tx
    .select({ id: contractItems.id, lineNo: contractItems.lineNo })
    .from(contractItems)
    .where(eq(contractItems.contractId, contractId))
    .orderBy(asc(contractItems.lineNo));
}

/** Creates a contract from an EIS record; returns its id. */
export async function insertEisContract(
  tx: Tx,
  cols: ContractColumns,
  companyId: number,
  userId: number,
): Promise<number> {
  const [row] = await tx
    .insert(contracts)
    .values({ ...cols, companyId, createdBy: userId, updatedBy: userId })
    .returning({ id: contracts.id });
  return row.id;
}

/** Replaces a contract card with an EIS record's columns (or only its status). */
export async function updateEisContract(
  tx: Tx,
  id: number,
  cols: Partial<ContractColumns>,
  userId: number,
): Promise<void> {
  await tx
    .update(contracts)
    .set({ ...cols, updatedBy: userId })
    .where(eq(contracts.id, id));
}

/** Whether the contract's history already holds this EIS version. */
export async function hasEisVersion(tx: Tx, contractId: number, version: number): Promise<boolean> {
  const [kept] = await tx
    .select({ id: contractVersions.id })
    .from(contractVersions)
    .where(and(eq(contractVersions.contractId, contractId), eq(contractVersions.eisVersion, version)))
    .limit(1);
  return !!kept;
}

/**
 * Keeps an older EIS version in the contract's history only: the contract's revision goes up by
 * one and the version is stored with it.
 */
export async function insertOlderEisVersion(
  tx: Tx,
  v: {
    contractId: number;
    companyId: number;
    eisVersion: number;
    snapshot: Record<string, unknown>;
    changedBy: number;
  },
): Promise<void> {
  const [bumped] = await tx
    .update(contracts)
    .set({ revision: sql`${contracts.revision} + 1` })
    .where(eq(contracts.id, v.contractId))
    .returning({ revision: contracts.revision });
  await tx.insert(contractVersions).values({
    contractId: v.contractId,
    companyId: v.companyId,
    revision: bumped.revision,
    eisVersion: v.eisVersion,
    action: 'import',
    source: 'eis',
    snapshot: v.snapshot,
    changedBy: v.changedBy,
  });
}

/** A contract by id. */
export async function findContract(tx: Tx, id: number): Promise<ContractRow | undefined> {
  const [c] = await tx.select().from(contracts).where(eq(contracts.id, id));
  return c;
}

/** Contracts by id, in that order, with their events in the order of their dates (the import's violations). */
export async function contractsWithEvents(tx: Tx, ids: number[]) {
  if (ids.length === 0) return [];
  const [rows, events] = [
    await tx.select().from(contracts).where(inArray(contracts.id, ids)),
    await tx
      .select()
      .from(contractEvents)
      .where(inArray(contractEvents.contractId, ids))
      .orderBy(asc(contractEvents.eventDate), asc(contractEvents.id)),
  ];
  const byId = new Map(rows.map((c) => [c.id, { contract: c, events: [] as typeof events }]));
  for (const e of events) byId.get(e.contractId)?.events.push(e);
  // in the order asked for
  return ids.flatMap((id) => byId.get(id) ?? []);
}
