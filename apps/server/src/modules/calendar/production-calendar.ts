import type { CalendarCoverage, CalendarData, CalendarYearData, DayInfo } from './calendar.types.js';
import bundled from './data/ru-calendar.json' with { type: 'json' };
import { addDays, fromDayNumber, isWeekend, toDayNumber, yearOf } from './iso-date.js';
import { parseXmlCalendar } from './xml-calendar.js';

type YearIndex = {
  off: Set<string>;
  short: Set<string>;
  work: Set<string>;
  holidays: Record<string, string>;
};

/**
 * The Russian production calendar: which days are working. Holidays, transferred days off and
 * working Saturdays come from the calendar data; a year the calendar does not know falls back to
 * "Saturday and Sunday off" and every answer about it says so (`coverage`).
 *
 * Conventions (ст. 191 ГК РФ: a period starts on the day after the event):
 * - `addWorkingDays(d, n)` is the n-th working day after d, d itself not counted;
 *   `addWorkingDays(d, 0)` is d when d is working, else the next working day.
 * - `addCalendarDays(d, n)` is d + n days, moved to the next working day when it falls on a day
 *   off (ст. 193 ГК РФ), unless asked not to move.
 * - `workingDaysBetween(a, b)` counts working days in (a, b]: `workingDaysBetween(d, addWorkingDays(d, n)) === n`.
 */
export class ProductionCalendar {
  private readonly years = new Map<number, YearIndex>();
  /** Working or not, by day number: deadlines of tens of thousands of events ask the same days. */
  private readonly working = new Map<number, boolean>();

  constructor(data?: CalendarData) {
    if (data) {
      for (const [year, y] of Object.entries(data.years)) this.addYear({ year: Number(year), ...y });
    }
  }

  /** Adds or replaces a year (a corrected decree replaces the year's data). */
  addYear(data: CalendarYearData): void {
    for (const list of [data.off, data.short, data.work]) {
      for (const iso of list) {
        if (yearOf(iso) !== data.year) throw new RangeError(`${iso} does not belong to ${data.year}`);
        toDayNumber(iso);
      }
    }
    this.working.clear();
    this.years.set(data.year, {
      off: new Set(data.off),
      short: new Set(data.short),
      work: new Set(data.work),
      holidays: { ...data.holidays },
    });
  }

  /**
   * Adds a year from an xmlcalendar.ru file (the format of the shipped data), so a year published
   * after the release is added at runtime. Throws ParseError with a Russian message on a bad file.
   */
  addYearFromXml(xmlText: string): CalendarYearData {
    const data = parseXmlCalendar(xmlText);
    this.addYear(data);
    return data;
  }

  hasYear(year: number): boolean {
    return this.years.has(year);
  }

  knownYears(): number[] {
    return [...this.years.keys()].sort((a, b) => a - b);
  }

  /** Exports the years added so far in the shape of the shipped JSON (e.g. to store them). */
  toData(source: string): CalendarData {
    const years: CalendarData['years'] = {};
    for (const year of this.knownYears()) {
      const y = this.years.get(year)!;
      years[String(year)] = {
        off: [...y.off].sort(),
        short: [...y.short].sort(),
        work: [...y.work].sort(),
        holidays: { ...y.holidays },
      };
    }
    return { format: 1, source, years };
  }

  coverage(iso: string): CalendarCoverage {
    return this.years.has(yearOf(iso)) ? 'calendar' : 'weekends-only';
  }

  /** 'weekends-only' when any year from `from` to `to` (in either order) is unknown. */
  coverageBetween(from: string, to: string): CalendarCoverage {
    const [a, b] = [yearOf(from), yearOf(to)].sort((x, y) => x - y);
    for (let y = a; y <= b; y++) if (!this.years.has(y)) return 'weekends-only';
    return 'calendar';
  }

  dayInfo(iso: string): DayInfo {
    toDayNumber(iso);
    const y = this.years.get(yearOf(iso));
    const weekend = isWeekend(iso);
    if (!y) {
      return {
        date: iso,
        working: !weekend,
        kind: weekend ? 'weekend' : 'workday',
        holiday: null,
        coverage: 'weekends-only',
      };
    }
    const base = { date: iso, coverage: 'calendar' as const };
    if (y.off.has(iso)) {
      const holiday = y.holidays[iso] ?? null;
      return {
        ...base,
        working: false,
        kind: holiday ? 'holiday' : weekend ? 'weekend' : 'day-off',
        holiday,
      };
    }
    if (y.short.has(iso)) return { ...base, working: true, kind: 'shortened', holiday: null };
    if (y.work.has(iso)) return { ...base, working: true, kind: 'working-weekend', holiday: null };
    return { ...base, working: !weekend, kind: weekend ? 'weekend' : 'workday', holiday: null };
  }

  isWorkingDay(iso: string): boolean {
    return this.isWorkingDayNumber(toDayNumber(iso));
  }

  private isWorkingDayNumber(day: number): boolean {
    let working = this.working.get(day);
    if (working === undefined) {
      working = this.dayInfo(fromDayNumber(day)).working;
      this.working.set(day, working);
    }
    return working;
  }

  /** A shortened (pre-holiday) working day; such days are working days. */
  isShortDay(iso: string): boolean {
    return this.dayInfo(iso).kind === 'shortened';
  }

  /** The date itself when working, else the next working day. */
  nextWorkingDay(iso: string): string {
    let day = toDayNumber(iso);
    while (!this.isWorkingDayNumber(day)) day++;
    return fromDayNumber(day);
  }

  /** The n-th working day after `iso` (n >= 0); see the class comment for n = 0. */
  addWorkingDays(iso: string, n: number): string {
    if (!Number.isInteger(n) || n < 0) throw new RangeError(`n must be a non-negative integer, got ${n}`);
    if (n === 0) return this.nextWorkingDay(iso);
    let day = toDayNumber(iso);
    let left = n;
    while (left > 0) {
      day++;
      if (this.isWorkingDayNumber(day)) left--;
    }
    return fromDayNumber(day);
  }

  /** `iso` + n calendar days; a result on a day off moves to the next working day (ст. 193 ГК РФ). */
  addCalendarDays(iso: string, n: number, options: { moveToWorkingDay?: boolean } = {}): string {
    if (!Number.isInteger(n)) throw new RangeError(`n must be an integer, got ${n}`);
    const due = addDays(iso, n);
    return options.moveToWorkingDay === false ? due : this.nextWorkingDay(due);
  }

  /** Working days d with from < d <= to; negative when `to` is before `from`. */
  workingDaysBetween(from: string, to: string): number {
    const a = toDayNumber(from);
    const b = toDayNumber(to);
    if (b < a) return -this.workingDaysBetween(to, from);
    let count = 0;
    for (let day = a + 1; day <= b; day++) if (this.isWorkingDayNumber(day)) count++;
    return count;
  }
}

/** A calendar with the shipped years (2013-2027 at the time of writing); each call gives a new instance. */
export function createRuCalendar(): ProductionCalendar {
  return new ProductionCalendar(bundled as CalendarData);
}

let shared: ProductionCalendar | null = null;
/**
 * The production calendar every deadline of the server is computed on (the shipped years), one
 * instance per process so its cache of working days is shared.
 */
export function productionCalendar(): ProductionCalendar {
  shared ??= createRuCalendar();
  return shared;
}
