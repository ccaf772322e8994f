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
  const index = indexOf(candidates);
  const supplier = index.bySupplier.get(payeeInn);
  if (!supplier) return explainNamedMatch(doc, { contracts: 0, eligible: 0, only: null }, []);
  // the payee's contracts this payer may have signed: all of them when the payer's ИНН is unknown
  // (counted, not copied: a supplier may have thousands)
  const signed = payerInn ? supplier.byCustomer.get(payerInn) : undefined;
  const eligible = payerInn ? supplier.noCustomer.length + (signed?.length ?? 0) : supplier.all.length;
  const onlyAt = payerInn ? (supplier.noCustomer[0] ?? signed?.[0]) : supplier.all[0];
  const only = eligible === 1 && onlyAt !== undefined ? candidates[onlyAt] : null;
  // only the contracts the purpose names can score: found through the index, in the order of the
  // list (a supplier may have thousands of contracts, a statement tens of thousands of payments)
  const named = namedIn(readPurpose(doc.purpose), index)
    .map((i) => candidates[i])
    .filter((c) => c.supplierInn === payeeInn && !(payerInn && c.customerInn && c.customerInn !== payerInn));
  return explainNamedMatch(doc, { contracts: supplier.all.length, eligible, only }, named);
}

/** What the matcher needs to know of the payee's contracts besides those the purpose names. */
export type SupplierFacts = {
  /** The payee's contracts (as supplier). */
  contracts: number;
  /** Those of them the payer may have signed (all when the payer's ИНН is unknown). */
  eligible: number;
  /** The one eligible contract when there is exactly one. */
  only: ContractCandidate | null;
};

/**
 * The decision of `explainPaymentMatch` from what was found beforehand (by the index here, or by
 * the bank import's SQL, payments-staging.ts): the payee's facts, and the eligible contracts the
 * purpose may name (`candidatesNamedIn`: the payee's, of this payer or of no customer), in the
 * order of the list.
 */
