import type { UpdDocumentDetail, UpdDocument as UpdDocumentDto } from '@zakupki/shared';
import type { ContractRef } from '../../execution/contract-refs.repository.js';
import type { SpecItemRow, UpdDocumentRow, UpdLineRow, UpdMappingRow } from './upd.repository.js';

export function toUpdDocument(r: UpdDocumentRow, contract: ContractRef | null): UpdDocumentDto {
  return {
    id: r.id,
    import_id: r.importId,
    file_name: r.fileName,
    kind: r.kind,
    function: r.function,
    advance: r.advance,
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

type Candidate = { itemId: number; confidence: number };

/** The document with its lines (each with its mapping and ranked candidates) and the contract's specification. */
export function toUpdDocumentDetail(
  row: UpdDocumentRow,
  contract: ContractRef | null,
  lines: { line: UpdLineRow; mapping: UpdMappingRow | undefined; candidates: Candidate[] }[],
  items: SpecItemRow[],
): UpdDocumentDetail {
  return {
    ...toUpdDocument(row, contract),
    lines: lines.map(({ line: l, mapping: m, candidates }) => ({
      id: l.id,
      line_no: l.lineNo,
      name: l.name,
      okei: l.okei,
      unit_name: l.unitName,
      quantity: l.quantity,
      price: l.price,
      sum_without_vat: l.sumWithoutVat,
      vat_rate: l.vatRate,
      vat_sum: l.vatSum,
      sum_with_vat: l.sumWithVat,
      quantity_before: l.quantityBefore,
      sum_with_vat_before: l.sumWithVatBefore,
      counted_quantity: l.countedQuantity,
      counted_amount: l.countedAmount,
      mapping: m
        ? {
            contract_item_id: m.contractItemId,
            confidence: m.confidence === null ? null : Number(m.confidence),
            status: m.status,
            reason: m.reason,
          }
        : null,
      candidates: candidates.map((c) => ({
        contract_item_id: c.itemId,
        confidence: c.confidence,
      })),
    })),
    items: items.map((i) => ({
      id: i.id,
      line_no: i.lineNo,
      name: i.name,
      okpd2_code: i.okpd2Code,
      okei_code: i.okeiCode,
      unit_name: i.unitName,
      quantity: i.quantity,
      price: i.price,
      amount: i.amount,
      accepted_quantity: i.acceptedQuantity,
      accepted_amount: i.acceptedAmount,
    })),
  };
}
