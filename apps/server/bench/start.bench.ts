import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { ensureServerBuild, SERVER_MAIN } from '../../../scripts/server-build.mjs';
import { fmt, freePort, mb, ROOT, sampleRss, spawnServer } from './lib.js';

const RUNS = 5;
/** idle time after listening before the settled RSS is read */
const SETTLE_MS = 3000;

type Mode = { name: string; args: string[] };

/**
 * One start of the server on an embedded database that already holds the demo data (the first,
 * seeding start is not timed): ms from spawn to Fastify's "Server listening" line, RSS then and
 * after SETTLE_MS idle.
 */
async function startOnce(mode: Mode, dataDir: string) {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawnServer(mode.args, port, {
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
  });
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  try {
    const listening = await new Promise<number>((resolve, reject) => {
      createInterface({ input: child.stdout! }).on('line', (line) => {
        if (line.includes('Server listening')) resolve(performance.now() - t0);
      });
      child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    });
    const rss = sampleRss(child.pid!);
    const atListen = rss.start.rss;
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const settled = rss.stop().endRss;
    return { listening, atListen, settled };
  } finally {
    process.off('exit', kill);
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Start time and memory of the server run from TypeScript (tsx) and compiled (npm start). */
export async function startBench(): Promise<string> {
  await ensureServerBuild();
  const modes: Mode[] = [
    {
      name: 'tsx (`--import tsx src/main.ts`)',
      args: ['--import', 'tsx', path.join(ROOT, 'apps/server/src/main.ts')],
    },
    { name: 'compiled (`dist/main.js`, npm start)', args: [SERVER_MAIN] },
  ];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zk-bench-start-'));
  const rows: string[] = [];
  try {
    // the first start migrates and seeds: not timed
    await startOnce(modes[1], dataDir);
    for (const mode of modes) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await startOnce(mode, dataDir));
      rows.push(
        `| ${mode.name} | ${fmt(median(runs.map((r) => r.listening)) / 1000, 2)} s | ${mb(median(runs.map((r) => r.atListen)))} | ${mb(median(runs.map((r) => r.settled)))} |`,
      );
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return [
    '## Server start',
    '',
    `Median of ${RUNS} starts on an embedded database that holds the demo data (PGlite, jobs on):`,
    `spawn to "Server listening", resident memory then and after ${SETTLE_MS / 1000} s idle.`,
    '',
    '| server | start to listening | RSS at listening | RSS settled |',
    '|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}
