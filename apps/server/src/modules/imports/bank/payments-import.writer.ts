import { setImmediate as turn } from 'node:timers/promises';
import { fromKopecks, toScaled } from '@zakupki/shared';
import { and, eq, sql } from 'drizzle-orm';
import { arrayParam, insertStatements, runStatements } from '../../../db/bulk.js';
import type { Tx } from '../../../db/client.js';
import { payments } from '../../../db/schema/index.js';
import { type DutyContract, dutyContracts } from '../../contracts/contract-duties.service.js';
import {
  EventIds,
  eventStatements,
  type NewPaymentEvent,
  newPaymentsStatements,
} from '../../execution/execution.service.js';
import { paymentEvent } from '../../execution/payment-events.js';
import type { RunContext } from '../import-runner.js';
import type { BankDocument } from './bank.types.js';
import { CandidateContracts } from './payment-candidates.js';
import { explainPaymentMatch } from './payment-matcher.js';

/**
 * Writing a bank statement's outgoing payments: what is new is matched to contracts and stored
 * with its payment event; the new events are counted into their contracts. Set-based (a few
 * statements per chunk, one array parameter per column) and pipelined: while PostgreSQL stores one chunk of payments, the
 * next one is read from the file and matched here, so the two cores work at once (a year's
 * statement of 50 000 orders).
 */

export type Outgoing = { doc: BankDocument; fileName: string; key: string };

/**
 * Outgoing payments a part at a time (`max` or a few more), null once there are no more; `left`
 * estimates how many are still to come.
 */
export type OutgoingSource = { next(max: number): Promise<Outgoing[] | null>; left?(): number };

/** Payments matched in one go, then written while the next chunk is read and matched. */
const CHUNK = 5000;
/**
 * The first chunk; each next one is twice as large, up to CHUNK, and no larger than half of what
 * is left: nothing is matched while the last chunk is stored, so it should be small.
 */
const FIRST_CHUNK = 1000;
/** The chunk after one of `last` payments, with about `left` still to come (see FIRST_CHUNK). */
export function nextChunkSize(last: number, chunk: number, left: number): number {
  return Math.min(chunk, last * 2, Math.max(FIRST_CHUNK, Math.ceil(left / 2)));
}

/** Payments matched between two turns of the event loop. */
const YIELD_EVERY = 500;

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

type PaymentRow = ReturnType<typeof paymentRow>;

/**
 * Stores the source's outgoing payments not stored before (by their natural key), each matched to
 * a contract or left for the user to assign, and counts the new ones into their contracts. The
 * source is read chunk by chunk; an error it throws ends the writing (the caller's transaction
 * then stores nothing).
 */
export async function writePayments(
  tx: Tx,
  ctx: Pick<RunContext, 'run' | 'actor' | 'phase'>,
  source: OutgoingSource,
  opts: {
    chunk?: number;
    /**
     * Where the reads go (stored payments, candidate contracts, event ids, duty data): another
     * connection than `tx` lets them run while `tx` stores the previous chunk. They see only
     * committed rows; what this import wrote is remembered here.
     */
    reads?: Tx;
    /**
     * The contracts the payments may belong to (reading them may have started already); by
     * default the payees' contracts, read chunk by chunk through `reads`.
     */
    candidates?: CandidateContracts;
  } = {},
) {
  const companyId = ctx.run.companyId;
  const chunk = opts.chunk ?? CHUNK;
  const reads = opts.reads ?? tx;
  const eventIds = new EventIds(reads);
  /** Keys of the payments met so far: stored before, or in this upload. */
  const known = new Set<string>();
  const storedBefore = async (slice: Outgoing[]) => {
    const keys = [...new Set(slice.map((o) => o.key))].filter((k) => !known.has(k));
    if (keys.length === 0) return;
    const rows = await reads
      .select({ key: payments.naturalKey })
      .from(payments)
      .where(
        and(
          eq(payments.companyId, companyId),
          sql`${payments.naturalKey} = any(${arrayParam(keys, 'text')})`,
        ),
      );
    for (const r of rows) known.add(r.key);
  };
  const candidates = opts.candidates ?? new CandidateContracts(reads, companyId, false);
  /** The contracts of new payments as their duties are computed from, read once each. */
  const owners = new Map<number, DutyContract>();
  const ownersOf = async (events: NewPaymentEvent[]) => {
    const missing = [...new Set(events.map((e) => e.contractId))].filter((id) => !owners.has(id));
    for (const [id, c] of await dutyContracts(reads, missing)) owners.set(id, c);
    return owners;
  };

  let created = 0;
  let duplicates = 0;
  let matched = 0;
  let total = 0n;
  /**
   * The statements storing one chunk, built while PostgreSQL stores the previous one: its new
   * events (their ids drawn beforehand), its payments linked to them, the events' duties, and
   * what the events add to their contracts (paid sums, the nearest duty).
   */
  const statementsOf = async (rows: PaymentRow[]) => {
    const linked = rows.filter((p): p is PaymentRow & { contractId: number } => p.contractId !== null);
    const events = linked.map((p) => paymentEvent(companyId, p.contractId, p, ctx.run.id, ctx.actor.userId));
    const { placed, rows: newEvents } = await eventIds.place(events);
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
    // counted chunk by chunk: sums add up, and the nearest duty only moves earlier
    return [
      ...eventStatements(newEvents),
      ...insertStatements(payments, rows),
      ...newPaymentsStatements(await ownersOf(fresh), fresh),
    ];
  };
  let writing: Promise<void> | null = null;
  try {
    // small parts first: PostgreSQL starts storing sooner, and the payees' contracts are read a
    // part at a time (a year's statement names 5 000 suppliers) while it stores; small parts last:
    // the last one is stored with nothing left to match meanwhile
    let size = Math.min(chunk, FIRST_CHUNK);
    for (let slice = await source.next(size); slice; slice = await source.next(size)) {
      size = nextChunkSize(size, chunk, source.left?.() ?? Number.POSITIVE_INFINITY);
      await storedBefore(slice);
      await candidates.readFor(slice);
      const rows: PaymentRow[] = [];
      for (let n = 0; n < slice.length; n++) {
        // a turn of the event loop now and then: the previous chunk's writing goes on from one
        // statement to the next while this chunk is matched
        if (n % YIELD_EVERY === YIELD_EVERY - 1) await turn();
        const o = slice[n];
        if (known.has(o.key)) {
          duplicates++;
          continue;
        }
        known.add(o.key);
        const decision = explainPaymentMatch(o.doc, candidates.ofSupplier(o.doc.payee.inn));
        const match = decision.match;
        if (match) {
          const c = candidates.byId.get(match.contractId);
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
      const statements = rows.length ? await statementsOf(rows) : [];
      // the previous chunk was being written while this one was read, matched and prepared
      if (writing) await writing;
      writing = statements.length ? runStatements(tx, statements) : null;
      // a failure is reported where it is awaited, not as an unhandled rejection meanwhile
      writing?.catch(() => {});
    }
  } catch (err) {
    // the transaction ends with the error: not while a chunk is still being written on it
    await writing?.catch(() => {});
    throw err;
  }
  if (writing) await writing;
  ctx.phase('reading, matching, storing and counting');
  return { created, matched, duplicates, total: fromKopecks(total) };
}
