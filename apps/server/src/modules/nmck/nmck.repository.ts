import { and, asc, desc, eq, inArray, isNull, like, max, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  catalogEntries,
  companies,
  contractItems,
  contracts,
  customers,
  files,
  nmckJustifications,
  nmckRequests,
  nmckSources,
  procurementRuleVersions,
  procurements,
} from '../../db/schema/index.js';
import type { FileOwnerResolver, ResolvedFileOwner } from '../files/file-owners.js';

/** Every query of the НМЦД justification (docs/nmck.md). */

export type SourceRow = typeof nmckSources.$inferSelect;
export type RequestRow = typeof nmckRequests.$inferSelect;
export type JustificationRow = typeof nmckJustifications.$inferSelect;

export async function justificationOf(tx: Tx, procurementId: number): Promise<JustificationRow | null> {
  const [row] = await tx
    .select()
    .from(nmckJustifications)
    .where(eq(nmckJustifications.procurementId, procurementId));
  return row ?? null;
}

export async function upsertJustification(
  tx: Tx,
  values: typeof nmckJustifications.$inferInsert,
): Promise<JustificationRow> {
  const { procurementId: _p, companyId: _c, ...set } = values;
  const [row] = await tx
    .insert(nmckJustifications)
    .values(values)
    .onConflictDoUpdate({ target: nmckJustifications.procurementId, set: { ...set, updatedAt: new Date() } })
    .returning();
  return row;
}

export async function sourcesOf(tx: Tx, procurementId: number): Promise<SourceRow[]> {
  return tx
    .select()
    .from(nmckSources)
    .where(eq(nmckSources.procurementId, procurementId))
    .orderBy(asc(nmckSources.lotNumber), asc(nmckSources.lineNo), asc(nmckSources.id));
}

/** Whether the procurement's justification has any price source (one index probe). */
export async function hasSources(tx: Tx, procurementId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: nmckSources.id })
    .from(nmckSources)
    .where(eq(nmckSources.procurementId, procurementId))
    .limit(1);
  return row !== undefined;
}

export async function insertSource(tx: Tx, values: typeof nmckSources.$inferInsert): Promise<SourceRow> {
  const [row] = await tx.insert(nmckSources).values(values).returning();
  return row;
}

export async function findSource(tx: Tx, procurementId: number, id: number): Promise<SourceRow | null> {
  const [row] = await tx
    .select()
    .from(nmckSources)
    .where(and(eq(nmckSources.procurementId, procurementId), eq(nmckSources.id, id)));
  return row ?? null;
}

export async function deleteSource(tx: Tx, id: number) {
  await tx.delete(nmckSources).where(eq(nmckSources.id, id));
}

export async function requestsOf(tx: Tx, procurementId: number) {
  return tx
    .select({ request: nmckRequests, offers: sql<number>`count(${nmckSources.id})::int` })
    .from(nmckRequests)
    .leftJoin(nmckSources, eq(nmckSources.requestId, nmckRequests.id))
    .where(eq(nmckRequests.procurementId, procurementId))
    .groupBy(nmckRequests.id)
    .orderBy(asc(nmckRequests.number));
}

export async function findRequest(tx: Tx, procurementId: number, id: number): Promise<RequestRow | null> {
  const [row] = await tx
    .select()
    .from(nmckRequests)
    .where(and(eq(nmckRequests.procurementId, procurementId), eq(nmckRequests.id, id)));
  return row ?? null;
}

export async function insertRequest(tx: Tx, values: Omit<typeof nmckRequests.$inferInsert, 'number'>) {
  const [{ n }] = await tx
    .select({ n: max(nmckRequests.number) })
    .from(nmckRequests)
    .where(eq(nmckRequests.procurementId, values.procurementId));
  const [row] = await tx
    .insert(nmckRequests)
    .values({ ...values, number: (n ?? 0) + 1 })
    .returning();
  return row;
}

/** The justification settings a version keeps (null: the defaults). */
export async function versionSettings(tx: Tx, versionId: number | null) {
  if (versionId === null) return null;
  const [row] = await tx
    .select({ settings: procurementRuleVersions.nmckSettings, title: procurementRuleVersions.number })
    .from(procurementRuleVersions)
    .where(eq(procurementRuleVersions.id, versionId));
  return row?.settings ?? null;
}

/** The global entry of the НМЦД methods catalogue (type 1) with a code. */
export async function nmcdMethodEntry(tx: Tx, code: string): Promise<number | null> {
  const [row] = await tx
    .select({ id: catalogEntries.id })
    .from(catalogEntries)
    .where(
      and(
        eq(catalogEntries.kind, 'generic'),
        eq(catalogEntries.typeCode, 1),
        isNull(catalogEntries.companyId),
        eq(catalogEntries.code, code),
      ),
    );
  return row?.id ?? null;
}

/** Sets or clears an offer's file. */
export async function setSourceFile(tx: Tx, id: number, fileId: number | null) {
  await tx.update(nmckSources).set({ fileId }).where(eq(nmckSources.id, id));
}

