import { ParseError } from '../../../lib/parse-error.js';
import type { Money, Price, Quantity } from './upd.types.js';

/**
 * Exact decimal arithmetic on strings for money and quantities: a value is a BigInt scaled by
 * 10^scale, so nothing ever passes through a float.
 */
type Dec = { value: bigint; scale: number };

const DECIMAL = /^([+-])?(\d*)(?:[.,](\d*))?$/;

function parse(raw: string): Dec | null {
  const m = DECIMAL.exec(raw.trim());
  if (!m) return null;
  const [, sign, int = '', frac = ''] = m;
  if (int === '' && frac === '') return null;
  const value = BigInt(`${int || '0'}${frac}`);
  return { value: sign === '-' ? -value : value, scale: frac.length };
}

function rescale(d: Dec, scale: number): bigint {
  return d.value * 10n ** BigInt(scale - d.scale);
}

/** Formats with at least `minFrac` decimals; further decimals are kept only when not zero. */
function format(d: Dec, minFrac: number): string {
  let { value, scale } = d;
  while (scale > minFrac && value % 10n === 0n) {
    value /= 10n;
    scale--;
  }
  if (scale < minFrac) {
    value *= 10n ** BigInt(minFrac - scale);
    scale = minFrac;
  }
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0');
  const int = digits.slice(0, digits.length - scale);
  const frac = digits.slice(digits.length - scale);
  return `${negative ? '-' : ''}${int}${scale > 0 ? `.${frac}` : ''}`;
}

function parseOrThrow(raw: string, where: string): Dec {
  const d = parse(raw);
  if (!d) throw new ParseError(`Неверное число «${raw}» в ${where}`);
  return d;
}

/** '2400000' -> '2400000.00', '6458.4' -> '6458.40'. More than two significant decimals is an error. */
export function toMoney(raw: string, where: string): Money {
  const d = parseOrThrow(raw, where);
  const s = format(d, 2);
  if (s.split('.')[1].length > 2) {
    throw new ParseError(`Сумма «${raw}» в ${where} содержит больше двух знаков после запятой`);
  }
  return s;
}

/** '2376.000' -> '2376', '114.100' -> '114.1'. */
export function toQuantity(raw: string, where: string): Quantity {
  return format(parseOrThrow(raw, where), 0);
}

/** '50' -> '50.00', '516.670' -> '516.67', '0.123450' -> '0.12345'. */
export function toPrice(raw: string, where: string): Price {
  return format(parseOrThrow(raw, where), 2);
}

function combine(a: string, b: string, minFrac: number, op: (x: bigint, y: bigint) => bigint): string {
  const x = parse(a);
  const y = parse(b);
  if (!x || !y) throw new Error(`not a decimal: ${a}, ${b}`);
  const scale = Math.max(x.scale, y.scale);
  return format({ value: op(rescale(x, scale), rescale(y, scale)), scale }, minFrac);
}

/** a − b of two normalised decimals, formatted with at least `minFrac` decimals. */
export function subtract(a: string, b: string, minFrac: number): string {
  return combine(a, b, minFrac, (x, y) => x - y);
}

export function sum(values: string[], minFrac: number): string {
  return values.reduce(
    (acc, v) => combine(acc, v, minFrac, (x, y) => x + y),
    format({ value: 0n, scale: 0 }, minFrac),
  );
}

/** -1, 0 or 1. */
export function sign(a: string): number {
  const d = parse(a);
  if (!d) throw new Error(`not a decimal: ${a}`);
  return d.value === 0n ? 0 : d.value < 0n ? -1 : 1;
}

export function negate(a: string, minFrac: number): string {
  return subtract('0', a, minFrac);
}
