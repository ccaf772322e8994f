import type { UpdDocument as UpdDocumentDto } from '@zakupki/shared';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import {
  contractItems,
  contracts,
  updDocuments,
  updLineMappings,
  updLines,
} from '../../../db/schema/index.js';
import type { UpdContractCandidate } from './upd-contract-match.js';
import { nameSimilarity, proposeItem, type SpecItem } from './upd-mapping.js';
import { mappable } from './upd-records.js';

export type UpdDocumentRow = typeof updDocuments.$inferSelect;
export type UpdLineRow = typeof updLines.$inferSelect;
export type ContractRef = NonNullable<UpdDocumentDto['contract']>;

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
        sellerInns ? inArray(contracts.supplierInn, sellerInns) : undefined,
      ),
    );
}

export async function contractRefs(tx: Tx, ids: (number | null)[]): Promise<Map<number, ContractRef>> {
  const wanted = [...new Set(ids.filter((i): i is number => i !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await tx
    .select({
      id: contracts.id,
      number: contracts.number,
      contract_date: contracts.contractDate,
      eis_registry_number: contracts.eisRegistryNumber,
      supplier_inn: contracts.supplierInn,
      supplier_name: contracts.supplierName,
    })
    .from(contracts)
    .where(inArray(contracts.id, wanted));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function specItems(
  tx: Tx,
  contractId: number,
): Promise<(SpecItem & typeof contractItems.$inferSelect)[]> {
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
): Promise<void> {
  const [lines, items] = await Promise.all([linesOf(tx, documentId), specItems(tx, contractId)]);
  const reuse = new Map<number, { itemId: number; name: string }>();
  if (previousIssueId !== null) {
    const prev = await tx
      .select({ lineNo: updLines.lineNo, name: updLines.name, itemId: updLineMappings.contractItemId })
      .from(updLines)
      .innerJoin(updLineMappings, eq(updLineMappings.updLineId, updLines.id))
      .where(and(eq(updLines.documentId, previousIssueId), eq(updLineMappings.status, 'confirmed')));
    for (const p of prev) if (p.itemId !== null) reuse.set(p.lineNo, { itemId: p.itemId, name: p.name });
  }
  await tx.delete(updLineMappings).where(
    inArray(
      updLineMappings.updLineId,
      lines.map((l) => l.id),
    ),
  );
  const itemIds = new Set(items.map((i) => i.id));
  const rows = lines.map((l) => {
    const prev = reuse.get(l.lineNo);
    if (prev && itemIds.has(prev.itemId) && nameSimilarity(prev.name, l.name) >= 0.9) {
      return { line: l, itemId: prev.itemId, confidence: '1.000', reason: 'как в исправляемом документе' };
    }
    const best = proposeItem(mappable(l), items);
    return {
      line: l,
      itemId: best?.itemId ?? null,
      confidence: best ? best.confidence.toFixed(3) : null,
      reason: best?.reason ?? 'подходящая позиция спецификации не найдена',
    };
  });
  if (rows.length === 0) return;
  await tx.insert(updLineMappings).values(
    rows.map((r) => ({
      updLineId: r.line.id,
      contractItemId: r.itemId,
      confidence: r.confidence,
      status: 'proposed' as const,
      quantity: r.line.countedQuantity,
      amount: r.line.countedAmount,
      reason: r.reason,
    })),
  );
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

export function toUpdDocument(r: UpdDocumentRow, contract: ContractRef | null): UpdDocumentDto {
  return {
    id: r.id,
    import_id: r.importId,
    file_name: r.fileName,
    kind: r.kind,
    function: r.function,
    format_version: r.formatVersion,
    number: r.number,
    date: r.date,
    correction_number: r.correctionNumber || null,
    correction_date: r.correctionDate,
    currency_code: r.currencyCode,
    seller: { inn: r.sellerInn, kpp: r.sellerKpp, name: r.sellerName },
    buyer: { inn: r.buyerInn, kpp: r.buyerKpp, name: r.buyerName },
    gov_contract_id: r.govContractId,
    bases: r.bases,
    corrected_invoices: r.correctedInvoices,
    total_without_vat: r.totalWithoutVat,
    total_vat: r.totalVat,
    total_with_vat: r.totalWithVat,
    contract_id: r.contractId,
    contract,
    contract_reason: r.contractReason,
    error: r.error,
    status: r.status,
    supersedes_id: r.supersedesId,
    warnings: r.warnings,
    created_at: r.createdAt.toISOString(),
    confirmed_at: r.confirmedAt ? r.confirmedAt.toISOString() : null,
  };
}
