import type { Tx } from '../../db/client.js';
import { markOf } from './compliance.repository.js';

/**
 * When the annual report on purchases from SMEs for `year` was filed (ч. 21 ст. 4 223-ФЗ, by
 * 1 February of the next year), or null. Today the filing is the calendar's mark of the duty
 * `sme_report:<year>` (date and EIS number); the SME report module's own filing is to answer here
 * instead, so its duty closes wherever it is filed. Runs in the caller's transaction (or the pool).
 */
export async function smeReportFiledOn(
  db: Tx,
  companyId: number,
  year: number,
): Promise<{ doneOn: string; eisNumber: string | null } | null> {
  const mark = await markOf(db, companyId, `sme_report:${year}`);
  return mark ? { doneOn: mark.doneOn, eisNumber: mark.eisNumber } : null;
}
