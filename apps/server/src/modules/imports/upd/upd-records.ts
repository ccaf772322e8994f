import type { updDocuments, updLines } from '../../../db/schema/index.js';
import type { Totals, UpdDocument } from './upd.types.js';
import { subtract } from './upd-decimal.js';
import { type MappableLine, nameSimilarity, proposeItem, type SpecItem } from './upd-mapping.js';

export type UpdDocumentValues = Omit<typeof updDocuments.$inferInsert, 'id' | 'createdAt'>;
export type UpdLineValues = Omit<typeof updLines.$inferInsert, 'id' | 'documentId'>;

/** The same document issued again (a correction) shares this key; the natural key adds the correction. */
export function baseKey(doc: UpdDocument): string {
  return [doc.seller.inn, doc.kind, doc.number.trim().toLowerCase(), doc.date].join('|');
}

/** seller ИНН + kind + function + number + date + correction number. */
export function naturalKey(doc: UpdDocument): string {
  return [baseKey(doc), doc.function, doc.correction?.number ?? '0'].join('|');
}

/** Correction number as a sortable integer (0 for the first issue). */
export const correctionRank = (n: string | null | undefined) => {
  const v = Number.parseInt(n ?? '0', 10);
  return Number.isFinite(v) ? v : 0;
};

const diff = (a: string | null, b: string | null) => (a === null || b === null ? null : subtract(a, b, 2));

function ukdTotals(inc: Totals | null, dec: Totals | null): Totals {
  const zero = { withoutVat: '0.00', vat: '0.00', withVat: '0.00' };
  const i = inc ?? zero;
  const d = dec ?? zero;
  return {
    withoutVat: diff(i.withoutVat ?? '0.00', d.withoutVat ?? '0.00'),
    vat: diff(i.vat ?? '0.00', d.vat ?? '0.00'),
    withVat: diff(i.withVat ?? '0.00', d.withVat ?? '0.00'),
  };
}

/** Row values of a parsed document (without company, import, contract and status). */
export function documentValues(doc: UpdDocument, fileName: string, fileSha256: string) {
  const totals = doc.kind === 'upd' ? doc.totals : ukdTotals(doc.totals.increase, doc.totals.decrease);
  return {
    fileName,
    fileSha256,
    naturalKey: naturalKey(doc),
    kind: doc.kind,
    function: doc.function,
    advance: doc.kind === 'upd' && doc.advance,
    formatVersion: doc.formatVersion,
    fileIdent: doc.fileId,
    number: doc.number,
    date: doc.date,
    correctionNumber: doc.correction?.number ?? '',
    correctionDate: doc.correction?.date ?? null,
    currencyCode: doc.currencyCode,
    sellerInn: doc.seller.inn,
    sellerKpp: doc.seller.kpp,
    sellerName: doc.seller.name,
    buyerInn: doc.buyer.inn,
    buyerKpp: doc.buyer.kpp,
    buyerName: doc.buyer.name,
    govContractId: doc.govContractId,
    bases: doc.bases,
    correctedInvoices:
      doc.kind === 'ukd' ? doc.invoices.map((i) => ({ number: i.number, date: i.date })) : [],
    totalWithoutVat: totals.withoutVat,
    totalVat: totals.vat,
    totalWithVat: totals.withVat,
    warnings: doc.warnings,
  };
}

/**
 * Line values; `counted_*` is what the line adds to the execution: quantity and sum with VAT of
 * an УПД line, the change (после − до) of an УКД line.
 */
export function lineValues(doc: UpdDocument): UpdLineValues[] {
  if (doc.kind === 'upd') {
    return doc.lines.map((l) => ({
      lineNo: l.lineNo,
      name: l.name,
      okei: l.okei,
      unitName: l.unitName,
      quantity: l.quantity,
      price: l.price,
      sumWithoutVat: l.sumWithoutVat,
      vatRate: l.vatRate,
      vatSum: l.vatSum,
      sumWithVat: l.sumWithVat,
      quantityBefore: null,
      sumWithVatBefore: null,
      countedQuantity: l.quantity ?? '0',
      countedAmount: l.sumWithVat ?? l.sumWithoutVat ?? '0.00',
      itemCode: l.itemCode,
    }));
  }
  return doc.lines.map((l) => ({
    lineNo: l.lineNo,
    name: l.name,
    okei: l.okei.after ?? l.okei.before,
    unitName: null,
    quantity: l.quantity.after,
    price: l.price.after,
    sumWithoutVat: l.sumWithoutVat.after,
    vatRate: l.vatRate.after,
    vatSum: l.vatSum.after,
    sumWithVat: l.sumWithVat.after,
    quantityBefore: l.quantity.before,
    sumWithVatBefore: l.sumWithVat.before,
    countedQuantity: l.quantity.delta ?? '0',
    countedAmount: l.sumWithVat.delta ?? l.sumWithoutVat.delta ?? '0.00',
    itemCode: null,
  }));
}

/** What the matcher reads from a stored line. */
export function mappable(l: {
  name: string;
  okei: string | null;
  unitName: string | null;
  price: string | null;
  quantity: string | null;
  sumWithVat: string | null;
  itemCode: string | null;
}): MappableLine {
  return {
    name: l.name,
    okei: l.okei,
    unitName: l.unitName,
    price: l.price,
    quantity: l.quantity,
    sumWithVat: l.sumWithVat,
    itemCode: l.itemCode,
  };
}

type MappedLine = Parameters<typeof mappable>[0] & {
  id: number;
  lineNo: number;
  countedQuantity: string;
  countedAmount: string;
};

/**
 * The proposed mapping of a document's lines to the contract's specification: the confirmed item
 * of the same line of the issue it corrects (`reuse`, by line number) when the names agree, else
 * the matcher's proposal.
 */
export function proposedMappings(
  lines: MappedLine[],
  items: SpecItem[],
  reuse: Map<number, { itemId: number; name: string }>,
) {
  const itemIds = new Set(items.map((i) => i.id));
  return lines.map((l) => {
    const prev = reuse.get(l.lineNo);
    const fromPrevious = prev && itemIds.has(prev.itemId) && nameSimilarity(prev.name, l.name) >= 0.9;
    const best = fromPrevious ? null : proposeItem(mappable(l), items);
    return {
      updLineId: l.id,
      contractItemId: fromPrevious ? prev.itemId : (best?.itemId ?? null),
      confidence: fromPrevious ? '1.000' : best ? best.confidence.toFixed(3) : null,
      status: 'proposed' as const,
      quantity: l.countedQuantity,
      amount: l.countedAmount,
      reason: fromPrevious
        ? 'как в исправляемом документе'
        : (best?.reason ?? 'подходящая позиция спецификации не найдена'),
    };
  });
}
