import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';

/**
 * The contracts' stored duties (`contract_duties`, their due dates computed by modules/law when
 * the contract is written) counted by PostgreSQL per month of the due date: done on time, done
 * late, overdue (open past `today`) — the states `statusOf` (calendar/due-dates.policy.ts) gives
 * them in the calendar. Only an active company's duties count, as in `companiesOf`.
 */
export type MonthlyCountRow = { month: string; on_time: number; late: number; overdue: number };

export async function contractDutyMonths(
  db: Tx,
  companyId: number,
  w: { from: string; to: string },
  today: string,
): Promise<MonthlyCountRow[]> {
  const result = (await db.execute(
    sql`select to_char(d.due_date, 'YYYY-MM') as month,
        count(*) filter (where d.done_on <= d.due_date)::int as on_time,
        count(*) filter (where d.done_on > d.due_date)::int as late,
        count(*) filter (where d.done_on is null and d.due_date < ${today})::int as overdue
      from contract_duties d
      where d.company_id = ${companyId} and d.due_date between ${w.from} and ${w.to}
        and exists (select 1 from companies co where co.id = ${companyId} and co.status = 'active')
      group by 1 order by 1`,
  )) as unknown as { rows: MonthlyCountRow[] };
  return result.rows;
}
