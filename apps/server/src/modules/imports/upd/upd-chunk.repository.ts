import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { insertStatements, rowsOf, runStatements } from '../../../db/bulk.js';
import type { Tx } from '../../../db/client.js';
import { contractItems, updDocuments, updLineMappings, updLines } from '../../../db/schema/index.js';
import type { SpecItemRow, UpdDocumentRow } from './upd.repository.js';

/**
 * The statements of a chunk of УПД files written set-wise (`upd-chunk.service.ts`): each reads or
 * writes for every file of the chunk at once, so their number does not grow with the files.
 */

/** Issue of a document: seller, kind, number and date (its corrections share it). */
export type IssueTuple = { sellerInn: string; kind: 'upd' | 'ukd'; number: string; date: string };

export const issueKey = (d: IssueTuple) => [d.sellerInn, d.kind, d.number, d.date].join('\u0000');

/**
 * The company's stored documents of these issues (what `otherIssues` finds for each), in one
 * statement: by sellers and numbers (`upd_documents_number_idx`), then matched exactly.
 */
export async function issuesOf(tx: Tx, companyId: number, tuples: IssueTuple[]): Promise<UpdDocumentRow[]> {
  if (tuples.length === 0) return [];
  const wanted = new Set(tuples.map(issueKey));
  const rows = await tx
    .select()
    .from(updDocuments)
    .where(
      and(
        eq(updDocuments.companyId, companyId),
        inArray(updDocuments.sellerInn, [...new Set(tuples.map((t) => t.sellerInn))]),
        inArray(updDocuments.number, [...new Set(tuples.map((t) => t.number))]),
      ),
    );
  return rows.filter((r) => wanted.has(issueKey(r)));
}

/** Ids for new documents and lines, taken from their sequences in one statement (ascending). */
export async function allocateIds(
  tx: Tx,
  documents: number,
  lines: number,
): Promise<{ documents: number[]; lines: number[] }> {
  const [row] = await rowsOf<{ documents: (string | number)[]; lines: (string | number)[] }>(
    tx,
    sql`select
      array(select nextval(pg_get_serial_sequence('upd_documents', 'id')) from generate_series(1, ${documents}::int)) as documents,
      array(select nextval(pg_get_serial_sequence('upd_lines', 'id')) from generate_series(1, ${lines}::int)) as lines`,
  );
  const ids = (v: (string | number)[]) => v.map(Number).sort((a, b) => a - b);
  return { documents: ids(row.documents), lines: ids(row.lines) };
}

/** The specification of each of these contracts, in line order. */
export async function specItemsOf(tx: Tx, contractIds: number[]): Promise<Map<number, SpecItemRow[]>> {
  const out = new Map<number, SpecItemRow[]>(contractIds.map((id) => [id, []]));
  if (contractIds.length === 0) return out;
  const rows = await tx
    .select()
    .from(contractItems)
    .where(inArray(contractItems.contractId, contractIds))
    .orderBy(asc(contractItems.contractId), asc(contractItems.lineNo));
  for (const r of rows) out.get(r.contractId)?.push(r);
  return out;
}

/** The confirmed mapping of the lines of these documents (what a correction reuses), by document. */
export async function confirmedMappingsOf(
  tx: Tx,
  documentIds: number[],
): Promise<Map<number, { lineNo: number; name: string; itemId: number | null }[]>> {
  const out = new Map<number, { lineNo: number; name: string; itemId: number | null }[]>();
  if (documentIds.length === 0) return out;
  const rows = await tx
    .select({
      documentId: updLines.documentId,
      lineNo: updLines.lineNo,
      name: updLines.name,
      itemId: updLineMappings.contractItemId,
    })
    .from(updLines)
    .innerJoin(updLineMappings, eq(updLineMappings.updLineId, updLines.id))
    .where(and(inArray(updLines.documentId, documentIds), eq(updLineMappings.status, 'confirmed')));
  for (const r of rows) {
    const list = out.get(r.documentId) ?? [];
    list.push(r);
    out.set(r.documentId, list);
  }
  return out;
}

/** Stores the chunk's documents, lines and proposed mappings: a statement each (per 20 000 rows). */
export async function insertChunk(
  tx: Tx,
  rows: {
    documents: (typeof updDocuments.$inferInsert)[];
    lines: (typeof updLines.$inferInsert)[];
    mappings: (typeof updLineMappings.$inferInsert)[];
  },
): Promise<void> {
  await runStatements(tx, [
    ...insertStatements(updDocuments, rows.documents),
    ...insertStatements(updLines, rows.lines),
    ...insertStatements(updLineMappings, rows.mappings),
  ]);
}
