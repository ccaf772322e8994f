import type { Payment as PaymentDto } from '@zakupki/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { bankRequisites, contractEvents, payments } from '../../db/schema/index.js';
import type { ContractRef } from '../imports/upd/upd.repository.js';

export type PaymentRow = typeof payments.$inferSelect;

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

/** Settlement accounts of the company (its bank requisites). */
export async function companyAccounts(tx: Tx, companyId: number): Promise<Set<string>> {
  const rows = await tx
    .select({ account: bankRequisites.settlementAccount })
    .from(bankRequisites)
    .where(eq(bankRequisites.companyId, companyId));
  return new Set(rows.map((r) => r.account.trim()));
}

/**
 * Stops counting a payment's event: a bank-made event no other payment uses is deleted; an event
 * EIS reported (the same order) stays, since EIS knows of the payment.
 */
export async function releasePaymentEvent(
  tx: Tx,
  paymentId: number,
  eventId: number | null,
): Promise<number | null> {
  if (eventId === null) return null;
  const [event] = await tx
    .select({ id: contractEvents.id, source: contractEvents.source, contractId: contractEvents.contractId })
    .from(contractEvents)
    .where(eq(contractEvents.id, eventId));
  if (!event) return null;
  const [{ n }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(payments)
    .where(and(eq(payments.eventId, eventId), sql`${payments.id} <> ${paymentId}`));
  if (event.source === 'bank' && Number(n) === 0) {
    await tx.delete(contractEvents).where(eq(contractEvents.id, eventId));
  }
  return event.contractId;
}
