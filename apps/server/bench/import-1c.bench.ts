import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bankStatement } from './bank-statement.js';
import { datasetCopy } from './bench-db.js';
import { memory, phasesLine, timedImport, timeline } from './import-api.js';
import { fmt, loadAverage, login, mb, startServer } from './lib.js';

const DOCUMENTS = Number(process.env.BENCH_1C_DOCUMENTS ?? 50_000);
/** Issue 17 item 8: upload → done within 5 s, the server's peak RSS within 400 MB. */
const GOAL_SECONDS = 5;
const GOAL_RSS_MB = 400;

/**
 * A bank statement of 50 000 payment orders (1CClientBankExchange, windows-1251) imported through
 * the API into the company with the generated register (issue #5 item 6): time from the start of
 * the upload to the run being done, and the server's peak memory. Goals (issue 17 item 8): ≤ 5 s, peak RSS ≤ 400 MB.
 */
export async function import1cBench(): Promise<string> {
  const ds = await datasetCopy('1c');
  const { data, stats } = await bankStatement(ds.url, ds.companyId, DOCUMENTS);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zk-bench-1c-'));
  const server = await startServer({ DATABASE_URL: ds.url, DATA_DIR: dataDir });
  try {
    const token = await login(server.base);
    const loadBefore = loadAverage();
    const t = await timedImport(
      server.base,
      token,
      ds.companyId,
      'payments',
      [{ name: 'kl_to_1c.txt', data, contentType: 'text/plain' }],
      server.child.pid!,
    );
    const loadAfter = loadAverage();
    // the server logs the run's steps right after it commits: the poll may see `done` first
    for (let i = 0; i < 40 && server.importPhases.length === 0; i++)
      await new Promise((r) => setTimeout(r, 50));
    if (t.run.status !== 'done') throw new Error(`1C import failed: ${t.run.error}`);
    const r = t.run.result as Record<string, number | string>;
    return [
      '## 1C bank statement import',
      '',
      `${stats.documents} payment orders (${stats.outgoing} outgoing, ${stats.incoming} incoming; ` +
        `${stats.naming} outgoing name their contract), ${mb(stats.bytes)} in windows-1251, one file, into the ` +
        `company with ${ds.stats.contracts} contracts; load average before ${loadBefore}, after ${loadAfter}.`,
      '',
      '| documents | time, upload → done | goal ≤ 5 s | server RSS: before → peak (VmHWM) | goal ≤ 400 MB | outgoing | matched | unmatched | duplicates |',
      '|---|---|---|---|---|---|---|---|---|',
      `| ${r.documents} | **${fmt(t.seconds)} s** | ${t.seconds <= GOAL_SECONDS ? 'met' : 'NOT met'} | ${memory(t)} | ` +
        `${t.rss.peakRss <= GOAL_RSS_MB * 1048576 ? 'met' : 'NOT met'} | ` +
        `${r.outgoing} | ${r.matched} | ${r.unmatched} | ${r.duplicates} |`,
      '',
      `Timeline: ${timeline(t)} (the runner reports 10 % when it starts, 20 % once the file is read, ` +
        '40 % once the parse pool has read it into staging rows; the rest — staging, matching and storing them, 70–95 % by ' +
        'the share of the orders stored — is one transaction).',
      '',
      `Steps as the server logged them (wall time, and the server process's CPU time in it): ${phasesLine(server.importPhases.at(-1))}.`,
      '',
    ].join('\n');
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
