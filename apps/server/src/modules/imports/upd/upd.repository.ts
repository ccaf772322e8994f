import type { UpdListQuery } from '@zakupki/shared';
import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, ne, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../../db/client.js';
import { countOf, onPage, paged } from '../../../db/paging.js';
import {
  contractItems,
  contracts,
  updDocuments,
  updLineMappings,
  updLines,
} from '../../../db/schema/index.js';
import type { UpdContractCandidate } from './upd-contract-match.js';
import type { SpecItem } from './upd-mapping.js';
import { proposedMappings } from './upd-records.js';

export type UpdDocumentRow = typeof updDocuments.$inferSelect;
export type UpdLineRow = typeof updLines.$inferSelect;
export type UpdMappingRow = typeof updLineMappings.$inferSelect;
export type ContractRow = typeof contracts.$inferSelect;
export type SpecItemRow = SpecItem & typeof contractItems.$inferSelect;

/** The company's contracts with these suppliers (all of them when `sellerInns` is omitted). */
export async function contractCandidates(
  tx: Tx,
  companyId: number,
  sellerInns?: string[],
): Promise<UpdContractCandidate[]> {
  if (sellerInns && sellerInns.length === 0) return [];
  return tx
    .select({
      id: contracts.id,
      number: contracts.number,
      contractDate: contracts.contractDate,
      eisRegistryNumber: contracts.eisRegistryNumber,
      supplierInn: contracts.supplierInn,
      customerInn: contracts.customerInn,
      status: contracts.status,
    })
    .from(contracts)
    .where(
      and(
        eq(contracts.companyId, companyId),
        sellerInns
          ? // archived contracts too, in two arms so that each is served by its partial index
            // (contracts_supplier_inn_idx on the working register, contracts_archived_idx): one
            // condition on the supplier alone read every contract of the company (issue 27)
            or(
              and(isNull(contracts.archivedAt), inArray(contracts.supplierInn, sellerInns)),
              and(isNotNull(contracts.archivedAt), inArray(contracts.supplierInn, sellerInns)),
            )
          : undefined,
      ),
    );
}

export async function specItems(tx: Tx, contractId: number): Promise<SpecItemRow[]> {
  const rows = await tx
    .select()
    .from(contractItems)
    .where(eq(contractItems.contractId, contractId))
    .orderBy(asc(contractItems.lineNo));
  return rows.map((r) => ({ ...r, okpd2Code: r.okpd2Code, okeiCode: r.okeiCode, unitName: r.unitName }));
}

export async function linesOf(tx: Tx, documentId: number): Promise<UpdLineRow[]> {
  return tx.select().from(updLines).where(eq(updLines.documentId, documentId)).orderBy(asc(updLines.lineNo));
}

/**
 * (Re)writes the proposed mapping of every line of a document to the contract's specification.
 * A correction reuses the confirmed mapping of the issue it replaces, line by line, when the
 * names agree.
 */
export async function proposeMappings(
  tx: Tx,
  documentId: number,
  contractId: number,
  previousIssueId: number | null,
  /** the document's lines when the caller has just stored them (read otherwise) */
  stored?: UpdLineRow[],
): Promise<void> {
  const [lines, items] = await Promise.all([stored ?? linesOf(tx, documentId), specItems(tx, contractId)]);
  const reuse = new Map<number, { itemId: number; name: string }>();
  if (previousIssueId !== null) {
    const prev = await tx
      .select({ lineNo: updLines.lineNo, name: updLines.name, itemId: updLineMappings.contractItemId })
      .from(updLines)
      .innerJoin(updLineMappings, eq(updLineMappings.updLineId, updLines.id))
      .where(and(eq(updLines.documentId, previousIssueId), eq(updLineMappings.status, 'confirmed')));
    for (const p of prev) if (p.itemId !== null) reuse.set(p.lineNo, { itemId: p.itemId, name: p.name });
  }
  // a document stored just now has no mapping yet
  if (!stored)
    await tx.delete(updLineMappings).where(
      inArray(
        updLineMappings.updLineId,
        lines.map((l) => l.id),
      ),
    );
  const rows = proposedMappings(lines, items, reuse);
  if (rows.length === 0) return;
  await tx.insert(updLineMappings).values(rows);
}

/** Earlier or later issues of the same document (corrections), excluding `exceptId`. */
export async function otherIssues(
  tx: Tx,
  companyId: number,
  d: { sellerInn: string; kind: 'upd' | 'ukd'; number: string; date: string },
  exceptId?: number,
): Promise<UpdDocumentRow[]> {
  return tx
    .select()
    .from(updDocuments)
    .where(
      and(
        eq(updDocuments.companyId, companyId),
        eq(updDocuments.sellerInn, d.sellerInn),
        eq(updDocuments.kind, d.kind),
        eq(updDocuments.number, d.number),
        eq(updDocuments.date, d.date),
        exceptId === undefined ? undefined : ne(updDocuments.id, exceptId),
      ),
    );
}

