import { createHash } from 'node:crypto';
import {
  fromKopecks,
  type ProcurementStatus,
  type ProtocolKind,
  type SubjectKind,
  toScaled,
} from '@zakupki/shared';
import type {
  EisNotice,
  EisNoticeLot,
  ProcurementMethodKind,
} from '../../kernel/eis/eis223-procurement.types.js';
import { methodFlags, methodKind } from '../law/law-methods.policy.js';

/**
 * Pure rules of the EIS notice and protocol import (docs/procurement-import.md): which catalogue
 * method a notice names, what a protocol is, the items of a lot without prices, the status a
 * document moves the procurement to. Tested from tables of cases.
 */

// ---------------------------------------------------------------- money (kopecks, no floats)

const toKopecks = (v: string) => toScaled(v, 2);
/** Thousandths of a quantity ('0.698' → 698n); null when it is not a plain decimal. */
function toMilli(v: string): bigint | null {
  return /^\d+(\.\d+)?$/.test(v.trim()) ? toScaled(v.trim(), 3) : null;
}

export const sumMoney = (values: string[]) => fromKopecks(values.reduce((s, v) => s + toKopecks(v), 0n));
export const sameMoney = (a: string, b: string) => toKopecks(a) === toKopecks(b);

// ---------------------------------------------------------------- method

/** A method of the company's catalogue (kind 'method': global entries and the company's own). */
export type MethodEntry = {
  id: number;
  code: string;
  title: string;
  companyId: number | null;
  extra: Record<string, unknown>;
};

/** What a notice says of its method: the kind (root element, then name), the name, the flags. */
export type MethodWanted = {
  kind: ProcurementMethodKind;
  name: string | null;
  electronic: boolean;
  smeOnly: boolean;
};

const norm = (s: string) => s.toLowerCase().replace(/ё/g, 'е').replace(/\s+/g, ' ').trim();
const closed = (s: string | null) => /закрыт/i.test(s ?? '');

/** How a catalogue entry reads: its kind and traits from its flags (`extra`), by the law. */
function entryTraits(e: MethodEntry) {
  const k = methodKind(e.extra);
  return { kind: k.form, electronic: k.electronic, smeOnly: k.smeOnly, closed: k.closed };
}

/**
 * The catalogue entry of a notice's method: the entry titled exactly as the notice names the
 * method; else an entry of the same kind, openness and electronic form, SME-only as the notice
 * when there is one (the company's own entries before the global ones; entries an import added
 * — `extra.source` eis — by their exact name only). Null: the catalogue has
 * no such method (the writer then adds the notice's method to the company's catalogue). Never by
 * the customer's numeric method code, which each customer numbers as it likes.
 */
export function pickMethod(entries: MethodEntry[], wanted: MethodWanted): MethodEntry | null {
  const ordered = [...entries].sort((a, b) => Number(b.companyId !== null) - Number(a.companyId !== null));
  if (wanted.name) {
    const exact = ordered.find((e) => norm(e.title) === norm(wanted.name as string));
    if (exact) return exact;
  }
  const same = ordered.filter((e) => {
    // an entry an earlier import added is some customer's own name of a method («Запрос цен»):
    // found by that exact name only, never standing in for another notice's method by its traits
    if (e.extra.source === 'eis') return false;
    const t = entryTraits(e);
    return t.kind === wanted.kind && t.closed === closed(wanted.name) && t.electronic === wanted.electronic;
  });
  if (wanted.kind === 'other') return null; // «иной способ»: only by its exact name
  return same.find((e) => entryTraits(e).smeOnly === wanted.smeOnly) ?? same[0] ?? null;
}

const KIND_TITLES: Record<ProcurementMethodKind, string> = {
  competition: 'Конкурс',
  auction: 'Аукцион',
  quotation_request: 'Запрос котировок',
  proposal_request: 'Запрос предложений',
  single_supplier: 'Закупка у единственного поставщика (исполнителя, подрядчика)',
  other: 'Иной способ закупки',
};

