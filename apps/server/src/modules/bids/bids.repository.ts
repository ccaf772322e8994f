import { and, asc, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  bidCommissions,
  bidContracts,
  bidFiles,
  bidItemPrices,
  bidProtocols,
  bidScores,
  bids,
  type CommissionMember,
  catalogEntries,
  contracts,
  files,
  procurementDocumentsRules,
  procurementItems,
  procurementLots,
  procurementProtocols,
  procurementRuleVersions,
  procurements,
} from '../../db/schema/index.js';
import type { FileOwnerResolver, ResolvedFileOwner } from '../files/file-owners.js';

/** Every query of the bids module: bids, their prices, files and points, the commission, the protocols. */

export type BidRow = typeof bids.$inferSelect;
export type BidInsert = typeof bids.$inferInsert;
export type BidProtocolRow = typeof bidProtocols.$inferSelect;

// ---------------------------------------------------------------- reference reads

export async function methodEntry(tx: Tx, methodId: number) {
  const [row] = await tx
    .select({
      id: catalogEntries.id,
      code: catalogEntries.code,
      title: catalogEntries.title,
      extra: catalogEntries.extra,
    })
    .from(catalogEntries)
    .where(eq(catalogEntries.id, methodId));
  return row ?? null;
}

export async function versionMethods(tx: Tx, versionId: number) {
  const [row] = await tx
    .select({ methods: procurementRuleVersions.methods })
    .from(procurementRuleVersions)
    .where(eq(procurementRuleVersions.id, versionId));
  return row?.methods ?? [];
}

/** The documents rule of a version's method for a document kind (by its code), with a template. */
export async function documentsRuleFor(tx: Tx, versionId: number, methodId: number, kindCode: string) {
  const [row] = await tx
    .select({
      id: procurementDocumentsRules.id,
      title: procurementDocumentsRules.title,
      templateFileId: procurementDocumentsRules.templateFileId,
    })
    .from(procurementDocumentsRules)
    .innerJoin(catalogEntries, eq(catalogEntries.id, procurementDocumentsRules.documentKindId))
    .where(
      and(
        eq(procurementDocumentsRules.versionId, versionId),
        eq(procurementDocumentsRules.methodId, methodId),
        eq(catalogEntries.code, kindCode),
        isNotNull(procurementDocumentsRules.templateFileId),
      ),
    )
    .orderBy(asc(procurementDocumentsRules.position))
    .limit(1);
  return row ?? null;
}

export async function lotsOf(tx: Tx, procurementId: number) {
  const lots = await tx
    .select()
    .from(procurementLots)
    .where(eq(procurementLots.procurementId, procurementId))
    .orderBy(asc(procurementLots.number));
  const items = lots.length
    ? await tx
        .select()
        .from(procurementItems)
        .where(
          inArray(
            procurementItems.lotId,
            lots.map((l) => l.id),
          ),
        )
        .orderBy(asc(procurementItems.lineNo))
    : [];
  return lots.map((l) => ({ ...l, items: items.filter((i) => i.lotId === l.id) }));
}
export type LotWithItems = Awaited<ReturnType<typeof lotsOf>>[number];

// ---------------------------------------------------------------- bids

export async function bidsOf(tx: Tx, procurementId: number) {
  return tx
    .select()
    .from(bids)
    .where(eq(bids.procurementId, procurementId))
    .orderBy(asc(bids.lotId), asc(bids.receivedAt), asc(bids.id));
}

export async function findBid(tx: Tx, procurementId: number, bidId: number, opts: { lock?: boolean } = {}) {
  const q = tx
    .select()
    .from(bids)
    .where(and(eq(bids.procurementId, procurementId), eq(bids.id, bidId)));
  const [row] = opts.lock ? await q.for('update') : await q;
  return row ?? null;
}

