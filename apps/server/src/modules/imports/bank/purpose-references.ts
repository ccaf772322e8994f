/**
 * Finding contract references in a payment purpose (НазначениеПлатежа): registry numbers and
 * contract numbers with their dates, as accountants write them:
 * 'по договору № 12/2024 от 01.02.2024', 'дог. 12/2024', 'Расчет по договору N 0320 от 21.06.2021',
 * 'контракт №Н 394/536-10-16 от 5 мая 2010 г.'.
 */

import { MONTHS_GENITIVE } from '@zakupki/shared';

/** Registry numbers: 19 digits (44-FZ, 223-FZ base) or 23 digits (223-FZ with the 4-digit suffix). */
const REGISTRY_RUN = /(?<!\d)\d{19}(?:\d{4})?(?!\d)/g;

/** Digit runs in the purpose that may be registry numbers. */
export function registryNumbersIn(purpose: string): string[] {
  return purpose.match(REGISTRY_RUN) ?? [];
}

/** Registry numbers are compared on their first 19 digits (the 223-FZ suffix is often left out). */
export function sameRegistryNumber(a: string, b: string): boolean {
  const x = a.replace(/\D/g, '');
  const y = b.replace(/\D/g, '');
  if (x.length < 19 || y.length < 19) return false;
  return x.slice(0, 19) === y.slice(0, 19);
}

export type NumberReference = {
  /** How the number was introduced: a contract word, a bare №/N, or nothing (a distinctive number). */
  marker: 'contract-word' | 'number-sign' | 'none';
  /** ISO date written right after the number ('от 01.02.2024'), or null. */
  date: string | null;
};

const CONTRACT_WORD =
  /(?<![\p{L}])(?:договор\p{L}*|дог(?:\.|(?![\p{L}-]))|дог-р\p{L}*|д-р\p{L}*|д\/|контракт\p{L}*|к-т\p{L}*|соглашени\p{L}*)/giu;
const OTHER_DOC_WORD =
  /(?<![\p{L}])(?:сч[её]т\p{L}*|сч\.|сч-ф\p{L}*|с\/ф|счет-фактур\p{L}*|упд|накладн\p{L}*|акт\p{L}*|заказ\p{L}*|заявк\p{L}*|письм\p{L}*|л\/с|лс)(?![\p{L}])/giu;
const NUMBER_SIGN = /(?:№|N(?![\p{L}]))\s*$/u;

/** Genitive month name ('марта') -> 1…12. */
const MONTHS: Record<string, number> = Object.fromEntries(MONTHS_GENITIVE.map((m, i) => [m, i + 1]));

const DATE_AFTER = new RegExp(
  String.raw`^\s*[,;]?\s*(?:от|from)\s*(?:(\d{1,2})[./-](\d{1,2})[./-](\d{4}|\d{2})(?!\d)|(\d{1,2})\s+(${MONTHS_GENITIVE.join('|')})\s+(\d{4}))`,
  'iu',
);

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Normalizes a contract number for searching: no '№'/'N' prefix, single spaces. */
export function normalizeContractNumber(number: string): string {
  return number
    .trim()
    .replace(/^(?:№|N(?=[\s\d]))\s*/u, '')
    .replace(/\s+/g, ' ');
}

/** True when a number cannot identify a contract: empty, 'б/н', 'без номера'. */
export function isBlankContractNumber(number: string): boolean {
  const n = normalizeContractNumber(number).toLowerCase();
  return n === '' || n === 'б/н' || n === 'бн' || n === 'без номера';
}

/** A number distinctive enough to be trusted without a 'договор' word before it ('Н 394/536-10-16'). */
function isDistinctive(number: string): boolean {
  return number.length >= 5 && /\d/.test(number) && /[^\d]/.test(number);
}

function parseDateAfter(tail: string): string | null {
  const m = DATE_AFTER.exec(tail);
  if (!m) return null;
  let day: number;
  let month: number;
  let year: number;
  if (m[1]) {
    day = Number(m[1]);
    month = Number(m[2]);
    year = m[3].length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
  } else {
    day = Number(m[4]);
    month = MONTHS[m[5].toLowerCase()];
    year = Number(m[6]);
  }
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return null;
  return probe.toISOString().slice(0, 10);
}

function lastIndexOfPattern(text: string, pattern: RegExp): number {
  let last = -1;
  for (const m of text.matchAll(pattern)) last = m.index + m[0].length;
  return last;
}

/** What may not touch a number on the left (a letter, a digit, «/», «\\», «-», or a digit and «.»/«,»)… */
const BAD_BEFORE = /(?:[\p{L}\p{N}/\\-]|\p{N}[.,])$/u;
/** …and on the right. */
const BAD_AFTER = /^(?:[\p{L}\p{N}/\\-]|[.,]\p{N})/u;

/**
 * Where `number` stands alone in `purpose` (not inside a longer number or word), any case, spaces
 * of the number optional. A number without spaces is found by plain search with boundary checks
 * compiled once: compiling an expression with Unicode classes for every number took about a
 * millisecond, and an import checks tens of thousands of them.
 */
function occurrences(purpose: string, normalized: string): { index: number; end: number }[] {
  const found: { index: number; end: number }[] = [];
  const lower = purpose.toLowerCase();
  const needle = normalized.toLowerCase();
  // the plain search needs positions in lower case to be those of the text (no letter that
  // lower-cases into two) and a number without spaces
  if (/\s/.test(normalized) || lower.length !== purpose.length || needle.length !== normalized.length) {
    const body = escapeRegExp(normalized).replace(/ /g, '\\s*');
    const pattern = new RegExp(
      `(?<![\\p{L}\\p{N}/\\\\-]|\\p{N}[.,])${body}(?![\\p{L}\\p{N}/\\\\-]|[.,]\\p{N})`,
      'giu',
    );
    for (const m of purpose.matchAll(pattern)) found.push({ index: m.index, end: m.index + m[0].length });
    return found;
  }
  for (let at = lower.indexOf(needle); at !== -1; ) {
    const end = at + needle.length;
    if (
      BAD_BEFORE.test(purpose.slice(Math.max(0, at - 4), at)) ||
      BAD_AFTER.test(purpose.slice(end, end + 4))
    ) {
      at = lower.indexOf(needle, at + 1);
      continue;
    }
    found.push({ index: at, end });
    at = lower.indexOf(needle, end);
  }
  return found;
}

/**
 * Occurrences of `number` in `purpose` that read as a reference to a contract. An occurrence after
 * an invoice or act word ('по счету № 125') is not a contract reference and is skipped.
 */
export function findContractNumber(purpose: string, number: string): NumberReference[] {
  const normalized = normalizeContractNumber(number);
  if (isBlankContractNumber(normalized)) return [];
  const found: NumberReference[] = [];
  for (const m of occurrences(purpose, normalized)) {
    const before = purpose.slice(Math.max(0, m.index - 40), m.index);
    const contractAt = lastIndexOfPattern(before, CONTRACT_WORD);
    const otherAt = lastIndexOfPattern(before, OTHER_DOC_WORD);
    if (otherAt > contractAt) continue;
    let marker: NumberReference['marker'];
    if (contractAt !== -1) marker = 'contract-word';
    else if (NUMBER_SIGN.test(before)) marker = 'number-sign';
    else if (isDistinctive(normalized)) marker = 'none';
    else continue;
    found.push({ marker, date: parseDateAfter(purpose.slice(m.end)) });
  }
  return found;
}
