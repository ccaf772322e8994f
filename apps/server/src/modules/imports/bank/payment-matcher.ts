import type { BankDocument } from './bank.types.js';
import { toKopecks } from './bank-values.js';
import {
  findContractNumber,
  isBlankContractNumber,
  normalizeContractNumber,
  registryNumbersIn,
  sameRegistryNumber,
} from './purpose-references.js';

/** A contract a payment may belong to. `remaining` is what is still unpaid (decimal string). */
export type ContractCandidate = {
  id: string;
  number: string;
  /** ISO date of the contract, or null when unknown. */
  date: string | null;
  /** EIS registry number (19 or 23 digits), or null. */
  registryNumber: string | null;
  supplierInn: string;
  customerInn: string;
  remaining: string;
};

/** A confident match. `confidence` is 0..1: 0.99 registry number, 0.95 number and date, 0.5 only contract. */
export type PaymentMatch = { contractId: string; confidence: number; reason: string };

/** The outcome with its explanation; `match` is null when nothing fits or the choice is ambiguous. */
export type PaymentMatchDecision = { match: PaymentMatch | null; reason: string };

/** What the matcher reads from a bank document. */
export type MatchablePayment = Pick<BankDocument, 'amount' | 'purpose'> & {
  payer: { inn: string | null };
  payee: { inn: string | null };
};

type Scored = { candidate: ContractCandidate; confidence: number; reason: string };

const CONFIDENCE = {
  registry: 0.99,
  numberAndDate: 0.95,
  contractWord: 0.85,
  numberSign: 0.75,
  bareNumber: 0.7,
  onlyContract: 0.5,
} as const;

/** Matches a payment to a contract, or returns null; see `explainPaymentMatch` for the reason. */
export function matchPayment(doc: MatchablePayment, candidates: ContractCandidate[]): PaymentMatch | null {
  return explainPaymentMatch(doc, candidates).match;
}

/**
 * Matches an outgoing payment to a contract: the payee must be the supplier (same ИНН), the payer
 * the customer when the payer's ИНН is known, and the purpose must name the contract by its
 * registry number or by its number (with a matching date when a date is written). When the purpose
 * names nothing and the supplier has exactly one contract, that contract is offered with low
 * confidence. A payment above the contract's remaining amount and an ambiguous purpose give no match.
 */
export function explainPaymentMatch(
  doc: MatchablePayment,
  candidates: ContractCandidate[],
): PaymentMatchDecision {
  const payeeInn = doc.payee.inn;
  if (!payeeInn) return none('в платёжном документе нет ИНН получателя');
  const payerInn = doc.payer.inn;
  // one pass over the candidates (a supplier may have hundreds): its contracts, those of this
  // payer, and the evidence the purpose gives for each of them
  const purpose = readPurpose(doc.purpose);
  const keys = numberKeys(candidates);
  let bySupplier = 0;
  const eligible: ContractCandidate[] = [];
  const scored: Scored[] = [];
  const conflicts: string[] = [];
  for (let i = 0; i < candidates.length; i++) {
    const candidate = candidates[i];
    if (candidate.supplierInn !== payeeInn) continue;
    bySupplier++;
    if (payerInn && candidate.customerInn && candidate.customerInn !== payerInn) continue;
    eligible.push(candidate);
    const result = score(purpose, candidate, keys[i]);
    if (typeof result === 'string') conflicts.push(result);
    else if (result) scored.push(result);
  }
  if (bySupplier === 0) {
    return none(`получатель платежа (ИНН ${payeeInn}) не является поставщиком ни по одному договору`);
  }
  if (eligible.length === 0) {
    return none(
      `плательщик (ИНН ${payerInn}) не является заказчиком по договорам с поставщиком ИНН ${payeeInn}`,
    );
  }

  if (scored.length === 0) {
    if (conflicts.length > 0) return none(conflicts.join('; '));
    if (eligible.length === 1) {
      const only = eligible[0];
      return withinRemaining(doc, {
        candidate: only,
        confidence: CONFIDENCE.onlyContract,
        reason: `в назначении платежа договор не указан; ${label(only)} — единственный договор с поставщиком ИНН ${payeeInn}`,
      });
    }
    return none(
      `в назначении платежа не найден номер договора или реестровый номер, а с поставщиком ИНН ${payeeInn} ${eligible.length} договоров`,
    );
  }

  scored.sort((a, b) => b.confidence - a.confidence);
  const best = scored[0];
  const tied = scored.filter((s) => s.confidence === best.confidence);
  if (tied.length > 1) {
    return none(
      `назначение платежа подходит к нескольким договорам: ${tied.map((s) => label(s.candidate)).join(', ')}`,
    );
  }
  return withinRemaining(doc, best);
}