/** The catalogue entry the import adds when the company's catalogue has no such method. */
export function newMethodEntry(wanted: MethodWanted): {
  code: string;
  title: string;
  extra: Record<string, unknown>;
} {
  const title = (wanted.name ?? '').replace(/\s+/g, ' ').trim() || KIND_TITLES[wanted.kind];
  return {
    code: `eis_${createHash('sha1').update(norm(title)).digest('hex').slice(0, 10)}`,
    title,
    extra: {
      ...methodFlags(wanted.kind, {
        electronic: wanted.electronic,
        smeOnly: wanted.smeOnly,
        closed: closed(wanted.name),
      }),
      source: 'eis',
    },
  };
}

// ---------------------------------------------------------------- protocol kind

/**
 * Protocol forms of the TFF whose root element names the kind (`purchaseProtocolRZ1AE`: review of
 * the first parts, `…VK`: opening of envelopes, `…PAEP`: the single-supplier protocol, …). Longer
 * prefixes first.
 */
const PROTOCOL_FORMS: [RegExp, ProtocolKind][] = [
  [/^Summingup/i, 'summing_up'],
  [/^IP$/, 'summing_up'],
  [/^PA/, 'summing_up'],
  [/^ZK/, 'summing_up'],
  [/^VK/, 'opening'],
  [/^RZ/, 'review'],
  [/^OSZ/, 'evaluation'],
  [/^CC/, 'evaluation'],
  [/^Collation/i, 'evaluation'],
  [/^(Evasion|Cancel|ZRPZ)/i, 'other'],
];

/** The kind by the protocol's name as the EIS writes it (`typeName`). */
function kindByName(name: string): ProtocolKind | null {
  const n = name.toLowerCase();
  if (/итог|единствен/.test(n)) return 'summing_up';
  if (/рассмотрени\S* и оценк/.test(n)) return 'summing_up'; // котировочные заявки: one final protocol
  if (/вскрыти|открыти\S* доступа/.test(n)) return 'opening';
  if (/оценк|сопоставлени/.test(n)) return 'evaluation';
  if (/рассмотрени/.test(n)) return 'review';
  if (/уклонени|отмен|разъяснени/.test(n)) return 'other';
  return null;
}

/**
 * The kind of a protocol from its root element (`purchaseProtocolRZ1AE`), else from its name
 * (`typeName` of a plain `purchaseProtocol`); the summing-up protocol is the final one (its
 * placement starts the contract window, ч. 15 ст. 3.2).
 */
export function protocolKindOf(
  form: string,
  typeName: string | null,
): { kind: ProtocolKind; final: boolean } {
  const suffix = form.replace(/^purchaseProtocol/, '');
  const byForm = suffix ? PROTOCOL_FORMS.find(([re]) => re.test(suffix))?.[1] : undefined;
  const kind = byForm ?? (typeName ? kindByName(typeName) : null) ?? 'other';
  return { kind, final: kind === 'summing_up' };
}

// ---------------------------------------------------------------- status

const ORDER: ProcurementStatus[] = ['draft', 'documentation_ready', 'published', 'bids_closed', 'summing_up'];

/** The status a notice gives: cancelled when the EIS says so (status A, or every lot cancelled). */
export function noticeStatus(n: Pick<EisNotice, 'status' | 'lots'>): 'published' | 'cancelled' {
  if (n.status === 'A') return 'cancelled';
  if (n.lots.length > 0 && n.lots.every((l) => l.cancelled === true)) return 'cancelled';
  return 'published';
}

/**
 * The status after an imported document: a document moves the procurement forward only (never
 * back, never out of a final status: contract concluded, cancelled, failed). Null: no change.
 */
export function statusAfter(current: ProcurementStatus, target: ProcurementStatus): ProcurementStatus | null {
  if (current === target) return null;
  if (current === 'contract_concluded' || current === 'cancelled' || current === 'failed') return null;
  if (target === 'cancelled' || target === 'failed') return target;
  const from = ORDER.indexOf(current);
  const to = ORDER.indexOf(target);
  return to > from ? target : null;
}

