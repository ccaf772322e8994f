import { setImmediate as turn } from 'node:timers/promises';
import { fromKopecks, toScaled } from '@zakupki/shared';
import { runStatements } from '../../../db/bulk.js';
import type { Tx } from '../../../db/client.js';
import { type DutyContract, dutyContracts } from '../../contracts/contract-duties.service.js';
import {
  EventIds,
  eventStatements,
  type NewPaymentEvent,
  newPaymentsStatements,
} from '../../execution/execution.service.js';
import { paymentEvent } from '../../execution/payment-events.js';
import type { RunContext } from '../import-runner.js';
import type { ContractCandidate } from './payment-matcher.js';
import { explainNamedMatch } from './payment-matcher.js';
import {
  copyIntoStaging,
  createStaging,
  insertFromStaging,
  namedContracts,
  prepareMatching,
  type StagedOutcome,
  type StagedPayment,
  stagedContracts,
  stagedPayments,
} from './payments-staging.repository.js';

/**
 * Writing a bank statement's outgoing payments set-wise: the rows made in the parse pool are
 * copied into the transaction's staging table (COPY); PostgreSQL marks the repeats and finds, by
 * joins, the payee's contracts and those each purpose names; here only those few candidates are
 * weighed (the matcher's rules: the words before a number, its date, the remaining sum, which
 * changes as this statement's payments are counted); the payments are stored from the staging
 * table with their outcomes, a part of the file at a time, with their payment events, duties and
 * the contracts' paid sums. Nothing of the register is held in this process.
 */

/** Orders matched and stored in one go. */
export const PART = 25_000;

export type StagedStatement = { copy: Uint8Array; outgoing: number };

/**
 * Stores the statement's outgoing orders not stored before (by their natural key, also within the
 * file), each matched to a contract or left for the user to assign, and counts the new ones into
 * their contracts. `ord` of the rows runs 1..outgoing.
 */
export async function writePayments(
  tx: Tx,
  ctx: Pick<RunContext, 'run' | 'actor' | 'phase'> & { progress?: (share: number) => Promise<void> },
  staged: StagedStatement,
  opts: { pglite: boolean; part?: number },
) {
  const companyId = ctx.run.companyId;
  const part = opts.part ?? PART;
  await createStaging(tx);
  await copyIntoStaging(tx, staged.copy, opts.pglite);
  ctx.phase('staging (COPY)');
  await prepareMatching(tx, companyId);
  ctx.phase('repeats and candidate contracts');

  const eventIds = new EventIds(tx);
  /** The contracts of new payments as their duties are computed from, read once each. */
  const owners = new Map<number, DutyContract>();
  /** What is left to pay on the contracts this statement's payments were matched to so far. */
  const remaining = new Map<string, bigint>();
  const current = (c: ContractCandidate): ContractCandidate => {
    const left = remaining.get(c.id);
    return left === undefined ? c : { ...c, remaining: fromKopecks(left) };
  };
  let created = 0;
  let duplicates = 0;
  let matched = 0;
  let total = 0n;
  for (let from = 1; from <= staged.outgoing; from += part) {
    const to = Math.min(from + part - 1, staged.outgoing);
    const list = await stagedPayments(tx, from, to);
    const named = new Map<number, ContractCandidate[]>();
    for (const row of await namedContracts(tx, from, to)) {
      const { ord, ...c } = row;
      const same = named.get(ord);
      if (same) same.push(c);
      else named.set(ord, [c]);
    }
    const onlyIds = [...new Set(list.flatMap((p) => (p.onlyId ? [p.onlyId] : [])))];
    const only = new Map((await stagedContracts(tx, onlyIds)).map((c) => [c.id, c]));
    const outcomes: StagedOutcome[] = [];
    const linked: { p: StagedPayment; contractId: number; at: number }[] = [];
    for (const [n, p] of list.entries()) {
      if (n % 1000 === 999) await turn();
      if (p.dup) {
        duplicates++;
        continue;
      }
      const doc = {
        amount: p.amount,
        purpose: p.purpose,
        payer: { inn: p.payerInn },
        payee: { inn: p.payeeInn },
      };
      const facts = {
        contracts: p.contracts ?? 0,
        eligible: p.eligible ?? 0,
        only: p.onlyId && only.has(p.onlyId) ? current(only.get(p.onlyId)!) : null,
      };
      const decision = explainNamedMatch(doc, facts, (named.get(p.ord) ?? []).map(current));
      const match = decision.match;
      if (match) {
        const c =
          facts.only?.id === match.contractId
            ? facts.only
            : named.get(p.ord)?.find((x) => x.id === match.contractId);
        const before = remaining.get(match.contractId) ?? toScaled(current(c!).remaining, 2);
        remaining.set(match.contractId, before - toScaled(p.amount, 2));
        matched++;
        linked.push({ p, contractId: Number(match.contractId), at: outcomes.length });
      }
      total += toScaled(p.amount, 2);
      outcomes.push({
        ord: p.ord,
        contractId: match ? Number(match.contractId) : null,
        confidence: match ? match.confidence.toFixed(3) : null,
        reason: decision.reason,
        eventId: null,
      });
    }
    created += outcomes.length;
    if (outcomes.length > 0) {
      const events = linked.map(({ p, contractId }) =>
        paymentEvent(companyId, contractId, p, ctx.run.id, ctx.actor.userId),
      );
      const { placed, rows: newEvents } = await eventIds.place(events);
      const fresh: NewPaymentEvent[] = [];
      linked.forEach(({ p, contractId, at }, j) => {
        outcomes[at].eventId = placed[j].id;
        if (placed[j].created) {
          fresh.push({ id: placed[j].id, contractId, amount: p.amount, eventDate: events[j].eventDate });
        }
      });
      const missing = [...new Set(fresh.map((e) => e.contractId))].filter((id) => !owners.has(id));
      for (const [id, c] of await dutyContracts(tx, missing)) owners.set(id, c);
      // counted part by part: sums add up, and the nearest duty only moves earlier
      await runStatements(tx, [
        ...eventStatements(newEvents),
        insertFromStaging(companyId, ctx.run.id, outcomes),
        ...newPaymentsStatements(owners, fresh),
      ]);
    }
    await ctx.progress?.(to / staged.outgoing);
  }
  ctx.phase('matching and storing');
  return { created, matched, duplicates, total: fromKopecks(total) };
}
