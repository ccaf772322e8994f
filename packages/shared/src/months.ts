/**
 * Russian month names from the platform's locale data (Intl), not written out by hand:
 * the nominative ('январь', a month on its own: "отчёт за январь 2026 г.") and the genitive
 * ('января', a month in a date: "от 5 января 2026").
 */
const names = (options: Intl.DateTimeFormatOptions, part = false) => {
  const format = new Intl.DateTimeFormat('ru', { ...options, timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, i) => {
    const date = new Date(Date.UTC(2000, i, 1));
    return part
      ? (format.formatToParts(date).find((p) => p.type === 'month')?.value ?? '')
      : format.format(date);
  });
};

/** 'январь' … 'декабрь' (index 0 = January). */
export const MONTHS_NOMINATIVE: readonly string[] = names({ month: 'long' });

/** 'Январь' … 'Декабрь' (index 0 = January): month pickers and table headers. */
export const MONTHS_TITLE: readonly string[] = MONTHS_NOMINATIVE.map(
  (m) => m.charAt(0).toUpperCase() + m.slice(1),
);

/** 'января' … 'декабря' (index 0 = January). */
export const MONTHS_GENITIVE: readonly string[] = names({ day: 'numeric', month: 'long' }, true);

/** The nominative name of month 1…12. */
export function monthName(month: number): string {
  const name = MONTHS_NOMINATIVE[month - 1];
  if (!name) throw new RangeError(`Month out of range: ${month}`);
  return name;
}
