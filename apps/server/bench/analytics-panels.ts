import { openDatabase } from '../src/db/client.js';
import { todayMoscow } from '../src/lib/moscow-time.js';
import { deadlineMonths, periodOf } from '../src/modules/analytics/analytics.policy.js';
import {
  competitionPanel,
  deadlinesPanel,
  planPanel,
  savingsPanel,
  smePanel,
  spendingPanel,
} from '../src/modules/analytics/analytics.service.js';
import { countFlags, flagsOf } from '../src/modules/analytics/analytics-flags.service.js';
import { companyDuties } from '../src/modules/compliance/compliance.service.js';
import { buildSmeReport } from '../src/modules/sme-report/sme-report.service.js';
import { urlOf } from './bench-db.js';

/**
 * `npx tsx bench/analytics-panels.ts <dataset> [from] [to]`: each panel of the dashboard timed alone
 * (one client, median of 5) on a dataset kept by `npm run bench analytics -- --keep` — what the
 * analytics section's total is made of (docs/benchmarks.md, «Analytics dashboard»).
 */
async function main() {
  const [name, from = '2024-01', to = '2024-12'] = process.argv.slice(2);
  if (!name) throw new Error('usage: analytics-panels.ts <dataset> [from] [to]');
  const database = await openDatabase({ url: urlOf(name) });
  const db = database.db;
  const [{ id }] = await database.query<{ id: number }>(
    'select company_id as id from contracts group by 1 order by count(*) desc limit 1',
  );
  const companyId = Number(id);
  const today = todayMoscow();
  const p = periodOf(today, from, to);
  const scope = { companyId, dateFrom: p.dateFrom, dateTo: p.dateTo };
  const year = Number(p.to.slice(0, 4));
  const panels: [string, () => Promise<unknown>][] = [
    ['savings', () => savingsPanel(db, scope)],
    ['competition', () => competitionPanel(db, scope)],
    ['sme', () => smePanel(db, companyId, year, today)],
    ['plan', () => planPanel(db, companyId, year)],
    ['deadlines', () => deadlinesPanel(db, companyId, p, today)],
    ['spending', () => spendingPanel(db, scope)],
    ['flags, counted (the dashboard)', () => countFlags(db, scope, today)],
    ['flags, before: every flag built (the list)', () => flagsOf(db, scope, today)],
    // the computations the SME share and the deadlines used before issue 30's «Fast at scale»
    ['sme, before: the whole report', () => buildSmeReport(db, companyId, year, today)],
    [
      'deadlines, before: every duty built',
      async () => {
        const w = { from: p.dateFrom, to: p.dateTo };
        const duties = await companyDuties(db, [companyId], w, today);
        return deadlineMonths(
          duties.filter((d) => d.due_date >= w.from && d.due_date <= w.to),
          p.from,
          p.to,
        );
      },
    ],
  ];
  console.log(`| panel (${from}…${to}) | median of 5, ms |\n|---|---|`);
  for (const [panel, fn] of panels) {
    await fn();
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      await fn();
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    console.log(`| ${panel} | ${times[2].toFixed(1)} |`);
  }
  await database.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
