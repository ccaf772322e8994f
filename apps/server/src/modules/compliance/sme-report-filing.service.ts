import type { Tx } from '../../db/client.js';
import { smeReportFiling } from '../sme-report/sme-report.service.js';
import { markOf } from './compliance.repository.js';

/**
 * When the annual report on purchases from SMEs for `year` was filed (ч. 21 ст. 4 223-ФЗ, by
 * 1 February of the next year), or null: the SME report module's filing (its screen's
 * «Отметить размещение»), else the calendar's own mark of the duty `sme_report:<year>` (date and
 * EIS number), so the duty closes wherever it is filed. Runs in the caller's transaction (or the
 * pool).
 */
export async function smeReportFiledOn(
  db: Tx,
  companyId: number,
  year: number,
): Promise<{ doneOn: string; eisNumber: string | null } | null> {
  const filed = await smeReportFiling(db, companyId, year);
  if (filed) return { doneOn: filed.filedOn, eisNumber: filed.eisNumber };
  const mark = await markOf(db, companyId, `sme_report:${year}`);
  return mark ? { doneOn: mark.doneOn, eisNumber: mark.eisNumber } : null;
}
