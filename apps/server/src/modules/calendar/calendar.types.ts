/** One year of the Russian production calendar. Ordinary Saturdays and Sundays are not listed. */
export type CalendarYearData = {
  year: number;
  /** Days off that would otherwise be working or that are holidays (xmlcalendar t=1), ISO dates. */
  off: string[];
  /** Shortened working days, the eve of a holiday (t=2); working even when on a weekend. */
  short: string[];
  /** Saturdays and Sundays made working by a transfer (t=3). */
  work: string[];
  /** Titles of holidays by date, where the source names them. */
  holidays: Record<string, string>;
};

/** The calendar shipped with the server (`data/ru-calendar.json`). */
export type CalendarData = {
  format: 1;
  /** Where the data comes from. */
  source: string;
  years: Record<string, Omit<CalendarYearData, 'year'>>;
};

/**
 * 'calendar' when every date involved lies in a year the calendar knows; 'weekends-only' when
 * some date does not and only Saturdays and Sundays were treated as days off.
 */
export type CalendarCoverage = 'calendar' | 'weekends-only';

/**
 * workday: Monday-Friday, working; shortened: pre-holiday working day (even on a Saturday);
 * working-weekend: a Saturday or Sunday made working; weekend: an ordinary Saturday or Sunday;
 * holiday: a day off with a holiday title; day-off: any other day off by transfer or decree.
 */
export type DayKind = 'workday' | 'shortened' | 'working-weekend' | 'weekend' | 'holiday' | 'day-off';

export type DayInfo = {
  date: string;
  working: boolean;
  kind: DayKind;
  /** Holiday title for a day off that is a holiday, else null. */
  holiday: string | null;
  coverage: CalendarCoverage;
};
