import type { PaymentListQuery } from '@zakupki/shared';
import { and, desc, eq, gte, ilike, lte, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { countOf, onPage, paged } from '../../db/paging.js';
import { bankRequisites, contractEvents, contracts, payments } from '../../db/schema/index.js';

export type PaymentRow = typeof payments.$inferSelect;

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

/** A payment by id (of any company: the caller checks the owner), locked for update on demand. */
export async function findPayment(tx: Tx, id: number, lock = false): Promise<PaymentRow | undefined> {
  const q = tx.select().from(payments).where(eq(payments.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** A page of the company's payments, newest first, filtered by status, contract, import, dates and text. */
export async function listPaymentRows(tx: Tx, companyId: number, q: z.output<typeof PaymentListQuery>) {
  const text = q.q ? `%${q.q.replace(/[%_\\]/g, '\\$&')}%` : null;
  const where = and(
    eq(payments.companyId, companyId),
    q.status ? eq(payments.status, q.status) : undefined,
    q.contract_id ? eq(payments.contractId, q.contract_id) : undefined,
    q.import_id ? eq(payments.importId, q.import_id) : undefined,
    q.date_from ? gte(payments.date, q.date_from) : undefined,
    q.date_to ? lte(payments.date, q.date_to) : undefined,
    text
      ? or(
          ilike(payments.purpose, text),
          ilike(payments.payeeName, text),
          ilike(payments.payeeInn, text),
          ilike(payments.number, text),
        )
      : undefined,
  );
  const { items: rows, total } = await paged(
    q,
    onPage(tx.select().from(payments).where(where).orderBy(desc(payments.date), desc(payments.id)), q),
    countOf(tx, payments, where),
  );
  return { rows, total: Number(total) };
}

/** The company's contract by id, locked: a payment is being counted into it. */
export async function lockCompanyContract(tx: Tx, companyId: number, contractId: number) {
  const [contract] = await tx
    .select()
    .from(contracts)
    .where(and(eq(contracts.id, contractId), eq(contracts.companyId, companyId)))
    .for('update');
  return contract;
}

/** Stores the user's decision on a payment (assigned to a contract, or ignored). */
export async function updatePayment(
  tx: Tx,
  id: number,
  set: Pick<typeof payments.$inferInsert, 'status' | 'contractId' | 'eventId' | 'matchReason' | 'updatedBy'> &
    Partial<Pick<typeof payments.$inferInsert, 'matchConfidence'>>,
): Promise<PaymentRow> {
  const [updated] = await tx
    .update(payments)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(payments.id, id))
    .returning();
  return updated;
}