/** The bid of the same participant (ИНН + КПП) in the lot, other than `exceptId`. */
export async function findSameParticipant(
  tx: Tx,
  lotId: number,
  inn: string,
  kpp: string | null,
  exceptId: number | null,
) {
  const [row] = await tx
    .select({ id: bids.id })
    .from(bids)
    .where(
      and(
        eq(bids.lotId, lotId),
        eq(bids.participantInn, inn),
        sql`coalesce(${bids.participantKpp}, '') = ${kpp ?? ''}`,
        exceptId ? ne(bids.id, exceptId) : undefined,
      ),
    );
  return row ?? null;
}

export async function insertBid(tx: Tx, values: BidInsert) {
  const [row] = await tx.insert(bids).values(values).returning();
  return row;
}

export async function updateBid(tx: Tx, id: number, values: Partial<BidInsert>) {
  const [row] = await tx
    .update(bids)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(bids.id, id))
    .returning();
  return row;
}

export async function deleteBid(tx: Tx, id: number) {
  await tx.delete(bids).where(eq(bids.id, id));
}

export async function itemPricesOf(tx: Tx, bidIds: number[]) {
  if (bidIds.length === 0) return [];
  return tx
    .select({
      bidId: bidItemPrices.bidId,
      itemId: bidItemPrices.itemId,
      lineNo: procurementItems.lineNo,
      name: procurementItems.name,
      quantity: procurementItems.quantity,
      okpd2Code: procurementItems.okpd2Code,
      okeiCode: procurementItems.okeiCode,
      unitName: procurementItems.unitName,
      vatRate: procurementItems.vatRate,
      unitPrice: bidItemPrices.unitPrice,
      amount: bidItemPrices.amount,
    })
    .from(bidItemPrices)
    .innerJoin(procurementItems, eq(procurementItems.id, bidItemPrices.itemId))
    .where(inArray(bidItemPrices.bidId, bidIds))
    .orderBy(asc(procurementItems.lineNo));
}

export async function replaceItemPrices(
  tx: Tx,
  bidId: number,
  rows: { itemId: number; unitPrice: string; amount: string }[],
) {
  await tx.delete(bidItemPrices).where(eq(bidItemPrices.bidId, bidId));
  if (rows.length) await tx.insert(bidItemPrices).values(rows.map((r) => ({ ...r, bidId })));
}

export async function filesOf(tx: Tx, bidIds: number[]) {
  if (bidIds.length === 0) return [];
  return tx
    .select({ bidId: bidFiles.bidId, fileId: bidFiles.fileId, name: files.name, size: files.size })
    .from(bidFiles)
    .innerJoin(files, eq(files.id, bidFiles.fileId))
    .where(inArray(bidFiles.bidId, bidIds))
    .orderBy(asc(bidFiles.id));
}

export async function insertBidFile(tx: Tx, bidId: number, fileId: number) {
  await tx.insert(bidFiles).values({ bidId, fileId }).onConflictDoNothing();
}

export async function deleteBidFile(tx: Tx, bidId: number, fileId: number) {
  const gone = await tx
    .delete(bidFiles)
    .where(and(eq(bidFiles.bidId, bidId), eq(bidFiles.fileId, fileId)))
    .returning({ id: bidFiles.id });
  return gone.length > 0;
}

// ---------------------------------------------------------------- points

export async function scoresOf(tx: Tx, bidIds: number[]) {
  if (bidIds.length === 0) return [];
  return tx.select().from(bidScores).where(inArray(bidScores.bidId, bidIds)).orderBy(asc(bidScores.id));
}

export async function upsertScores(
  tx: Tx,
  rows: {
    bidId: number;
    criterionCode: string;
    memberName: string;
    points: string;
    createdBy: number | null;
  }[],
) {
  if (rows.length === 0) return;
  await tx
    .insert(bidScores)
    .values(rows)
    .onConflictDoUpdate({
      target: [bidScores.bidId, bidScores.criterionCode, bidScores.memberName],
      set: { points: sql`excluded.points`, createdBy: sql`excluded.created_by`, createdAt: new Date() },
    });
}

// ---------------------------------------------------------------- commission