/** The names of the offers' files of a procurement, by file id. */
export async function offerFileNames(tx: Tx, procurementId: number): Promise<Map<number, string>> {
  const rows = await tx
    .select({ id: files.id, name: files.name })
    .from(nmckSources)
    .innerJoin(files, eq(files.id, nmckSources.fileId))
    .where(eq(nmckSources.procurementId, procurementId));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The company's file (an offer's scan), or null. */
export async function companyFile(tx: Tx, companyId: number, id: number) {
  const [row] = await tx
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.id, id), eq(files.companyId, companyId)));
  return row ?? null;
}

const comparableColumns = {
  contract_item_id: contractItems.id,
  contract_id: contracts.id,
  contract_number: contracts.number,
  registry_number: contracts.eisRegistryNumber,
  contract_date: contracts.contractDate,
  supplier_name: contracts.supplierName,
  supplier_inn: contracts.supplierInn,
  name: contractItems.name,
  okpd2_code: contractItems.okpd2Code,
  okei_code: contractItems.okeiCode,
  unit_name: contractItems.unitName,
  quantity: contractItems.quantity,
  price: contractItems.price,
  vat_rate: contractItems.vatRate,
};

/**
 * Contract items of the company's register (not archived, not drafts or cancelled) whose ОКПД2
 * code starts with the prefix, with the unit when given, newest contract first. The prefix is
 * served by `contract_items_okpd2_idx` (text_pattern_ops), the company by the contract's key.
 */
export async function comparableItems(
  tx: Tx,
  companyId: number,
  okpd2: string,
  okei: string | null,
  limit: number,
) {
  const escaped = okpd2.replace(/[\\%_]/g, (c) => `\\${c}`);
  return tx
    .select(comparableColumns)
    .from(contractItems)
    .innerJoin(contracts, eq(contracts.id, contractItems.contractId))
    .where(
      and(
        like(contractItems.okpd2Code, `${escaped}%`),
        okei ? eq(contractItems.okeiCode, okei) : undefined,
        eq(contracts.companyId, companyId),
        isNull(contracts.archivedAt),
        sql`${contracts.status} in ('concluded', 'executed', 'terminated')`,
      ),
    )
    .orderBy(desc(contracts.contractDate), desc(contractItems.id))
    .limit(limit);
}

/** One contract item of the company's register, or null. */
export async function companyContractItem(tx: Tx, companyId: number, id: number) {
  const [row] = await tx
    .select(comparableColumns)
    .from(contractItems)
    .innerJoin(contracts, eq(contracts.id, contractItems.contractId))
    .where(and(eq(contractItems.id, id), eq(contracts.companyId, companyId)));
  return row ?? null;
}

/** The buyer's name for a request letter: the procurement's customer, else the company. */
export async function buyerTitle(tx: Tx, companyId: number, customerId: number | null): Promise<string> {
  if (customerId !== null) {
    const [c] = await tx
      .select({ title: customers.title })
      .from(customers)
      .where(and(eq(customers.id, customerId), eq(customers.companyId, companyId)));
    if (c) return c.title;
  }
  const [row] = await tx
    .select({ title: companies.title, full: companies.fullTitle })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.title ?? row?.full ?? 'Заказчик';
}

/**
 * The file page's owner of an offer's file (`nmck_sources.file_id`): the commercial offer of a
 * procurement's НМЦД justification, only in the companies of the scope (files module).
 */
export const nmckOfferFileOwners: FileOwnerResolver = async (db, fileIds, scope) => {
  const out = new Map<number, ResolvedFileOwner>();
  if (fileIds.length === 0 || (scope.companyIds && scope.companyIds.length === 0)) return out;
  const rows = await db
    .select({
      fileId: nmckSources.fileId,
      id: nmckSources.id,
      inn: nmckSources.supplierInn,
      name: nmckSources.supplierName,
      date: nmckSources.sourceDate,
      procurementId: nmckSources.procurementId,
      number: procurements.number,
      companyId: nmckSources.companyId,
    })
    .from(nmckSources)
    .innerJoin(procurements, eq(procurements.id, nmckSources.procurementId))
    .where(
      and(
        inArray(nmckSources.fileId, fileIds),
        scope.companyIds ? inArray(nmckSources.companyId, scope.companyIds) : undefined,
      ),
    )
    .orderBy(desc(nmckSources.id));
  for (const r of rows) {
    if (r.fileId === null || out.has(r.fileId)) continue;
    out.set(r.fileId, {
      kind: 'nmck_offer',
      kind_title: 'Коммерческое предложение (обоснование НМЦД)',
      id: r.id,
      title: `Коммерческое предложение ${r.name ?? ''} (ИНН ${r.inn ?? ''}) — закупка № ${r.number}`,
      link: `/procurements/${r.procurementId}`,
      companyId: r.companyId,
    });
  }
  return out;
};