/** The status a protocol moves to: bids closed by opening, review or evaluation; summing up by the final one. */
export function protocolStatus(kind: ProtocolKind): ProcurementStatus | null {
  if (kind === 'summing_up') return 'summing_up';
  if (kind === 'opening' || kind === 'review' || kind === 'evaluation') return 'bids_closed';
  return null;
}

// ---------------------------------------------------------------- subject and items

/** Goods, works or services by ОКПД2 sections: 41–43 works, 45–99 (and 33, repair) services. */
export function subjectTypeOf(codes: (string | null)[]): SubjectKind {
  const count: Record<SubjectKind, number> = { goods: 0, works: 0, services: 0 };
  for (const c of codes) {
    const m = /^(\d{2})/.exec(c ?? '');
    if (!m) continue;
    const n = Number(m[1]);
    count[n >= 41 && n <= 43 ? 'works' : n >= 45 || n === 33 ? 'services' : 'goods']++;
  }
  const best = (['works', 'services', 'goods'] as const).reduce((a, b) => (count[b] > count[a] ? b : a));
  return count[best] ? best : 'goods';
}

export type ItemRow = {
  lineNo: number;
  name: string;
  okpd2Code: string | null;
  okeiCode: string | null;
  unitName: string | null;
  quantity: string;
  unitPrice: string;
  amount: string;
};

const oneLine = (s: string | null, max: number) => {
  const t = (s ?? '').replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
};

/**
 * The items of a lot. A notice gives no prices of its items, only the lot's НМЦД: a lot of one
 * item gets unit price = НМЦД / quantity (rounded to kopecks) and amount = НМЦД; the items of a
 * lot of several have price and amount 0 (unknown, not made up) and the lot says so in a warning.
 * A quantity the notice leaves out is 1 (warned). Names: the lot's subject for its only item, else
 * the item's additional information or its ОКПД2 name.
 */
export function lotItems(
  lot: EisNoticeLot,
  lotNumber: number,
  lotSum: string,
): { items: ItemRow[]; warnings: string[] } {
  const warnings: string[] = [];
  const single = lot.items.length === 1;
  const items = lot.items.map((it, i): ItemRow => {
    let quantity = it.qty;
    const milli = quantity === null ? null : toMilli(quantity);
    if (quantity === null || milli === null || milli === 0n) {
      warnings.push(`лот ${lotNumber}, позиция ${i + 1}: количество в извещении не указано — принято 1`);
      quantity = '1';
    }
    const qty = toMilli(quantity) as bigint;
    const name =
      (single ? oneLine(lot.subject, 1000) : '') ||
      oneLine(it.additionalInfo, 1000) ||
      oneLine(it.okpd2Name, 1000) ||
      `Позиция ${i + 1} лота ${lotNumber}`;
    let unitPrice = '0.00';
    let amount = '0.00';
    if (single) {
      const kop = toKopecks(lotSum);
      amount = lotSum;
      unitPrice = fromKopecks((kop * 1000n * 2n + qty) / (qty * 2n)); // half up
    }
    return {
      lineNo: it.ordinalNumber ?? i + 1,
      name,
      okpd2Code: it.okpd2Code,
      okeiCode: it.okeiCode,
      unitName: it.okeiName,
      quantity,
      unitPrice,
      amount,
    };
  });
  if (items.length > 1 && toKopecks(lotSum) > 0n)
    warnings.push(`лот ${lotNumber}: цены позиций в извещении не указаны — укажите их в карточке закупки`);
  // the line numbers of the notice when they are unique, else 1, 2, …
  if (new Set(items.map((r) => r.lineNo)).size !== items.length) {
    for (const [i, r] of items.entries()) r.lineNo = i + 1;
  }
  return { items, warnings };
}

/** The subject of the procurement: the notice's name on one line, else the first lot's subject. */
export function noticeSubject(n: Pick<EisNotice, 'name' | 'lots' | 'registrationNumber'>): string {
  return (
    oneLine(n.name, 2000) || oneLine(n.lots[0]?.subject ?? null, 2000) || `Закупка № ${n.registrationNumber}`
  );
}
