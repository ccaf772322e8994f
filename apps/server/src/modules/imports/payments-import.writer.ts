import { fromKopecks, toScaled } from '@zakupki/shared';
import { and, eq, sql } from 'drizzle-orm';
import { arrayParam, bulkInsert, rowsOf } from '../../db/bulk.js';
import type { Tx } from '../../db/client.js';
import { contracts, payments } from '../../db/schema/index.js';
import { type DutyContract, dutyContracts } from '../contracts/contract-duties.js';
import type { BankDocument } from './bank/bank.types.js';
import { type ContractCandidate, explainPaymentMatch } from './bank/payment-matcher.js';
import {
  addEventsOnce,
  emptyPaymentsPlan,
  type NewPaymentEvent,
  paymentKey,
  planNewPayments,
  writeNewPayments,
} from './execution.service.js';
import type { RunContext } from './import-runner.js';

/**
 * Writing a bank statement's outgoing payments: what is new is matched to contracts and stored
 * with its payment event; the new events are counted into their contracts. Set-based (JSON rows,
 * a few statements per chunk) and pipelined: while PostgreSQL stores one chunk of payments, the
 * next one is matched here, so the two cores work at once (a year's statement of 50 000 orders).
 */

export type Outgoing = { doc: BankDocument; fileName: string; key: string };

/** Payments matched in one go, then written while the next chunk is matched. */
const CHUNK = 5000;
/** Payments matched between two turns of the event loop. */
const YIELD_EVERY = 500;

async function candidatesFor(tx: Tx, companyId: number, payeeInns: string[]): Promise<ContractCandidate[]> {
  if (payeeInns.length === 0) return [];
  // raw rows, the remaining sum computed by PostgreSQL: a year's statement names nearly every
  // supplier, so this reads most of the register (180 000 contracts in the benchmark)
  return rowsOf<ContractCandidate>(
    tx,
    sql`select ${contracts.id}::text as id, ${contracts.number} as number,
      to_char(${contracts.contractDate}, 'YYYY-MM-DD') as date,
      ${contracts.eisRegistryNumber} as "registryNumber", ${contracts.supplierInn} as "supplierInn",
      ${contracts.customerInn} as "customerInn",
      (${contracts.price} - ${contracts.paidAmount})::numeric(18, 2)::text as remaining
    from ${contracts}
    where ${contracts.companyId} = ${companyId}
      and ${contracts.supplierInn} = any(${arrayParam(payeeInns, 'text')})
      and ${contracts.status} not in ('cancelled', 'draft')`,
  );
}

/** The payments row of an outgoing payment order. */
function paymentRow(
  o: Outgoing,
  companyId: number,
  importId: number,
  match: { contractId: number; confidence: number } | null,
  reason: string,
) {
  const d = o.doc;
  return {
    companyId,
    importId,
    fileName: o.fileName,
    naturalKey: o.key,
    direction: 'outgoing' as const,
    kind: d.kind,
    number: d.number,
    date: d.date,
    amount: d.amount,
    dateDebited: d.dateDebited,
    dateCredited: d.dateCredited,
    payerName: d.payer.name,
    payerInn: d.payer.inn,
    payerKpp: d.payer.kpp,
    payerAccount: d.payer.account,
    payerBik: d.payer.bik,
    payerBank: d.payer.bank,
    payeeName: d.payee.name,
    payeeInn: d.payee.inn,
    payeeKpp: d.payee.kpp,
    payeeAccount: d.payee.account,
    payeeBik: d.payee.bik,
    payeeBank: d.payee.bank,
    purpose: d.purpose,
    paymentType: d.paymentType,
    operationType: d.operationType,
    priority: d.priority,
    uin: d.uin,
    budget: d.budget,
    status: match ? ('matched' as const) : ('unmatched' as const),
    contractId: match ? match.contractId : null,
    matchConfidence: match ? match.confidence.toFixed(3) : null,
    matchReason: reason,
    eventId: null as number | null,
  };
}

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

type PaymentRow = ReturnType<typeof paymentRow>;

/**
 * Stores the outgoing payments not stored before (by their natural key), each matched to a
 * contract or left for the user to assign, and counts the new ones into their contracts.
 */
