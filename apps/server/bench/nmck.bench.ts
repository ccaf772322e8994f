import { openDatabase } from '../src/db/client.js';
import { comparableItems } from '../src/modules/nmck/nmck.repository.js';
import { registerDataset } from './bench-db.js';
import { fmt, loadAverage, percentile } from './lib.js';

/**
 * The НМЦД justification's comparable prices (issue 29 item 5): the search of the own register by
 * ОКПД2 prefix and ОКЕИ unit, newest contract first, 20 rows, through the repository's own query
 * (`comparableItems`, served by `contract_items_okpd2_idx`) on the generated register of client1.
 * Goal: every search < 300 ms at 200 000 contracts / 2 000 000 items — the dataset's default size
 * (`BENCH_CONTRACTS` / `BENCH_ITEMS` make it smaller); `BENCH_NMCK_ROUNDS` searches per prefix.
 */
const GOAL_MS = 300;
const ROUNDS = Number(process.env.BENCH_NMCK_ROUNDS ?? 20);

const SEARCHES: [string, string | null][] = [
  ['27', null],
  ['27.32', '006'],
  ['27.32.13', '006'],
  ['27.32.13.150', '006'],
  ['19.20', '112'],
  ['22.19.60.119', '715'],
  ['26.20', '796'],
  ['99.99', '796'],
];

export async function nmckBench(): Promise<string> {
  const ds = await registerDataset();
  const database = await openDatabase({ url: ds.url });
  const load = loadAverage();
  const rows: string[] = [];
  let worst = 0;
  try {
    for (const [okpd2, okei] of SEARCHES) {
      await comparableItems(database.db, ds.companyId, okpd2, okei, 20); // warm
      const times: number[] = [];
      let found = 0;
      for (let i = 0; i < ROUNDS; i++) {
        const t0 = performance.now();
        found = (await comparableItems(database.db, ds.companyId, okpd2, okei, 20)).length;
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      worst = Math.max(worst, times[times.length - 1]);
      rows.push(
        `| ${okpd2} | ${okei ?? 'any'} | ${found} | ${fmt(percentile(times, 50))} | ${fmt(percentile(times, 95))} | ${fmt(times[times.length - 1])} |`,
      );
    }
  } finally {
    await database.close();
  }
  return [
    '## НМЦД comparable prices (nmck)',
    '',
    `Register: ${ds.stats.contracts} contracts, ${ds.stats.items} items of client1; ${ROUNDS} searches each, 20 rows, one at a time; load average ${load} before, ${loadAverage()} after.`,
    '',
    '| ОКПД2 prefix | ОКЕИ | rows | p50 ms | p95 ms | max ms |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
    `Goal: < ${GOAL_MS} ms each — ${worst < GOAL_MS ? 'met' : 'NOT met'} (worst ${fmt(worst)} ms).`,
    '',
  ].join('\n');
}
