/** Display formats of docs/product.md: money `1 234 567,89 ₽`, dates `ДД.ММ.ГГГГ` in Moscow time. */

export const NBSP = '\u00a0';
export const MOSCOW_TZ = 'Europe/Moscow';

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
}

/** Exact decimal string (`-1234.5`, `1 234,50`) or number → `{ negative, int, frac }` rounded to kopecks. */
function toKopecks(value: string | number): { negative: boolean; int: string; frac: string } | null {
  let s = typeof value === 'number' ? (Number.isFinite(value) ? value.toFixed(2) : '') : value;
  s = s.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  const m = /^(-?)(\d+)(?:\.(\d*))?$/.exec(s);
  if (!m) return null;
  const [, sign, intPart, fracPart = ''] = m;
  let cents = BigInt(intPart) * 100n + BigInt(`${fracPart}00`.slice(0, 2));
  if (fracPart.length > 2 && Number(fracPart[2]) >= 5) cents += 1n;
  const int = (cents / 100n).toString();
  const frac = (cents % 100n).toString().padStart(2, '0');
  return { negative: sign === '-' && cents !== 0n, int, frac };
}

/** `1234567.891` → `1 234 567,89 ₽` (non-breaking spaces); empty or unparseable input → `''`. */
export function formatMoney(value: string | number | null | undefined, currency = '₽'): string {
  if (value === null || value === undefined || value === '') return '';
  const k = toKopecks(value);
  if (!k) return '';
  const body = `${k.negative ? '-' : ''}${groupThousands(k.int)},${k.frac}`;
  return currency ? `${body}${NBSP}${currency}` : body;
}

const dateParts = new Intl.DateTimeFormat('ru-RU', {
  timeZone: MOSCOW_TZ,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function moscowParts(d: Date): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of dateParts.formatToParts(d)) out[p.type] = p.value;
  return out;
}

function toDate(value: string | Date): Date | null {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * `ДД.ММ.ГГГГ`. A calendar date (`2026-03-08`) is shown as is; an instant is shown in Moscow time
 * (`2026-03-07T22:30:00Z` → `08.03.2026`).
 */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  if (typeof value === 'string') {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (m) return `${m[3]}.${m[2]}.${m[1]}`;
  }
  const d = toDate(value);
  if (!d) return '';
  const p = moscowParts(d);
  return `${p.day}.${p.month}.${p.year}`;
}

/** `ДД.ММ.ГГГГ ЧЧ:ММ` in Moscow time. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d = toDate(value);
  if (!d) return '';
  const p = moscowParts(d);
  return `${p.day}.${p.month}.${p.year} ${p.hour}:${p.minute}`;
}

/** `ДД.ММ.ГГГГ` typed by a user → `ГГГГ-ММ-ДД`, or null when it is not a real date. */
export function parseRuDate(input: string): string | null {
  const m = /^\s*(\d{1,2})\.(\d{1,2})\.(\d{4})\s*$/.exec(input);
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Today in Moscow as YYYY-MM-DD. */
export function todayIso(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: MOSCOW_TZ,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/**
 * A catalogue entry in a list: a numbering code the user knows (`1`, `2.3`) before the title
 * («1. Метод сопоставимых рыночных цен»); a code that is an internal key (`e_proposal`) never
 * shows: the title alone («Запрос предложений в электронной форме»).
 */
export function catalogEntryLabel(e: { code?: string | null; title: string }): string {
  return e.code && /^\d+(\.\d+)*$/.test(e.code) ? `${e.code}. ${e.title}` : e.title;
}
