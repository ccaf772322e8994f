import { checkInn, checkKpp, checkOgrn } from '@zakupki/shared';
import type { EisDocumentRef, EisOrganization, EisWarning } from '../../../kernel/eis/eis.types.js';
import { moscowOffsetMinutes } from '../../../lib/moscow-time.js';
import { ParseError } from '../../../lib/parse-error.js';
import { asArray, child, text, type XmlNode } from '../../../lib/xml.js';

/**
 * Readers of EIS element values. Each takes the parent node, the child's local name and the
 * parent's element path (for error messages such as «body/item[2]/contractData/price: …»).
 * Absent or empty values give null; a value that is present but malformed is a broken file and
 * throws ParseError naming the element.
 */

export function fail(path: string, problem: string): never {
  throw new ParseError(`${path}: ${problem}`);
}

export const join = (path: string, name: string) => (path ? `${path}/${name}` : name);

/** Trimmed text of a child element, or null when absent or empty. */
export function str(node: unknown, name: string): string | null {
  const v = text(node, name)?.trim();
  return v ? v : null;
}

/** First non-empty text among several alternative child names (schema versions rename fields). */
export function strOf(node: unknown, ...names: string[]): string | null {
  for (const n of names) {
    const v = str(node, n);
    if (v !== null) return v;
  }
  return null;
}

/** Text at a path of local names: `strAt(node, 'okpd2', 'code')`. */
export function strAt(node: unknown, ...names: string[]): string | null {
  let cur: unknown = node;
  for (const n of names.slice(0, -1)) {
    cur = child(cur, n);
    if (!cur) return null;
  }
  return str(cur, names[names.length - 1]);
}

/**
 * Repeated children as a list (absent, single or many). An empty element (`<item/>`) counts as
 * one entry without content, so a required part missing from it is reported, not skipped.
 */
export function list(node: unknown, name: string): XmlNode[] {
  if (!node || typeof node !== 'object') return [];
  const value = (node as XmlNode)[name];
  if (value === '') return [{}];
  return asArray<unknown>(value).map((v) =>
    v && typeof v === 'object' ? (v as XmlNode) : { '#text': String(v) },
  );
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?)?(Z|[+-]\d{2}:\d{2})?$/;

function validYmd(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** Normalises `2015-01-15`, `2015-01-15T00:00:00`, `2016-01-22+03:00` to `YYYY-MM-DD`. */
export function normaliseDate(value: string): string | null {
  const m = DATE.exec(value.trim());
  if (!m || !validYmd(Number(m[1]), Number(m[2]), Number(m[3]))) return null;
  return `${m[1]}-${m[2]}-${m[3]}`;
}

/**
 * Normalises an xs:dateTime to full ISO in UTC. Without an offset the value is Moscow time, as
 * EIS writes it.
 */
export function normaliseDateTime(value: string): string | null {
  const m = DATE.exec(value.trim());
  if (!m || !validYmd(Number(m[1]), Number(m[2]), Number(m[3]))) return null;
  const [hh, mi, ss] = [Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0)];
  if (hh > 24 || mi > 59 || ss > 60) return null;
  const ms = m[7] ? Math.round(Number(`0${m[7]}`) * 1000) : 0;
  const local = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), hh, mi, ss, ms);
  let offset: number;
  if (!m[8]) offset = moscowOffsetMinutes(local);
  else if (m[8] === 'Z') offset = 0;
  else offset = (m[8][0] === '-' ? -1 : 1) * (Number(m[8].slice(1, 3)) * 60 + Number(m[8].slice(4, 6)));
  return new Date(local - offset * 60_000).toISOString();
}

const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d{1,2}))?$/;

/**
 * Normalises an xs:decimal (or a double such as `1.518971519E7`) to a plain decimal string
 * without exponent, leading zeros or trailing fraction zeros beyond `minScale` digits.
 */
export function normaliseDecimal(value: string, minScale = 0): string | null {
  const m = DECIMAL.exec(value.trim());
  if (!m) return null;
  const intDigits = m[2] ?? '';
  const fracDigits = m[3] ?? '';
  if (!intDigits && !fracDigits) return null;
  const exp = Number(m[4] ?? 0);
  const digits = intDigits + fracDigits;
  const point = intDigits.length + exp;
  let intPart: string;
  let fracPart: string;
  if (point <= 0) {
    intPart = '0';
    fracPart = '0'.repeat(-point) + digits;
  } else if (point >= digits.length) {
    intPart = digits + '0'.repeat(point - digits.length);
    fracPart = '';
  } else {
    intPart = digits.slice(0, point);
    fracPart = digits.slice(point);
  }
  intPart = intPart.replace(/^0+(?=\d)/, '');
  fracPart = fracPart.replace(/0+$/, '');
  if (fracPart.length < minScale) fracPart = fracPart.padEnd(minScale, '0');
  const negative = m[1] === '-' && /[1-9]/.test(intPart + fracPart);
  return `${negative ? '-' : ''}${intPart}${fracPart ? `.${fracPart}` : ''}`;
}

