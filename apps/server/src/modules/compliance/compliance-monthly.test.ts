import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/harness.js';
import { contractDuties } from '../../db/schema/index.js';
import { todayMoscow } from '../../lib/moscow-time.js';
import { addDays, addMonths } from '../calendar/iso-date.js';
import { companyDuties } from './compliance.service.js';
import { type DutyMonth, dutyMonths } from './compliance-monthly.service.js';

/**
 * The calendar's duties counted per month (`dutyMonths`: the contracts' stored duties counted by
 * PostgreSQL, the rest built by the calendar) are the counts of every duty `companyDuties` builds,
 * and follow a write at once (nothing is kept precomputed).
 */

const t = testAppForFile({}, { demoProcurements: 'plain' });
const today = todayMoscow();
const month = (d: string) => `${d.slice(0, 7)}-01`;
const w = { from: addMonths(month(today), -18), to: addDays(addMonths(month(today), 4), -1) };

/** Counting every duty of the calendar, as the dashboard did before. */
async function counted(companyId: number): Promise<Map<string, DutyMonth>> {
  const out = new Map<string, DutyMonth>();
  for (const d of await companyDuties(t.app.deps.db, [companyId], w, today)) {
    if (d.due_date < w.from || d.due_date > w.to) continue;
    const key = d.due_date.slice(0, 7);
    const r = out.get(key) ?? { on_time: 0, late: 0, overdue: 0 };
    if (d.state === 'done') r.on_time += 1;
    else if (d.state === 'done_late') r.late += 1;
    else if (d.state === 'overdue') r.overdue += 1;
    else continue;
    out.set(key, r);
  }
  return out;
}

/** Months with a count (a month with none is left out by both). */
const nonZero = (m: Map<string, DutyMonth>) =>
  Object.fromEntries(
    [...m].filter(([, r]) => r.on_time + r.late + r.overdue > 0).sort(([a], [b]) => (a < b ? -1 : 1)),
  );

const total = (m: Map<string, DutyMonth>) =>
  [...m.values()].reduce(
    (s, r) => ({ on_time: s.on_time + r.on_time, late: s.late + r.late, overdue: s.overdue + r.overdue }),
    { on_time: 0, late: 0, overdue: 0 },
  );

describe('duties per month from SQL', () => {
  it('are the counts of every duty the calendar builds, for each demo company', async () => {
    for (const company of ['client1', 'client2'] as const) {
      const id = t.ids.companies[company];
      const sql = await dutyMonths(t.app.deps.db, id, w, today);
      expect(nonZero(sql)).toEqual(nonZero(await counted(id)));
    }
    // the demo has contract duties of every outcome in the window
    const all = total(await dutyMonths(t.app.deps.db, t.ids.companies.client1, w, today));
    expect(all.on_time).toBeGreaterThan(0);
    expect(all.late + all.overdue).toBeGreaterThan(0);
  });

  it('follow a write: an overdue contract duty placed today moves from overdue to late', async () => {
    const id = t.ids.companies.client1;
    const db = t.app.deps.db;
    const [open] = await db
      .select()
      .from(contractDuties)
      .where(
        and(
          eq(contractDuties.companyId, id),
          isNull(contractDuties.doneOn),
          lt(contractDuties.dueDate, today),
          // inside the window
          lt(contractDuties.dueDate, w.to),
        ),
      )
      .orderBy(asc(contractDuties.dueDate));
    expect(open, 'the demo has an overdue contract duty').toBeTruthy();
    if (!open) return;
    expect(open.dueDate >= w.from).toBe(true);
    const key = open.dueDate.slice(0, 7);
    const before = (await dutyMonths(db, id, w, today)).get(key);
    await db.update(contractDuties).set({ doneOn: today }).where(eq(contractDuties.id, open.id));
    const after = (await dutyMonths(db, id, w, today)).get(key);
    expect(after).toEqual({
      on_time: before?.on_time,
      late: (before?.late ?? 0) + 1,
      overdue: (before?.overdue ?? 0) - 1,
    });
    expect(nonZero(await dutyMonths(db, id, w, today))).toEqual(nonZero(await counted(id)));
  });
});
