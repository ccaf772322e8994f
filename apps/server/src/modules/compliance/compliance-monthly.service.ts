import type { Tx } from '../../db/client.js';
import { companyDuties } from './compliance.service.js';
import { contractDutyMonths } from './compliance-monthly.repository.js';

/**
 * The compliance calendar's duties of a company counted per month of their due date (the
 * analytics dashboard's deadlines): done on time (`done`), done late (`done_late`), overdue. The
 * contracts' duties — the many, one or more per contract — are stored with their due dates and
 * counted by PostgreSQL (compliance-monthly.repository.ts); the other modules' duties (notices,
 * protocols, the Положение, plans, reports: a few per procurement or month) are built by the
 * calendar itself (`companyDuties` without the contracts' duties) and counted here. The sum is
 * what counting every duty of `companyDuties` gives (compliance-monthly.test.ts).
 */
export type DutyMonth = { on_time: number; late: number; overdue: number };

export async function dutyMonths(
  db: Tx,
  companyId: number,
  w: { from: string; to: string },
  today: string,
): Promise<Map<string, DutyMonth>> {
  const out = new Map<string, DutyMonth>();
  const row = (month: string) => {
    let r = out.get(month);
    if (!r) {
      r = { on_time: 0, late: 0, overdue: 0 };
      out.set(month, r);
    }
    return r;
  };
  for (const c of await contractDutyMonths(db, companyId, w, today)) {
    const r = row(c.month);
    r.on_time += Number(c.on_time);
    r.late += Number(c.late);
    r.overdue += Number(c.overdue);
  }
  for (const d of await companyDuties(db, [companyId], w, today, undefined, 'without_contracts')) {
    if (d.due_date < w.from || d.due_date > w.to) continue;
    if (d.state === 'done') row(d.due_date.slice(0, 7)).on_time += 1;
    else if (d.state === 'done_late') row(d.due_date.slice(0, 7)).late += 1;
    else if (d.state === 'overdue') row(d.due_date.slice(0, 7)).overdue += 1;
  }
  return out;
}
