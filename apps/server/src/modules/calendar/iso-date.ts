/**
 * Calendar dates as ISO strings ('2024-03-12') with no time zone: arithmetic on days since the
 * epoch in UTC, so Moscow time, DST or the server's zone never shift a date.
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

/** Days since 1970-01-01 for a valid ISO date; throws RangeError otherwise. */
export function toDayNumber(iso: string): number {
  const m = ISO_DATE.exec(iso);
  if (m) {
    const year = Number(m[1]);
    const month = Number(m[2]);
    const day = Number(m[3]);
    const ms = Date.UTC(year, month - 1, day);
    const probe = new Date(ms);
    if (probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day) {
      return ms / MS_PER_DAY;
    }
  }
  throw new RangeError(`Invalid ISO date: ${iso}`);
}

export function fromDayNumber(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

export function isIsoDate(value: string): boolean {
  try {
    toDayNumber(value);
    return true;
  } catch {
    return false;
  }
}

/** Adds (or with a negative n subtracts) calendar days. */
export function addDays(iso: string, n: number): string {
  return fromDayNumber(toDayNumber(iso) + n);
}

/** 0 Sunday ... 6 Saturday. */
export function weekday(iso: string): number {
  return new Date(toDayNumber(iso) * MS_PER_DAY).getUTCDay();
}

export function isWeekend(iso: string): boolean {
  const d = weekday(iso);
  return d === 0 || d === 6;
}

export function yearOf(iso: string): number {
  return Number(iso.slice(0, 4));
}

/** Days from a to b (positive when b is later). */
export function daysBetween(a: string, b: string): number {
  return toDayNumber(b) - toDayNumber(a);
}

/** 'ДД.ММ.ГГГГ' for Russian messages. */
export function formatRuDate(iso: string): string {
  return `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
}

/** The same day of month `months` later, clamped to the month's last day (31.01 + 1 -> 29.02). */
export function addMonths(iso: string, months: number): string {
  const year = Number(iso.slice(0, 4));
  const month = Number(iso.slice(5, 7)) - 1 + months;
  const day = Number(iso.slice(8, 10));
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(day, lastDay))).toISOString().slice(0, 10);
}
