import { todayMoscow } from '../../../lib/moscow-time.js';
import { addDays, addMonths } from '../../../modules/calendar/iso-date.js';
import { companyDuties, keepOutcomes } from '../../../modules/compliance/compliance.service.js';
import type { Tx } from '../../client.js';
import { dutyMarks } from '../../schema/index.js';
import type { DemoIds } from './demo.seed.js';

/**
 * The compliance calendar of the demo (docs/domain.md, «Календарь обязанностей»): the reports the
 * client companies filed, marked on the calendar with their EIS numbers. Of the monthly reports of
 * the last year, the earlier ones were filed by the 5th (done), one on the 20th (done late), the
 * last two not at all (overdue); the SME report of last year was filed late by the first company
 * and not at all by the second. With the other modules' demo duties the calendar then holds every
 * state. The outcomes of the duties done are kept for the monthly counts.
 */
export async function seedDemoCompliance(tx: Tx, ids: DemoIds, today = todayMoscow()): Promise<void> {
  const clients = [ids.companies.client1, ids.companies.client2];
  const specialist = ids.users['specialist@demo.local'];
  const thisMonth = `${today.slice(0, 7)}-01`;
  const rows: (typeof dutyMarks.$inferInsert)[] = [];
  for (const [n, companyId] of clients.entries()) {
    for (let back = 12; back >= 3; back--) {
      const month = addMonths(thisMonth, -back);
      const filing = addMonths(month, 1);
      const late = back === 6;
      rows.push({
        companyId,
        dutyKey: `monthly_report:${month.slice(0, 7)}`,
        doneOn: addDays(filing, late ? 19 : 4),
        eisNumber: `${32000000 + companyId * 1000 + back}`,
        markedBy: specialist,
      });
    }
    if (n === 0) {
      const year = Number(today.slice(0, 4)) - 1;
      rows.push({
        companyId,
        dutyKey: `sme_report:${year}`,
        doneOn: `${year + 1}-02-09`,
        eisNumber: `${41000000 + companyId}`,
        markedBy: specialist,
      });
    }
  }
  await tx.insert(dutyMarks).values(rows);
  await keepOutcomes(tx, await companyDuties(tx, clients, { from: addDays(today, -400), to: today }, today));
}
