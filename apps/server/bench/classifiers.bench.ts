import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { demoDataset } from './bench-db.js';
import { fmt, httpGetter, load, loadAverage, login, startServer } from './lib.js';

const CONCURRENCY = 8;
const REQUESTS = Number(process.env.BENCH_CLASSIFIER_REQUESTS ?? 1000);
const WARMUP = 100;
/** how long the first start may take to load the three classifiers before the section gives up */
const LOAD_WAIT_MS = 180_000;

const VARIANTS = [
  {
    name: 'words',
    what: 'ОКПД2 q=трубы · подгузники · трубы стальные',
    classifier: 'okpd2',
    q: ['трубы', 'подгузники', 'трубы стальные'],
  },
  { name: 'code prefix', what: 'ОКПД2 q=22.2 · 01.11 · 43', classifier: 'okpd2', q: ['22.2', '01.11', '43'] },
  {
    name: 'ОКЕИ by name',
    what: 'ОКЕИ q=метр · тонна · штука',
    classifier: 'okei',
    q: ['метр', 'тонна', 'штука'],
  },
  { name: 'ОКВЭД2 by code', what: 'ОКВЭД2 q=62 · 41.20', classifier: 'okved2', q: ['62', '41.20'] },
];

/**
 * The shipped classifiers (ОКПД2 20 328 codes, ОКЕИ, ОКВЭД2): how long the first start of the
 * real server takes to load them into a fresh database (they load after it answers; the section
 * polls the search until ОКПД2 finds «трубы»), then the search through the API at 8 connections.
 */
export async function classifiersBench(): Promise<string> {
  const ds = await demoDataset('classifiers');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zk-bench-classifiers-'));
  const started = performance.now();
  const server = await startServer({ DATABASE_URL: ds.url, DATA_DIR: dataDir });
  const client = httpGetter(CONCURRENCY);
  try {
    const token = await login(server.base, 'client@demo.local');
    const auth = { authorization: `Bearer ${token}` };
    const url = (classifier: string, q: string) =>
      `${server.base}/api/classifiers/${classifier}?q=${encodeURIComponent(q)}&limit=50`;
    for (;;) {
      const res = await fetch(url('okved2', '62'), { headers: auth });
      if (!res.ok) throw new Error(`classifier search: ${res.status} ${await res.text()}`);
      const { items } = (await res.json()) as { items: unknown[] };
      // the three load in order (ОКПД2, ОКЕИ, ОКВЭД2): the last one found means all are in
      if (items.length > 0) break;
      if (performance.now() - started > LOAD_WAIT_MS) throw new Error('the classifiers did not load');
      await new Promise((r) => setTimeout(r, 250));
    }
    const loadedSeconds = (performance.now() - started) / 1000;
    const loadBefore = loadAverage();
    const rows: string[] = [];
    for (const v of VARIANTS) {
      const task = (i: number) => client.get(url(v.classifier, v.q[i % v.q.length]), auth);
      await load(CONCURRENCY, WARMUP, task);
      console.log(`bench: classifier search ${v.name}…`);
      const r = await load(CONCURRENCY, REQUESTS, task);
      rows.push(`| ${v.name} | ${v.what} | ${fmt(r.p50)} ms | **${fmt(r.p95)} ms** | ${fmt(r.rps, 0)} |`);
    }
    return [
      '## Classifier search',
      '',
      `The first start of the server on a fresh database answers, then loads the shipped ОКПД2, ОКЕИ and ОКВЭД2: ` +
        `searchable **${fmt(loadedSeconds)} s** after the spawn. Then the search through the API, ` +
        `${CONCURRENCY} connections, ${REQUESTS} requests per variant, 50 entries a page; load average before ` +
        `${loadBefore}, after ${loadAverage()}.`,
      '',
      '| variant | requests | p50 | p95 | rps |',
      '|---|---|---|---|---|',
      ...rows,
      '',
    ].join('\n');
  } finally {
    client.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
