import { createHash } from 'node:crypto';
import type { NmckRequest, NmckSettings, NmckSourceValues, VatRate } from '@zakupki/shared';
import { fromKopecks } from '@zakupki/shared';
import { adjustedPrice, isOldPrice } from './nmck.policy.js';
import type { RequestRow, SourceRow } from './nmck.repository.js';

/** Rows of the justification → API shapes. */

export function toSource(r: SourceRow, s: NmckSettings, today: string): NmckSourceValues {
  const adjusted = adjustedPrice(
    {
      price: r.price,
      includesVat: r.includesVat,
      vatRate: r.vatRate as VatRate,
      date: r.sourceDate,
      index: r.priceIndex,
    },
    s.vat_basis,
  );
  return {
    id: r.id,
    kind: r.kind,
    lot_number: r.lotNumber,
    line_no: r.lineNo,
    price: r.price,
    includes_vat: r.includesVat,
    vat_rate: r.vatRate,
    source_date: r.sourceDate,
    index: r.priceIndex,
    index_source: r.indexSource,
    note: r.note,
    supplier_inn: r.supplierInn,
    supplier_name: r.supplierName,
    file_id: r.fileId,
    request_id: r.requestId,
    contract_item_id: r.contractItemId,
    contract_number: r.contractNumber,
    registry_number: r.registryNumber,
    url: r.url,
    title: r.title,
    adjusted_price: fromKopecks(adjusted),
    old: isOldPrice(r.sourceDate, today, s.max_age_months),
  };
}

export const toRequest = (r: RequestRow, offers: number): NmckRequest => ({
  id: r.id,
  number: r.number,
  suppliers: r.suppliers,
  terms: r.terms,
  answer_until: r.answerUntil,
  created_at: r.createdAt.toISOString(),
  offers,
});

/** The hash of what the document is built from: a later change of any value makes it outdated. */
export const documentHash = (values: unknown) =>
  createHash('sha256').update(JSON.stringify(values)).digest('hex');
