import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { registerDataset } from './bench-db.js';
import { fmt, httpGetter, load, loadAverage, login, startServer } from './lib.js';

const CONCURRENCY = Number(process.env.BENCH_ANALYTICS_CONCURRENCY ?? 4);
const REQUESTS = Number(process.env.BENCH_ANALYTICS_REQUESTS ?? 100);
const WARMUP = 8;
const SINGLE = 10;
const GOAL_P95_MS = 300;

/**
 * The analytics dashboard (issue 30) on the register dataset (client1's generated contracts, see
 * bench-db.ts; BENCH_CONTRACTS/BENCH_ITEMS reduce it): a year, three years, and the red flags of a
 * year, as the client asks them, with CONCURRENCY clients and one alone. Goal: p95 ≤ 300 ms at
 * 200 000 contracts.
 */
export async function analyticsBench(): Promise<string> {
  const ds = await registerDataset();
  const loadBefore = loadAverage();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zk-bench-analytics-'));
  const server = await startServer({ DATABASE_URL: ds.url, DATA_DIR: dataDir });
  const client = httpGetter(CONCURRENCY);
  try {
    const token = await login(server.base);
    const auth = { authorization: `Bearer ${token}` };
    const base = `${server.base}/api/companies/${ds.companyId}/analytics`;
    const variants = [
      { name: 'dashboard, a year', path: `${base}?from=2024-01&to=2024-12` },
      { name: 'dashboard, three years', path: `${base}?from=2022-01&to=2024-12` },
      { name: 'red flags, a year', path: `${base}/flags?from=2024-01&to=2024-12` },
    ];
    const rows: string[] = [];
    const retried: string[] = [];
    for (const v of variants) {
      // the first answer; a 503 (the database not reachable now — on a host shared at load 20+ the
      // first connections of the fresh server's pool can take longer than its 5 s to open) is asked
      // again, up to 4 times 3 s apart, and the report says so (2026-11-29: the section failed on it)
      let res = await fetch(v.path, { headers: auth });
      for (let attempt = 1; res.status === 503 && attempt <= 4; attempt++) {
        retried.push(`${v.name}: 503 ${await res.text()}`);
        await new Promise((r) => setTimeout(r, 3000));
        res = await fetch(v.path, { headers: auth });
      }
      // a variant that fails (its first answer, or a request of the load past the server's request
      // timeout: a 504 at load 17 on 2 cores, 2026-11-29) is a measured failure in its row, and the
      // section goes on with the next variant instead of stopping the bench
      try {
        if (res.status !== 200)
          throw new Error(`first answer ${res.status} ${(await res.text()).slice(0, 200)}`);
        await res.arrayBuffer();
        console.log(`bench: analytics ${v.name}…`);
        const get = () => client.get(v.path, auth);
        await load(CONCURRENCY, WARMUP, get);
        const run = await load(CONCURRENCY, REQUESTS, get);
        const single = await load(1, SINGLE, get);
        rows.push(
          `| ${v.name} | ${fmt(run.p50)} | ${fmt(run.p95)} | ${fmt(run.rps)} | ${fmt(single.p50)} | ${run.p95 <= GOAL_P95_MS ? 'met' : 'NOT met'} |`,
        );
      } catch (err) {
        const why = (err instanceof Error ? err.message : String(err)).replace(/\s+/g, ' ').slice(0, 200);
        rows.push(`| ${v.name} | — | — | — | — | NOT met: failed (${why.replaceAll('|', '/')}) |`);
      }
    }
    const loadAfter = loadAverage();
    return [
      '## Analytics dashboard',
      '',
      `Dataset \`${ds.name}\`: ${ds.stats.contracts} contracts, ${ds.stats.items} specification items of the demo company. ` +
        `${CONCURRENCY} concurrent clients, ${REQUESTS} requests per variant after ${WARMUP} warm-up ones; ` +
        `load average before ${loadBefore}, after ${loadAfter} on ${os.availableParallelism()} cores.`,
      '',
      '| variant | p50, ms | p95, ms | req/s | one client p50, ms | p95 ≤ 300 ms |',
      '|---|---|---|---|---|---|',
      ...rows,
      '',
      ...(retried.length
        ? [
            `First answers asked again after a 503 (${retried.length}):`,
            '',
            ...retried.map((r) => `- ${r}`),
            '',
          ]
        : []),
    ].join('\n');
  } finally {
    client.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