export function date(node: unknown, name: string, path: string): string | null {
  const raw = str(node, name);
  if (raw === null) return null;
  return normaliseDate(raw) ?? fail(join(path, name), `неверная дата «${raw}»`);
}

export function dateTime(node: unknown, name: string, path: string): string | null {
  const raw = str(node, name);
  if (raw === null) return null;
  return normaliseDateTime(raw) ?? fail(join(path, name), `неверные дата и время «${raw}»`);
}

/** Money: at least two fraction digits. */
export function money(node: unknown, name: string, path: string): string | null {
  const raw = str(node, name);
  if (raw === null) return null;
  return normaliseDecimal(raw, 2) ?? fail(join(path, name), `неверная сумма «${raw}»`);
}

/** Quantity or unit price: only the digits it needs. */
export function decimal(node: unknown, name: string, path: string): string | null {
  const raw = str(node, name);
  if (raw === null) return null;
  return normaliseDecimal(raw) ?? fail(join(path, name), `неверное число «${raw}»`);
}

export function int(node: unknown, name: string, path: string): number | null {
  const raw = str(node, name);
  if (raw === null) return null;
  if (!/^[+-]?\d{1,15}$/.test(raw)) fail(join(path, name), `неверное целое число «${raw}»`);
  return Number(raw);
}

export function bool(node: unknown, name: string, path: string): boolean | null {
  const raw = str(node, name);
  if (raw === null) return null;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  return fail(join(path, name), `неверное логическое значение «${raw}»`);
}

/** Name, number and date of a document; null when the element is absent or empty. */
export function documentRef(
  node: XmlNode | undefined,
  path: string,
  names: { name: string; number: string; date: string },
): EisDocumentRef | null {
  if (!node) return null;
  const ref = {
    name: str(node, names.name),
    number: str(node, names.number),
    date: date(node, names.date, path),
  };
  return ref.name === null && ref.number === null && ref.date === null ? null : ref;
}

/** Adds a warning for each requisite that fails its checksum; the import goes on. */
export function checkRequisites(
  org: { inn: string | null; kpp: string | null; ogrn?: string | null },
  path: string,
  warnings: EisWarning[],
): void {
  const check = (value: string | null | undefined, name: string, fn: (v: string) => string | null) => {
    if (!value) return;
    const problem = fn(value);
    if (problem) warnings.push({ path: join(path, name), message: `${problem}: ${value}` });
  };
  check(org.inn, 'inn', checkInn);
  check(org.kpp, 'kpp', checkKpp);
  check(org.ogrn, 'ogrn', checkOgrn);
}

/** 223-FZ customerInfoType: `customer/mainInfo(fullName, inn, kpp, ogrn)`. */
export function organization223(
  node: XmlNode | undefined,
  path: string,
  warnings: EisWarning[],
): EisOrganization | null {
  const info = child(node, 'mainInfo') ?? node;
  if (!info) return null;
  const org: EisOrganization = {
    fullName: str(info, 'fullName'),
    shortName: str(info, 'shortName'),
    inn: str(info, 'inn'),
    kpp: str(info, 'kpp'),
    ogrn: str(info, 'ogrn'),
    regNum: null,
  };
  checkRequisites(org, join(path, 'mainInfo'), warnings);
  return org;
}

/** Schema version from `xsi:schemaLocation` (`…/schema/TFF-9.3 …`). */
export function schemaVersion223(root: XmlNode): string | null {
  const loc = str(root, '@schemaLocation');
  return loc ? (/TFF-[\d.]+\d/.exec(loc)?.[0] ?? null) : null;
}

/** One `body/item` of a 223-FZ packet with its `*Data` element and the path for messages. */
export type PacketItem = { index: number; path: string; data: XmlNode };

/**
 * Walks `body/item[i]/<dataName>` of a 223-FZ packet (contract, performanceContract,
 * purchasePlan). A daily file may hold many items; an empty body gives none.
 */
export function packetItems(root: XmlNode, dataName: string): PacketItem[] {
  if (!(root && typeof root === 'object' && 'body' in root)) fail('body', 'нет элемента body');
  return list(child(root, 'body'), 'item').map((item, i) => {
    const itemPath = `body/item[${i + 1}]`;
    const data = child(item, dataName);
    if (!data) fail(itemPath, `нет ${dataName}`);
    return { index: i + 1, path: join(itemPath, dataName), data };
  });
}