export async function commissionOf(tx: Tx, procurementId: number): Promise<CommissionMember[]> {
  const [row] = await tx
    .select({ members: bidCommissions.members })
    .from(bidCommissions)
    .where(eq(bidCommissions.procurementId, procurementId));
  return row?.members ?? [];
}

export async function saveCommission(
  tx: Tx,
  values: { procurementId: number; companyId: number; members: CommissionMember[]; updatedBy: number | null },
) {
  await tx
    .insert(bidCommissions)
    .values(values)
    .onConflictDoUpdate({
      target: bidCommissions.procurementId,
      set: { members: values.members, updatedBy: values.updatedBy, updatedAt: new Date() },
    });
}

// ---------------------------------------------------------------- protocols

export async function protocolsOf(tx: Tx, procurementId: number) {
  return tx
    .select({ p: bidProtocols, fileName: files.name })
    .from(bidProtocols)
    .leftJoin(files, eq(files.id, bidProtocols.docxFileId))
    .where(eq(bidProtocols.procurementId, procurementId))
    .orderBy(asc(bidProtocols.createdAt), asc(bidProtocols.id));
}
export type ProtocolListRow = Awaited<ReturnType<typeof protocolsOf>>[number];

// ---------------------------------------------------------------- contracts drawn per lot

/** The contracts drawn from the lots' winners of a procurement, with their numbers, by lot number. */
export async function lotContractsOf(tx: Tx, procurementId: number) {
  return tx
    .select({
      lotId: bidContracts.lotId,
      lotNumber: procurementLots.number,
      protocolId: bidContracts.protocolId,
      bidId: bidContracts.bidId,
      contractId: bidContracts.contractId,
      contractNumber: contracts.number,
    })
    .from(bidContracts)
    .innerJoin(procurementLots, eq(procurementLots.id, bidContracts.lotId))
    .innerJoin(contracts, eq(contracts.id, bidContracts.contractId))
    .where(eq(bidContracts.procurementId, procurementId))
    .orderBy(asc(procurementLots.number));
}
export type LotContractRow = Awaited<ReturnType<typeof lotContractsOf>>[number];

/** The contract drawn from the lot's winner, locked (one per lot). */
export async function lotContractOf(tx: Tx, lotId: number) {
  const [row] = await tx
    .select({ contractId: bidContracts.contractId, contractNumber: contracts.number })
    .from(bidContracts)
    .innerJoin(contracts, eq(contracts.id, bidContracts.contractId))
    .where(eq(bidContracts.lotId, lotId))
    .for('update', { of: bidContracts });
  return row ?? null;
}

export async function insertLotContract(tx: Tx, values: typeof bidContracts.$inferInsert) {
  await tx.insert(bidContracts).values(values);
}

