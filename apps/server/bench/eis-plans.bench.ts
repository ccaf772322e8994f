import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { bigPlan } from '../src/modules/eis-plans/eis-plans.factories.js';
import { adminQuery, demoDataset } from './bench-db.js';
import { memory, phasesLine, timedImport, timeline } from './import-api.js';
import { fmt, httpGetter, load, loadAverage, login, mb, startServer } from './lib.js';
import { captureRequests, replay } from './sql-capture.js';

const POSITIONS = Number(process.env.BENCH_PLAN_POSITIONS ?? 20_000);
const CONCURRENCY = 32;
const REQUESTS = Number(process.env.BENCH_PLAN_REQUESTS ?? 1000);
const WARMUP = 200;
const GOAL_IMPORT_SECONDS = 60;
const GOAL_P95_MS = 50;
const GOAL_RATIO = 1.5;

/**
 * The plans module (issue 16): a plan of 20 000 positions (made from the real plan's first
 * position, 17.8 MB of XML) imported through the API into the provider company; then the
 * positions page over it — p50/p95 of the API at 32 connections against the very SQL it issues
 * replayed raw, as the register's bench does. Goals: import ≤ 60 s; page p95 ≤ 50 ms, ≤ 1.5× raw.
 */
export async function eisPlansBench(): Promise<string> {
  const ds = await demoDataset('plans');
  const companyId = ds.ids.companies.provider;
  await adminQuery(
    `insert into customers (company_id, title, inn) values (${companyId}, 'АО «МОСКАПСТРОЙ»', '7710043065')`,
    ds.url,
  );
  const xml = Buffer.from(bigPlan(POSITIONS), 'utf8');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zk-bench-plans-'));
  const server = await startServer({ DATABASE_URL: ds.url, DATA_DIR: dataDir });
  const pool = new pg.Pool({ connectionString: ds.url, max: CONCURRENCY });
  const client = httpGetter(CONCURRENCY);
  try {
    const token = await login(server.base, 'specialist@demo.local');
    const loadBefore = loadAverage();
    const t = await timedImport(
      server.base,
      token,
      companyId,
      'eis-plans',
      [{ name: 'plan.xml', data: xml, contentType: 'application/xml' }],
      server.child.pid!,
    );
    for (let i = 0; i < 40 && server.importPhases.length === 0; i++)
      await new Promise((r) => setTimeout(r, 50));
    if (t.run.status !== 'done') throw new Error(`plan import failed: ${t.run.error}`);
    const planId = (t.run.result as { plan_id: number }).plan_id;
    const base = `/api/companies/${companyId}/eis_plans/${planId}/versions/1/positions`;
    const variants = [
      {
        name: 'pages',
        what: 'pages 1, 50, 200 and 399 of 50',
        paths: [1, 50, 200, 399].map((p) => `${base}?page=${p}&limit=50`),
      },
      {
        name: 'month',
        what: 'month=<1..12>, page 2 of 50',
        paths: [1, 4, 7, 11].map((m) => `${base}?month=${m}&page=2&limit=50`),
      },
      {
        name: 'text and ОКПД2',
        what: 'q=<word of the subject> or okpd2=<prefix>, page 1',
        paths: [`${base}?q=${encodeURIComponent('воды')}&limit=50`, `${base}?okpd2=11.07&limit=50`],
      },
    ];
    const captured = await captureRequests(
      ds.url,
      token,
      variants.flatMap((v) => v.paths),
    );
    const auth = { authorization: `Bearer ${token}` };
    const rows: string[] = [];
    for (const v of variants) {
      for (const p of v.paths)
        if (captured.get(p)?.status !== 200) throw new Error(`${p}: ${captured.get(p)?.status}`);
      const api = (i: number) => client.get(`${server.base}${v.paths[i % v.paths.length]}`, auth);
      const raw = (i: number) => replay(pool, captured.get(v.paths[i % v.paths.length])!.stages);
      await load(CONCURRENCY, WARMUP, api);
      await load(CONCURRENCY, WARMUP, raw);
      console.log(`bench: plan positions ${v.name}…`);
      const a = await load(CONCURRENCY, REQUESTS, api);
      const r = await load(CONCURRENCY, REQUESTS, raw);
      const ratio = a.p95 / r.p95;
      rows.push(
        `| ${v.name} | ${v.what} | ${fmt(a.p50)} ms | **${fmt(a.p95)} ms** | ${fmt(a.rps, 0)} | ${fmt(r.p50)} ms | ${fmt(r.p95)} ms | ${fmt(ratio, 2)}× | ${a.p95 <= GOAL_P95_MS && ratio <= GOAL_RATIO ? 'met' : 'NOT met'} |`,
      );
    }
    const statements = captured.get(variants[0].paths[0])!.stages.flat().length;
    return [
      '## Plan import and the positions page',
      '',
      `A plan of ${POSITIONS} positions (${mb(xml.length)} of XML, made from the real plan's first position) imported ` +
        `through the API; load average before ${loadBefore}, after ${loadAverage()}.`,
      '',
      '| positions | time, upload → done | goal ≤ 60 s | server RSS: before → peak (VmHWM) |',
      '|---|---|---|---|',
      `| ${(t.run.result as { positions: number }).positions} | **${fmt(t.seconds)} s** | ${t.seconds <= GOAL_IMPORT_SECONDS ? 'met' : 'NOT met'} | ${memory(t)} |`,
      '',
      `Timeline: ${timeline(t)}. Steps as the server logged them: ${phasesLine(server.importPhases.at(-1))}.`,
      '',
      `The positions page over that version (${CONCURRENCY} connections, ${REQUESTS} requests each; "raw SQL" replays ` +
        `the ${statements} statements the server issued for the request, captured from the running code):`,
      '',
      '| variant | request | API p50 | API p95 | API rps | raw SQL p50 | raw SQL p95 | p95 API/raw | goal (p95 ≤ 50 ms, ≤ 1.5× raw) |',
      '|---|---|---|---|---|---|---|---|---|',
      ...rows,
      '',
    ].join('\n');
  } finally {
    client.close();
    await pool.end();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
