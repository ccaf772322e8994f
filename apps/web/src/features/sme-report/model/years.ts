import { SME_REPORT_FIRST_YEAR } from '@zakupki/shared/api/sme-report';

/** The current year (Moscow) and every earlier year a report may be asked for, newest first. */
export function reportYears(today: string): number[] {
  const current = Number(today.slice(0, 4));
  const years: number[] = [];
  for (let y = current; y >= SME_REPORT_FIRST_YEAR; y -= 1) years.push(y);
  return years;
}

/** The year a report screen opens on: the last one (whose report is due by 1 February). */
export const defaultReportYear = (today: string) => Number(today.slice(0, 4)) - 1;

/** '56.65' → '56,65 %'; null → '—'. */
export const percentText = (v: string | null) => (v === null ? '—' : `${v.replace('.', ',')} %`);
