import { paymentKey } from './execution.service.js';

/** The event of a matched payment: one per payment order, shared with EIS reporting the same order. */
export function paymentEvent(
  companyId: number,
  contractId: number,
  p: {
    number: string;
    date: string;
    amount: string;
    kind: string | null;
    dateDebited: string | null;
    purpose: string;
  },
  importId: number | null,
  userId: number,
) {
  return {
    companyId,
    contractId,
    kind: 'payment' as const,
    eventDate: p.dateDebited ?? p.date,
    amount: p.amount,
    document: { name: p.kind ?? 'Платежное поручение', number: p.number, date: p.date },
    description: p.purpose.slice(0, 1000),
    source: 'bank' as const,
    importId,
    dedupeKey: paymentKey(contractId, p.number, p.date, p.amount),
    createdBy: userId,
  };
}