function none(reason: string): PaymentMatchDecision {
  return { match: null, reason };
}

function label(c: ContractCandidate): string {
  const date = c.date ? ` от ${formatDate(c.date)}` : '';
  return `договор № ${c.number}${date}`;
}

function formatDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}.${m}.${y}`;
}

function formatAmount(amount: string): string {
  return amount.replace('.', ',');
}

function withinRemaining(doc: MatchablePayment, s: Scored): PaymentMatchDecision {
  if (toKopecks(doc.amount) > toKopecks(s.candidate.remaining)) {
    return none(
      `сумма платежа ${formatAmount(doc.amount)} ₽ больше остатка по ${label(s.candidate).replace('договор', 'договору')} (${formatAmount(s.candidate.remaining)} ₽)`,
    );
  }
  return {
    match: { contractId: s.candidate.id, confidence: s.confidence, reason: s.reason },
    reason: s.reason,
  };
}

/** A purpose read once for all the candidates it is scored against. */
type Purpose = { text: string; registryNumbers: string[]; compact: string };

/** Lower case without spaces: a contract number found in a purpose is found in this form too. */
const compact = (s: string) => s.replace(/\s+/g, '').toLowerCase();

function readPurpose(text: string): Purpose {
  return { text, registryNumbers: registryNumbersIn(text), compact: compact(text) };
}

/**
 * Contract numbers in the form `compact` gives, index for index, kept per candidate list: an import
 * matches every payment against the same list of its payee's contracts. A list is read, never
 * changed in place (one that grew or shrank gets its keys anew).
 */
const keysOfList = new WeakMap<ContractCandidate[], string[]>();
function numberKeys(candidates: ContractCandidate[]): string[] {
  let keys = keysOfList.get(candidates);
  if (keys?.length !== candidates.length) {
    keys = candidates.map((c) => compact(normalizeContractNumber(c.number)));
    keysOfList.set(candidates, keys);
  }
  return keys;
}

/** Evidence that the purpose names this contract; a string when it names it with a wrong date. */
function score(purpose: Purpose, c: ContractCandidate, numberKey: string): Scored | string | null {
  if (
    c.registryNumber &&
    purpose.registryNumbers.length > 0 &&
    purpose.registryNumbers.some((n) => sameRegistryNumber(n, c.registryNumber!))
  ) {
    return {
      candidate: c,
      confidence: CONFIDENCE.registry,
      reason: `реестровый номер ${c.registryNumber} в назначении платежа`,
    };
  }
  // a plain substring test before the exact search: a supplier has hundreds of contracts
  if (!purpose.compact.includes(numberKey)) return null;
  if (isBlankContractNumber(c.number)) return null;
  const refs = findContractNumber(purpose.text, c.number);
  if (refs.length === 0) return null;
  const dated = refs.filter((r) => r.date !== null);
  if (c.date && dated.length > 0) {
    if (dated.some((r) => r.date === c.date)) {
      return {
        candidate: c,
        confidence: CONFIDENCE.numberAndDate,
        reason: `номер и дата договора в назначении платежа (${label(c)})`,
      };
    }
    return `в назначении платежа номер ${c.number}, но с датой ${formatDate(dated[0].date!)}, а ${label(c)}`;
  }
  const marker = refs.some((r) => r.marker === 'contract-word')
    ? 'contract-word'
    : refs.some((r) => r.marker === 'number-sign')
      ? 'number-sign'
      : 'none';
  const confidence =
    marker === 'contract-word'
      ? CONFIDENCE.contractWord
      : marker === 'number-sign'
        ? CONFIDENCE.numberSign
        : CONFIDENCE.bareNumber;
  return { candidate: c, confidence, reason: `номер договора в назначении платежа (${label(c)})` };
}
