/**
 * Moscow time, in which the law counts its deadlines and the EIS writes its dates: UTC+3 all year
 * since 26 October 2014 (no daylight saving). The one place that knows the offset.
 */
export const MOSCOW_OFFSET = '+03:00';
const OFFSET_MS = 3 * 3_600_000;

/** The Moscow wall clock of an instant as 'YYYY-MM-DDTHH:MM:SS.sss' (no zone). */
const wallClock = (at: Date): string => new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 23);

/** The Moscow date of an instant: 'YYYY-MM-DD'. */
export const moscowDay = (at: Date): string => wallClock(at).slice(0, 10);

/** The Moscow date and time of an instant to the second, without an offset: 'YYYY-MM-DDTHH:MM:SS'. */
export const moscowDateTime = (at: Date): string => wallClock(at).slice(0, 19);

/** Today's date in Moscow. */
export const todayMoscow = (now = new Date()): string => moscowDay(now);

/** A Moscow date ('YYYY-MM-DD': its midnight) or wall-clock time ('YYYY-MM-DDTHH:MM[:SS]') as an instant. */
export const moscowInstant = (local: string): Date =>
  new Date(`${local.length === 10 ? `${local}T00:00:00` : local}${MOSCOW_OFFSET}`);

/** 1 January 00:00 Moscow time of the year an instant falls in (Moscow). */
export const moscowYearStart = (now = new Date()): Date =>
  moscowInstant(`${moscowDay(now).slice(0, 4)}-01-01`);

/**
 * Minutes ahead of UTC of Moscow wall-clock time given as a UTC timestamp, history included:
 * UTC+4 from 27 March 2011 to 26 October 2014, UTC+3 otherwise in the years the EIS has files of
 * (older EIS documents carry times of the UTC+4 years).
 */
export function moscowOffsetMinutes(localAsUtc: number): number {
  const from = Date.UTC(2011, 2, 27, 2);
  const to = Date.UTC(2014, 9, 26, 2);
  return localAsUtc >= from && localAsUtc < to ? 240 : 180;
}