export async function findProtocol(tx: Tx, procurementId: number, id: number, opts: { lock?: boolean } = {}) {
  const q = tx
    .select()
    .from(bidProtocols)
    .where(and(eq(bidProtocols.procurementId, procurementId), eq(bidProtocols.id, id)));
  const [row] = opts.lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function nextProtocolVersion(tx: Tx, procurementId: number, kind: BidProtocolRow['kind']) {
  const [row] = await tx
    .select({ v: sql<number>`coalesce(max(${bidProtocols.version}), 0)::int` })
    .from(bidProtocols)
    .where(and(eq(bidProtocols.procurementId, procurementId), eq(bidProtocols.kind, kind)));
  return (row?.v ?? 0) + 1;
}

export async function insertProtocol(tx: Tx, values: typeof bidProtocols.$inferInsert) {
  const [row] = await tx.insert(bidProtocols).values(values).returning();
  return row;
}

export async function updateProtocol(tx: Tx, id: number, values: Partial<typeof bidProtocols.$inferInsert>) {
  const [row] = await tx.update(bidProtocols).set(values).where(eq(bidProtocols.id, id)).returning();
  return row;
}

/** The newest procurement protocol just recorded (by kind and signing day), for the link of a signed one. */
export async function latestProcurementProtocol(tx: Tx, procurementId: number) {
  const [row] = await tx
    .select({ id: procurementProtocols.id })
    .from(procurementProtocols)
    .where(eq(procurementProtocols.procurementId, procurementId))
    .orderBy(desc(procurementProtocols.id))
    .limit(1);
  return row ?? null;
}

// ---------------------------------------------------------------- EIS protocols

export type StoredEisApplication = {
  lot_number: number;
  number: string | null;
  supplier_name: string | null;
  supplier_inn: string | null;
  supplier_kpp: string | null;
  price: string | null;
  accepted: string | null;
  winner: boolean;
  place?: string | null;
  received_at?: string | null;
  supplier_address?: string | null;
};

/** The imported protocols of a procurement with their applications, oldest first. */
export async function eisProtocolsOf(tx: Tx, procurementId: number) {
  const rows = await tx
    .select({
      id: procurementProtocols.id,
      kind: procurementProtocols.kind,
      final: procurementProtocols.final,
      signedOn: procurementProtocols.signedOn,
      applications: procurementProtocols.applications,
    })
    .from(procurementProtocols)
    .where(and(eq(procurementProtocols.procurementId, procurementId), eq(procurementProtocols.source, 'eis')))
    .orderBy(asc(procurementProtocols.signedOn), asc(procurementProtocols.id));
  return rows.map((r) => ({
    ...r,
    applications: (Array.isArray(r.applications) ? r.applications : []) as StoredEisApplication[],
  }));
}

// ---------------------------------------------------------------- files

/** The bids' files and generated protocols: whose they are (the file page). */
export const bidFileOwners: FileOwnerResolver = async (db, fileIds, scope) => {
  const out = new Map<number, ResolvedFileOwner>();
  if (fileIds.length === 0 || (scope.companyIds && scope.companyIds.length === 0)) return out;
  const inScope = scope.companyIds ? inArray(bids.companyId, scope.companyIds) : undefined;
  const attached = await db
    .select({
      fileId: bidFiles.fileId,
      bidId: bids.id,
      name: bids.participantName,
      procurementId: bids.procurementId,
      number: procurements.number,
      companyId: bids.companyId,
    })
    .from(bidFiles)
    .innerJoin(bids, eq(bids.id, bidFiles.bidId))
    .innerJoin(procurements, eq(procurements.id, bids.procurementId))
    .where(and(inArray(bidFiles.fileId, fileIds), inScope));
  for (const r of attached)
    out.set(r.fileId, {
      kind: 'bid',
      kind_title: 'Заявка участника закупки',
      id: r.bidId,
      title: `Заявка ${r.name} — закупка № ${r.number}`,
      link: `/procurements/${r.procurementId}`,
      companyId: r.companyId,
    });
  const generated = await db
    .select({
      fileId: bidProtocols.docxFileId,
      id: bidProtocols.id,
      kind: bidProtocols.kind,
      version: bidProtocols.version,
      procurementId: bidProtocols.procurementId,
      number: procurements.number,
      companyId: bidProtocols.companyId,
    })
    .from(bidProtocols)
    .innerJoin(procurements, eq(procurements.id, bidProtocols.procurementId))
    .where(
      and(
        inArray(bidProtocols.docxFileId, fileIds),
        scope.companyIds ? inArray(bidProtocols.companyId, scope.companyIds) : undefined,
      ),
    );
  for (const r of generated)
    if (r.fileId !== null)
      out.set(r.fileId, {
        kind: 'bid_protocol',
        kind_title: 'Протокол закупки',
        id: r.id,
        title: `Протокол (${r.kind}), версия ${r.version} — закупка № ${r.number}`,
        link: `/procurements/${r.procurementId}`,
        companyId: r.companyId,
      });
  return out;
};

/** The procurement row, locked: every write on its bids is serialised by it. */
export async function lockProcurement(tx: Tx, companyId: number, id: number) {
  const [row] = await tx
    .select()
    .from(procurements)
    .where(and(eq(procurements.companyId, companyId), eq(procurements.id, id)))
    .for('update');
  return row ?? null;
}
export type ProcurementRow = typeof procurements.$inferSelect;
