import { ParseError } from '../../../lib/parse-error.js';

/** A bank file problem tied to a line; the message starts with «строка N:». */
export class BankParseError extends ParseError {
  readonly line: number;
  constructor(line: number, message: string) {
    super(`строка ${line}: ${message}`);
    this.line = line;
  }
}

const AMOUNT = /^(-?)(\d+)(?:[.,](\d+))?$/;

/** Whole digits the amount columns hold: numeric(18, 2) in the schema leaves 16 before the point. */
export const MAX_AMOUNT_WHOLE_DIGITS = 16;

/** A value for a message: a huge one is cut so the message stays readable. */
function shown(value: string): string {
  return value.length > 40 ? `${value.slice(0, 40)}… (${value.length} знаков)` : value;
}

/**
 * Parses an amount as written in 1C files ('700', '700.5', '1052.98', '12 345,60') into a decimal
 * string with two decimals ('700.00'). Negative values only where `allowNegative` (balances).
 */
export function parseAmount(value: string, line: number, allowNegative = false, inDocument = ''): string {
  const compact = value.replace(/[\s\u00a0]/g, '');
  const m = AMOUNT.exec(compact);
  if (!m || (m[1] === '-' && !allowNegative)) {
    throw new BankParseError(line, `некорректная сумма «${shown(value)}»`);
  }
  const fraction = (m[3] ?? '').replace(/0+$/, '');
  if (fraction.length > 2)
    throw new BankParseError(line, `некорректная сумма «${shown(value)}» (больше двух знаков копеек)`);
  const whole = m[2].replace(/^0+(?=\d)/, '');
  if (whole.length > MAX_AMOUNT_WHOLE_DIGITS) {
    throw new BankParseError(
      line,
      `сумма${inDocument} «${shown(value)}» слишком велика (не более ${MAX_AMOUNT_WHOLE_DIGITS} цифр до запятой)`,
    );
  }
  const sign = m[1] === '-' && !/^0*$/.test(whole + fraction) ? '-' : '';
  return `${sign}${whole}.${fraction.padEnd(2, '0')}`;
}

const DATE = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;

/** 'ДД.ММ.ГГГГ' -> ISO date; empty and '00.00.0000' -> null; anything else is an error naming the line. */
export function parseDate(value: string, line: number): string | null {
  if (value === '' || /^0{1,2}\.0{1,2}\.0{4}$/.test(value)) return null;
  const m = DATE.exec(value);
  if (!m) throw new BankParseError(line, `некорректная дата «${value}» (ожидается ДД.ММ.ГГГГ)`);
  const day = Number(m[1]);
  const month = Number(m[2]);
  const year = Number(m[3]);
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (year < 1990 || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) {
    throw new BankParseError(line, `некорректная дата «${value}»`);
  }
  return `${m[3]}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** 'ЧЧ:ММ' or 'ЧЧ:ММ:СС' -> 'ЧЧ:ММ:СС', or null when empty or malformed (time is informative only). */
export function parseTime(value: string): string | null {
  const m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59 || Number(m[3] ?? 0) > 59) return null;
  return `${m[1].padStart(2, '0')}:${m[2]}:${m[3] ?? '00'}`;
}

/** Empty string -> null. */
export function orNull(value: string | undefined): string | null {
  return value === undefined || value === '' ? null : value;
}

/** ИНН, КПП and УИН written as '0' (or all zeros for КПП and УИН) mean "none". */
export function codeOrNull(value: string | undefined): string | null {
  if (value === undefined || value === '' || /^0+$/.test(value)) return null;
  return value;
}

/** Amount strings ('700.00', '-5.10') -> kopecks. */
export function toKopecks(amount: string): bigint {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!m) throw new Error(`Not a decimal amount: ${amount}`);
  const value = BigInt(m[2]) * 100n + BigInt((m[3] ?? '').padEnd(2, '0') || '0');
  return m[1] === '-' ? -value : value;
}