/** A document by id (of any company: the caller checks the owner), locked for update on demand. */
export async function findUpdDocument(tx: Tx, id: number, lock = false): Promise<UpdDocumentRow | undefined> {
  const q = tx.select().from(updDocuments).where(eq(updDocuments.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** A page of the company's documents, newest first, filtered by contract, status, import and text. */
export async function listUpdDocumentRows(tx: Tx, companyId: number, q: z.output<typeof UpdListQuery>) {
  const text = q.q ? `%${q.q.replace(/[%_\\]/g, '\\$&')}%` : null;
  const where = and(
    eq(updDocuments.companyId, companyId),
    q.contract_id ? eq(updDocuments.contractId, q.contract_id) : undefined,
    q.status ? eq(updDocuments.status, q.status) : undefined,
    // an advance invoice never waits for confirmation: it shows under «no contract» and «all» only
    q.status === 'proposed' ? eq(updDocuments.advance, false) : undefined,
    q.import_id ? eq(updDocuments.importId, q.import_id) : undefined,
    text
      ? or(
          ilike(updDocuments.number, text),
          ilike(updDocuments.sellerName, text),
          ilike(updDocuments.sellerInn, text),
        )
      : undefined,
  );
  const { items: rows, total } = await paged(
    q,
    onPage(
      tx.select().from(updDocuments).where(where).orderBy(desc(updDocuments.date), desc(updDocuments.id)),
      q,
    ),
    countOf(tx, updDocuments, where),
  );
  return { rows, total: Number(total) };
}

/** The stored mapping of these lines. */
export async function lineMappings(tx: Tx, lineIds: number[]): Promise<UpdMappingRow[]> {
  if (lineIds.length === 0) return [];
  return tx.select().from(updLineMappings).where(inArray(updLineMappings.updLineId, lineIds));
}

/** The company's contract by id. */
export async function findCompanyContract(
  tx: Tx,
  companyId: number,
  contractId: number,
): Promise<ContractRow | undefined> {
  const [contract] = await tx
    .select()
    .from(contracts)
    .where(and(eq(contracts.id, contractId), eq(contracts.companyId, companyId)));
  return contract;
}

/** Binds a document to the contract the user picked: proposed again, without an error. */
export async function setDocumentContract(tx: Tx, id: number, contractId: number): Promise<UpdDocumentRow> {
  const [updated] = await tx
    .update(updDocuments)
    .set({ contractId, contractReason: 'выбран пользователем', error: null, status: 'proposed' })
    .where(eq(updDocuments.id, id))
    .returning();
  return updated;
}

type MappingValues = Omit<typeof updLineMappings.$inferInsert, 'id' | 'updLineId'>;

/** Writes one line's mapping: updates the stored one (`mappingId`) or inserts it. */
export async function saveLineMapping(
  tx: Tx,
  lineId: number,
  mappingId: number | null,
  values: MappingValues,
): Promise<void> {
  if (mappingId !== null)
    await tx.update(updLineMappings).set(values).where(eq(updLineMappings.id, mappingId));
  else await tx.insert(updLineMappings).values({ ...values, updLineId: lineId });
}

/** An issue replaced by a confirmed correction: superseded, its event no longer its own. */
export async function supersedeCounted(tx: Tx, id: number): Promise<void> {
  await tx.update(updDocuments).set({ status: 'superseded', eventId: null }).where(eq(updDocuments.id, id));
}

/** Earlier issues not yet counted, replaced by a newer one as it is imported. */
export async function supersedeDocuments(tx: Tx, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.update(updDocuments).set({ status: 'superseded' }).where(inArray(updDocuments.id, ids));
}

/** Marks a document confirmed (counted into the execution by `eventId`). */
export async function confirmDocument(
  tx: Tx,
  id: number,
  eventId: number | null,
  userId: number,
): Promise<UpdDocumentRow> {
  const [updated] = await tx
    .update(updDocuments)
    .set({ status: 'confirmed', eventId, confirmedAt: new Date(), confirmedBy: userId })
    .where(eq(updDocuments.id, id))
    .returning();
  return updated;
}

/** The company's documents with these natural keys (a repeated import finds them). */
export async function documentsByKeys(tx: Tx, companyId: number, keys: string[]): Promise<UpdDocumentRow[]> {
  if (keys.length === 0) return [];
  return tx
    .select()
    .from(updDocuments)
    .where(and(eq(updDocuments.companyId, companyId), inArray(updDocuments.naturalKey, keys)));
}

/** Stores a new document. */
export async function insertUpdDocument(
  tx: Tx,
  values: typeof updDocuments.$inferInsert,
): Promise<UpdDocumentRow> {
  const [row] = await tx.insert(updDocuments).values(values).returning();
  return row;
}

const LINE_CHUNK = 1000;

/** Stores a document's lines, a chunk of rows per statement; returns them in line order. */
export async function insertUpdLines(tx: Tx, lines: (typeof updLines.$inferInsert)[]): Promise<UpdLineRow[]> {
  const rows: UpdLineRow[] = [];
  for (let i = 0; i < lines.length; i += LINE_CHUNK) {
    rows.push(
      ...(await tx
        .insert(updLines)
        .values(lines.slice(i, i + LINE_CHUNK))
        .returning()),
    );
  }
  return rows.sort((a, b) => a.lineNo - b.lineNo);
}
