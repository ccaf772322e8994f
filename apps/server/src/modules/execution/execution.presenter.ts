import type { Payment as PaymentDto, PerformanceRecord } from '@zakupki/shared';
import type { ContractRef } from './contract-refs.repository.js';
import type { PaymentRow } from './payments.repository.js';
import type { PerformanceRow } from './performance.repository.js';

export function toPayment(r: PaymentRow, contract: ContractRef | null): PaymentDto {
  return {
    id: r.id,
    import_id: r.importId,
    file_name: r.fileName,
    kind: r.kind,
    direction: r.direction,
    number: r.number,
    date: r.date,
    amount: r.amount,
    date_debited: r.dateDebited,
    payer: {
      name: r.payerName,
      inn: r.payerInn,
      kpp: r.payerKpp,
      account: r.payerAccount,
      bik: r.payerBik,
      bank: r.payerBank,
    },
    payee: {
      name: r.payeeName,
      inn: r.payeeInn,
      kpp: r.payeeKpp,
      account: r.payeeAccount,
      bik: r.payeeBik,
      bank: r.payeeBank,
    },
    purpose: r.purpose,
    contract_id: r.contractId,
    contract,
    status: r.status,
    match_confidence: r.matchConfidence === null ? null : Number(r.matchConfidence),
    match_reason: r.matchReason,
    created_at: r.createdAt.toISOString(),
  };
}

export const toPerformanceRecord = (r: PerformanceRow): PerformanceRecord => ({
  id: r.id,
  contract_id: r.contractId,
  performance_contract_guid: r.guid,
  period_from: r.periodFrom,
  period_to: r.periodTo,
  status: r.status,
  error: r.error,
  data: r.data ?? null,
  created_at: r.createdAt.toISOString(),
  finished_at: r.finishedAt ? r.finishedAt.toISOString() : null,
});