export function explainNamedMatch(
  doc: MatchablePayment,
  facts: SupplierFacts,
  named: ContractCandidate[],
): PaymentMatchDecision {
  const payeeInn = doc.payee.inn;
  if (!payeeInn) return none('в платёжном документе нет ИНН получателя');
  const payerInn = doc.payer.inn;
  if (facts.contracts === 0) {
    return none(`получатель платежа (ИНН ${payeeInn}) не является поставщиком ни по одному договору`);
  }
  const eligible = facts.eligible;
  if (eligible === 0) {
    return none(
      `плательщик (ИНН ${payerInn}) не является заказчиком по договорам с поставщиком ИНН ${payeeInn}`,
    );
  }
  const purpose = readPurpose(doc.purpose);
  const scored: Scored[] = [];
  const conflicts: string[] = [];
  for (const candidate of named) {
    const result = score(purpose, candidate, numberKey(candidate.number));
    if (typeof result === 'string') conflicts.push(result);
    else if (result) scored.push(result);
  }

  if (scored.length === 0) {
    if (conflicts.length > 0) return none(conflicts.join('; '));
    if (eligible === 1 && facts.only) {
      const only = facts.only;
      return withinRemaining(doc, {
        candidate: only,
        confidence: CONFIDENCE.onlyContract,
        reason: `в назначении платежа договор не указан; ${label(only)} — единственный договор с поставщиком ИНН ${payeeInn}`,
      });
    }
    return none(
      `в назначении платежа не найден номер договора или реестровый номер, а с поставщиком ИНН ${payeeInn} ${eligible} договоров`,
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

/** First 19 digits of a registry number: what sameRegistryNumber compares; null when shorter. */
function registryKey(n: string): string | null {
  const digits = /^\d+$/.test(n) ? n : n.replace(/\D/g, '');
  return digits.length < 19 ? null : digits.slice(0, 19);
}

const GRAM = 3;
/** A code unit in ten bits: Cyrillic (U+0400–U+04FF) moved onto U+0300–U+03FF, the rest cut. */
const fold = (c: number) => (c < 0x400 ? c : c < 0x500 ? c - 0x100 : c & 0x3ff);
/**
 * Three UTF-16 code units from `p` as one small integer: no substring per position of every
 * purpose, and no number too large for V8 to keep unboxed (a map keyed by those spent a quarter
 * of the matching time hashing them). Rare characters may share a value with others; `namedIn`
 * checks every key it finds this way.
 */
const gram = (s: string, p: number) =>
  (fold(s.charCodeAt(p)) << 20) | (fold(s.charCodeAt(p + 1)) << 10) | fold(s.charCodeAt(p + 2));

/** What `compact(normalizeContractNumber(n))` gives, without four regular expressions for a plain number. */
function numberKey(n: string): string {
  return /[\s№N]/u.test(n) ? compact(normalizeContractNumber(n)) : n.toLowerCase();
}

/** A candidate list read once for all the payments matched against it (positions in the list). */
type ListIndex = {
  /** Contract numbers in the form `compact` gives, position for position. */
  keys: string[];
  /** Positions by the first three characters of the key (as one number, see `gram`); keys shorter than that are in `short`. */
  byPrefix: Map<number, Positions>;
  short: number[];
  byRegistry: Map<string, Positions>;
  /** Positions by supplier ИНН, and by customer ИНН within it (no customer ИНН: `noCustomer`). */
  bySupplier: Map<string, { all: number[]; noCustomer: number[]; byCustomer: Map<string, number[]> }>;
};

/**
 * Positions under one key of the index: most keys (a contract's registry number, the first three
 * characters of its number within a supplier's list) have one, kept as the number itself — an
 * array per key was a third of the memory a year's statement's index of 190 000 contracts took.
 */
type Positions = number | number[];

const push = <K>(map: Map<K, Positions>, key: K, i: number) => {
  const list = map.get(key);
  if (list === undefined) map.set(key, i);
  else if (typeof list === 'number') map.set(key, [list, i]);
  else list.push(i);
};

const NONE: number[] = [];
const positions = (p: Positions | undefined): readonly number[] =>
  p === undefined ? NONE : typeof p === 'number' ? [p] : p;

/**
 * The index of a candidate list, kept per list: an import matches every payment against the same
 * list of its payee's contracts. A list is read, never changed in place (one that grew or shrank
 * gets its index anew).
 */
const indexOfList = new WeakMap<ContractCandidate[], ListIndex>();
function indexOf(candidates: ContractCandidate[]): ListIndex {
  const known = indexOfList.get(candidates);
  if (known?.keys.length === candidates.length) return known;
  const index: ListIndex = {
    keys: [],
    byPrefix: new Map(),
    short: [],
    byRegistry: new Map(),
    bySupplier: new Map(),
  };
  candidates.forEach((c, i) => {
    const key = numberKey(c.number);
    index.keys.push(key);
    if (key.length < GRAM) index.short.push(i);
    else push(index.byPrefix, gram(key, 0), i);
    const registry = c.registryNumber ? registryKey(c.registryNumber) : null;
    if (registry) push(index.byRegistry, registry, i);
    let supplier = index.bySupplier.get(c.supplierInn);
    if (!supplier) {
      supplier = { all: [], noCustomer: [], byCustomer: new Map() };
      index.bySupplier.set(c.supplierInn, supplier);
    }
    supplier.all.push(i);
    if (c.customerInn) {
      const same = supplier.byCustomer.get(c.customerInn);
      if (same) same.push(i);
      else supplier.byCustomer.set(c.customerInn, [i]);
    } else supplier.noCustomer.push(i);
  });
  indexOfList.set(candidates, index);
  return index;
}

/**
 * Positions, in ascending order, of the candidates the purpose may name: those with a registry
 * number the purpose contains, and those whose number occurs in the purpose (spaces and case
 * aside). Exactly the candidates `score` does not dismiss at once.
 */
function namedIn(purpose: Purpose, index: ListIndex): number[] {
  const found = new Set<number>();
  for (const n of purpose.registryNumbers) {
    const key = registryKey(n);
    if (key) for (const i of positions(index.byRegistry.get(key))) found.add(i);
  }
  const text = purpose.compact;
  for (let p = 0; p + GRAM <= text.length; p++) {
    const list = index.byPrefix.get(gram(text, p));
    if (list === undefined) continue;
    if (typeof list === 'number') {
      if (text.startsWith(index.keys[list], p)) found.add(list);
    } else for (const i of list) if (text.startsWith(index.keys[i], p)) found.add(i);
  }
  for (const i of index.short) if (text.includes(index.keys[i])) found.add(i);
  return [...found].sort((a, b) => a - b);
}

/** For tests: the candidates `namedIn` finds for a purpose. */
export function candidatesNamedIn(text: string, candidates: ContractCandidate[]): ContractCandidate[] {
  return namedIn(readPurpose(text), indexOf(candidates)).map((i) => candidates[i]);
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
