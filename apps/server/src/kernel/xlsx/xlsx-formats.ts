/**
 * Cell formats of our XLSX files. Excel stores number formats with ',' as the group separator and
 * shows them with the reader's locale, so '#,##0.00 "₽"' reads «1 234 567,89 ₽» in Russian Excel.
 */
export const MONEY_FORMAT = '#,##0.00 "₽"';
export const DATE_FORMAT = 'dd.mm.yyyy';
export const COUNT_FORMAT = '0';

/** An ISO date as an Excel date (midnight UTC, so the day does not shift with the reader's zone). */
export const excelDate = (iso: string | null): Date | null => (iso ? new Date(`${iso}T00:00:00Z`) : null);
