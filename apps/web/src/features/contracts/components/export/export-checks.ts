import type { ReportCode } from '@zakupki/shared/api/exports';
import type { SupplierAddress } from '../../api/exports';

/** Told when a report's job is started: the run the page follows. */
export type ReportStarted = (reportId: number, code: ReportCode) => void;

/** What every report card takes: the company, whether the user may start reports, and who follows the run. */
export type ReportCardProps = { companyId: number; onStarted: ReportStarted; canReport: boolean };

/** The free-text parts of the supplier's address (EIS XML), in the order of the form. */
export const ADDRESS_TEXT_FIELDS = [
  ['region_name', 'Регион'],
  ['city', 'Город'],
  ['street', 'Улица'],
  ['house', 'Дом'],
] as const satisfies readonly (readonly [keyof SupplierAddress, string])[];

/**
 * The region code typed (ОКАТО/ГАР region, 1–99) or null when it is right or left empty. Letters are
 * refused with a message, never dropped silently as a number input would (issue 25, item 4).
 */
export function regionCodeProblem(text: string): string | null {
  const t = text.trim();
  if (!t) return null;
  if (!/^\d+$/.test(t)) return 'Код региона — только цифры, например 77';
  const n = Number(t);
  return n >= 1 && n <= 99 ? null : 'Код региона — число от 1 до 99';
}

/** The report year typed, refused with a message when it is not a year from 2012 to 2100. */
export function yearProblem(text: string): string | null {
  const t = text.trim();
  if (!t) return 'Обязательное поле';
  if (!/^\d+$/.test(t)) return 'Год — только цифры, например 2026';
  const n = Number(t);
  return n >= 2012 && n <= 2100 ? null : 'Год от 2012 до 2100';
}