export async function writePayments(
  tx: Tx,
  ctx: Pick<RunContext, 'run' | 'actor' | 'phase'>,
  outgoing: Outgoing[],
  chunk = CHUNK,
) {
  const companyId = ctx.run.companyId;
  const keys = [...new Set(outgoing.map((o) => o.key))];
  const known = new Set(
    (
      await tx
        .select({ key: payments.naturalKey })
        .from(payments)
        .where(
          and(
            eq(payments.companyId, companyId),
            sql`${payments.naturalKey} = any(${arrayParam(keys, 'text')})`,
          ),
        )
    ).map((r) => r.key),
  );
  ctx.phase('known payments');
  const candidates = await candidatesFor(tx, companyId, [
    ...new Set(outgoing.map((o) => o.doc.payee.inn).filter((v): v is string => !!v)),
  ]);
  const byId = new Map(candidates.map((c) => [c.id, c]));
  /** The contracts of new payments as their duties are computed from, read once each. */
  const owners = new Map<number, DutyContract>();
  const ownersOf = async (events: NewPaymentEvent[]) => {
    const missing = [...new Set(events.map((e) => e.contractId))].filter((id) => !owners.has(id));
    for (const [id, c] of await dutyContracts(tx, missing)) owners.set(id, c);
    return owners;
  };
  // the matcher only looks at the payee's contracts: given every contract of the company, it
  // passed over all of them for each payment (50 000 × 180 000 in the benchmark)
  const bySupplier = new Map<string, ContractCandidate[]>();
  for (const c of candidates) {
    const list = bySupplier.get(c.supplierInn);
    if (list) list.push(c);
    else bySupplier.set(c.supplierInn, [c]);
  }
  ctx.phase('contracts');

  let created = 0;
  let duplicates = 0;
  let matched = 0;
  let total = 0n;
  /**
   * One chunk: its events first (each payment is then written once with its event), then its
   * payments, then what its new events add to their contracts.
   */
  const write = async (rows: PaymentRow[]) => {
    const linked = rows.filter((p): p is PaymentRow & { contractId: number } => p.contractId !== null);
    const events = linked.map((p) => paymentEvent(companyId, p.contractId, p, ctx.run.id, ctx.actor.userId));
    const placed = await addEventsOnce(tx, events);
    const fresh: NewPaymentEvent[] = [];
    linked.forEach((p, j) => {
      p.eventId = placed[j].id;
      if (placed[j].created) {
        fresh.push({
          id: placed[j].id,
          contractId: p.contractId,
          amount: p.amount,
          eventDate: events[j].eventDate,
        });
      }
    });
    const contractsOf = await ownersOf(fresh);
    const stored = bulkInsert(tx, payments, rows);
    // planned while PostgreSQL stores the payments
    const plan = planNewPayments(emptyPaymentsPlan(), contractsOf, fresh);
    await stored;
    // counted chunk by chunk (sums add up, the nearest duty only moves earlier), so this too runs
    // while the next chunk is matched
    await writeNewPayments(tx, plan);
  };
  let writing: Promise<void> | null = null;
  for (let i = 0; i < outgoing.length; i += chunk) {
    const rows: PaymentRow[] = [];
    const slice = outgoing.slice(i, i + chunk);
    for (let n = 0; n < slice.length; n++) {
      // a turn of the event loop now and then: the previous chunk's writing goes on from one
      // statement to the next (its events, then its payments) while this chunk is matched
      if (n % YIELD_EVERY === YIELD_EVERY - 1) await new Promise((resolve) => setImmediate(resolve));
      const o = slice[n];
      if (known.has(o.key)) {
        duplicates++;
        continue;
      }
      known.add(o.key);
      const decision = explainPaymentMatch(o.doc, bySupplier.get(o.doc.payee.inn ?? '') ?? []);
      const match = decision.match;
      if (match) {
        const c = byId.get(match.contractId);
        if (c) c.remaining = fromKopecks(toScaled(c.remaining, 2) - toScaled(o.doc.amount, 2));
        matched++;
      }
      total += toScaled(o.doc.amount, 2);
      rows.push(
        paymentRow(
          o,
          companyId,
          ctx.run.id,
          match ? { contractId: Number(match.contractId), confidence: match.confidence } : null,
          decision.reason,
        ),
      );
    }
    created += rows.length;
    // the previous chunk was being written while this one was matched
    if (writing) await writing;
    writing = rows.length ? write(rows) : null;
    // a failure is reported where it is awaited, not as an unhandled rejection meanwhile
    writing?.catch(() => {});
  }
  if (writing) await writing;
  ctx.phase('matching, storing and counting');
  return { created, matched, duplicates, total: fromKopecks(total) };
}
