import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { adminQuery, registerDataset } from './bench-db.js';
import { fmt, httpGetter, load, loadAverage, login, procCpuMs, startServer } from './lib.js';
import { type CapturedQuery, type CapturedRequest, captureRequests, replay } from './sql-capture.js';

const CONCURRENCY = 32;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const WARMUP = 300;
const SINGLE = 200;
const GOAL_P95_MS = 50;
const GOAL_RATIO = 1.3;
/** PostgreSQL's CPU for all the statements of one request (the raw replay), ms (issue 17 item 7). */
const GOAL_PG_CPU_MS = 1;

type Variant = { name: string; what: string; paths: string[] };

/** Filters a specialist really types: a year of concluded contracts, newest first, 50 a page. */
async function variants(url: string, companyId: number): Promise<Variant[]> {
  const base = `/api/companies/${companyId}/contracts`;
  const year = (y: number) =>
    `status=concluded&date_from=${y}-01-01&date_to=${y}-12-31&sort=contract_date&order=desc&limit=50`;
  const years = [2022, 2023, 2024, 2025];
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // suppliers with many contracts and with few, as a user would pick them
  const { rows } = await client.query<{ inn: string }>(
    `select supplier_inn as inn from (select supplier_inn, count(*) n from contracts where company_id = $1
       group by 1 order by n desc) s limit 400`,
    [companyId],
  );
  await client.end();
  const inns = rows.filter((_, i) => i % 20 === 0).map((r) => r.inn);
  const names = ['Энергоснаб', 'Кабельтрейд', 'Электросервис', 'Строй', 'Монтажпроект', 'Технокомплект'];
  const words = [
    'кабельной',
    'трансформаторов',
    'светильников',
    'ремонту',
    'охране',
    'поверке',
    'шин',
    'арматуры',
  ];
  return [
    {
      name: 'base',
      what: 'status=concluded, a year, sort contract_date desc, page 3 of 50',
      paths: years.map((y) => `${base}?${year(y)}&page=3`),
    },
    {
      name: 'supplier ИНН',
      what: '+ supplier=<ИНН> (20 suppliers, many and few contracts), page 1',
      paths: inns.map((inn, i) => `${base}?${year(years[i % 4])}&page=1&supplier=${inn}`),
    },
    {
      name: 'supplier name',
      what: '+ supplier=<part of the name>, page 1',
      paths: names.map((n, i) => `${base}?${year(years[i % 4])}&page=1&supplier=${encodeURIComponent(n)}`),
    },
    {
      name: 'text',
      what: '+ q=<word of the subject>, page 1',
      paths: words.map((w, i) => `${base}?${year(years[i % 4])}&page=1&q=${encodeURIComponent(w)}`),
    },
  ];
}

/** Only the statements of the register itself (contracts, their duties): no session or tenancy check. */
const registerOnly = (r: CapturedRequest) =>
  r.stages.map((s) => s.filter((q) => /from "contract(s|_duties)"/.test(q.text))).filter((s) => s.length > 0);

async function explain(url: string, r: CapturedRequest): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const out: string[] = [];
    for (const q of registerOnly(r).flat()) {
      const { rows } = await client.query(`explain (analyze, buffers) ${q.text}`, q.values);
      out.push(`${q.text}\n-- ${JSON.stringify(q.values)}\n${rows.map((x) => x['QUERY PLAN']).join('\n')}`);
      if (q.name) out.push(await keptPlan(client, q as Required<CapturedQuery>));
    }
    return out;
  } finally {
    await client.end();
  }
}

/**
 * The plan a server connection keeps for a named statement: run by its name as often as a
 * connection does (PostgreSQL plans the first five runs for their values, then keeps a generic
 * plan when it is estimated no worse, `plan_cache_mode = auto`), then EXPLAIN ANALYZE of its EXECUTE.
 */
async function keptPlan(client: pg.Client, q: Required<CapturedQuery>): Promise<string> {
  for (let i = 0; i < 6; i++) await client.query({ name: q.name, text: q.text, values: q.values });
  const [kept] = (
    await client.query<{ generic_plans: string; custom_plans: string }>(
      'select generic_plans, custom_plans from pg_prepared_statements where name = $1',
      [q.name],
    )
  ).rows;
  const args = q.values.map((v) => (v === null ? 'null' : client.escapeLiteral(String(v)))).join(', ');
  const { rows } = await client.query(`explain (analyze, buffers) execute ${q.name}(${args})`);
  return [
    `-- the same statement run by its name (${q.name}) 6 times: generic plans ${kept.generic_plans}, ` +
      `custom plans ${kept.custom_plans}; the 7th run:`,
    ...rows.map((x) => x['QUERY PLAN']),
  ].join('\n');
}

/** CPU used per request (ms) by the server process, the PostgreSQL backends and this process. */
type Cpu = { server: number; serverSystem: number; pg: number; client: number };
type Run = Awaited<ReturnType<typeof load>> & { cpu: Cpu };

/** Runs `fn` and adds what it cost in CPU, per request, to its latencies. */
async function measured(
  dbName: string,
  serverPid: number,
  requests: number,
  fn: () => ReturnType<typeof load>,
): Promise<Run> {
  const backends = async () =>
    (
      await adminQuery<{ pid: number }>(
        `select pid from pg_stat_activity where datname = '${dbName}' and pid <> pg_backend_pid()`,
      )
    ).map((r) => r.pid);
  const total = (pid: number) => {
    const t = procCpuMs(pid);
    return t ? t.user + t.system : null;
  };
  const pgBefore = new Map((await backends()).map((pid) => [pid, total(pid)]));
  const serverBefore = procCpuMs(serverPid)!;
  const clientBefore = process.cpuUsage();
  const run = await fn();
  const client = process.cpuUsage(clientBefore);
  const serverAfter = procCpuMs(serverPid)!;
  let pgMs = 0;
  for (const pid of new Set([...pgBefore.keys(), ...(await backends())])) {
    // a backend that ended during the run (an idle pool client closed) is left out
    const after = total(pid);
    if (after !== null) pgMs += after - (pgBefore.get(pid) ?? 0);
  }
  return {
    ...run,
    cpu: {
      server: (serverAfter.user + serverAfter.system - serverBefore.user - serverBefore.system) / requests,
      serverSystem: (serverAfter.system - serverBefore.system) / requests,
      pg: pgMs / requests,
      client: (client.user + client.system) / 1000 / requests,
    },
  };
}
type Row = { variant: Variant; api: Run; raw: Run; regOnly: Run; single: { api: number; raw: number } };

/**
 * The register page with 200 000 contracts and 2 000 000 specification items (issue #5 item 6):
 * p50/p95/rps of the API at 32 concurrent connections, and of the very SQL it issues sent raw
 * through `pg` with the same concurrency. Goal: p95 ≤ 50 ms, ≤ 1.3 × raw, and PostgreSQL ≤ 1 ms of
 * CPU for the statements of one request (issue 17 item 7).
 */
export async function registerBench(): Promise<string> {
  const ds = await registerDataset();
  const loadBefore = loadAverage();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zk-bench-register-'));
  const server = await startServer({ DATABASE_URL: ds.url, DATA_DIR: dataDir });
  const pool = new pg.Pool({ connectionString: ds.url, max: CONCURRENCY });
  const client = httpGetter(CONCURRENCY);
  try {
    const token = await login(server.base);
    const auth = { authorization: `Bearer ${token}` };
    // BENCH_VARIANTS=base,text runs some of the variants (e.g. to profile one)
    const only = process.env.BENCH_VARIANTS?.split(',').map((s) => s.trim());
    const list = (await variants(ds.url, ds.companyId)).filter((v) => !only || only.includes(v.name));
    if (!list.length) throw new Error(`BENCH_VARIANTS: none of ${only?.join(', ')} is a variant`);
    const captured = await captureRequests(
      ds.url,
      token,
      list.flatMap((v) => v.paths),
    );
    const rows: Row[] = [];
    const totals: Record<string, number[]> = {};
    for (const v of list) {
      totals[v.name] = [];
      for (const p of v.paths) {
        const c = captured.get(p)!;
        if (c.status !== 200) throw new Error(`${p}: ${c.status}`);
        const res = await fetch(`${server.base}${p}`, { headers: { authorization: `Bearer ${token}` } });
        const body = (await res.json()) as { items: unknown[]; total: number };
        totals[v.name].push(body.total);
      }
      const api = (i: number) => client.get(`${server.base}${v.paths[i % v.paths.length]}`, auth);
      const stagesOf = (i: number) => captured.get(v.paths[i % v.paths.length])!;
      await load(CONCURRENCY, WARMUP, api);
      await load(CONCURRENCY, WARMUP, (i) => replay(pool, stagesOf(i).stages));
      console.log(`bench: register ${v.name}…`);
      const pid = server.child.pid!;
      const apiRun = await measured(ds.name, pid, REQUESTS, () => load(CONCURRENCY, REQUESTS, api));
      const rawRun = await measured(ds.name, pid, REQUESTS, () =>
        load(CONCURRENCY, REQUESTS, (i) => replay(pool, stagesOf(i).stages)),
      );
      const regRun = await measured(ds.name, pid, REQUESTS, () =>
        load(CONCURRENCY, REQUESTS, (i) => replay(pool, registerOnly(stagesOf(i)))),
      );
      // one connection: the time of the request itself, without waiting behind others
      const singleApi = await load(1, SINGLE, api);
      const singleRaw = await load(1, SINGLE, (i) => replay(pool, stagesOf(i).stages));
      rows.push({
        variant: v,
        api: apiRun,
        raw: rawRun,
        regOnly: regRun,
        single: { api: singleApi.p50, raw: singleRaw.p50 },
      });
    }
    const plans = await Promise.all(list.map((v) => explain(ds.url, captured.get(v.paths[0])!)));
    const loadAfter = loadAverage();
    const [pgInfo] = await adminQuery<{ version: string; buffers: string }>(
      `select split_part(version(), ' on ', 1) as version, current_setting('shared_buffers') as buffers`,
      ds.url,
    );
    const sample = captured.get(list[0].paths[0])!;
    const cores = os.availableParallelism();
    /** The least mean latency CONCURRENCY requests in flight allow, given their CPU per request (ms). */
    const floor = (cpuMs: number) => (CONCURRENCY * cpuMs) / cores;
    const verdict = (r: Row) => {
      const ratio = r.api.p95 / r.raw.p95;
      return r.api.p95 <= GOAL_P95_MS && ratio <= GOAL_RATIO && r.raw.cpu.pg <= GOAL_PG_CPU_MS
        ? 'met'
        : 'NOT met';
    };
    return [
      '## Register page (200 000 contracts, 2 000 000 specification items)',
      '',
      `Dataset \`${ds.name}\` on ${new URL(ds.url).host}: ${ds.stats.contracts} contracts of the demo company, ` +
        `${ds.stats.items} specification items, ${ds.stats.duties} EIS duties (${ds.stats.openDuties} open); ` +
        `statuses ${Object.entries(ds.stats.byStatus)
          .map(([k, n]) => `${k} ${n}`)
          .join(', ')}; database ${ds.stats.dbSize}. Generated in ${fmt(ds.stats.generateSeconds, 0)} s ` +
        `(set-based SQL), VACUUM ANALYZE ${fmt(ds.stats.analyzeSeconds, 0)} s.`,
      '',
      `${CONCURRENCY} concurrent connections, ${REQUESTS} requests per variant after ${WARMUP} warm-up ones; ` +
        `load average (1/5/15 min) before ${loadBefore}, after ${loadAfter} on ${os.availableParallelism()} cores ` +
        `shared by the server, PostgreSQL (${pgInfo.version}, shared_buffers ${pgInfo.buffers}) and the load generator; ` +
        'the server talks to PostgreSQL through its pool of 20 connections (db/client.ts).',
      '',
      '| variant | filter | rows found | API p50 | API p95 | API rps | raw SQL p50 | raw SQL p95 | raw rps | p95 API/raw | register SQL only p95 | goal (p95 ≤ 50 ms, ≤ 1.3× raw, PostgreSQL ≤ 1 ms of CPU) |',
      '|---|---|---|---|---|---|---|---|---|---|---|---|',
      ...rows.map(
        (r) =>
          `| ${r.variant.name} | ${r.variant.what} | ${totals[r.variant.name].join(', ')} | ${fmt(r.api.p50)} ms | ${fmt(r.api.p95)} ms | ${fmt(r.api.rps, 0)} | ` +
          `${fmt(r.raw.p50)} ms | ${fmt(r.raw.p95)} ms | ${fmt(r.raw.rps, 0)} | ${fmt(r.api.p95 / r.raw.p95, 2)}× | ${fmt(r.regOnly.p95)} ms | ${verdict(r)} |`,
      ),
      '',
      '| variant | one connection: API p50 / raw p50 | CPU per API request: server (of it in the kernel) / PostgreSQL / load generator | CPU per raw replay: PostgreSQL / load generator | mean latency the CPU allows: API / raw |',
      '|---|---|---|---|---|',
      ...rows.map(
        (r) =>
          `| ${r.variant.name} | ${fmt(r.single.api)} / ${fmt(r.single.raw)} ms | ` +
          `${fmt(r.api.cpu.server, 2)} (${fmt(r.api.cpu.serverSystem, 2)}) / ${fmt(r.api.cpu.pg, 2)} / ${fmt(r.api.cpu.client, 2)} ms | ` +
          `${fmt(r.raw.cpu.pg, 2)} / ${fmt(r.raw.cpu.client, 2)} ms | ` +
          `≥ ${fmt(floor(r.api.cpu.server + r.api.cpu.pg + r.api.cpu.client))} / ≥ ${fmt(floor(r.raw.cpu.pg + r.raw.cpu.client))} ms |`,
      ),
      '',
      `"mean latency the CPU allows": with ${CONCURRENCY} requests always in flight on ${cores} cores, at most ` +
        `${cores} ÷ (CPU per request) requests are answered per second, so a request takes on average at least ` +
        `${CONCURRENCY} × (CPU per request) ÷ ${cores} (Little's law); a p95 lies above its mean.`,
      '',
      '"raw SQL" replays every statement the server issued for the request (captured from the running code, ' +
        'session lookup and tenancy check included), stage by stage as the server awaits them, through a ' +
        `\`pg\` pool of ${CONCURRENCY}; "register SQL only" drops the session and tenancy statements.`,
      '',
      '<details><summary>Statements of one request (base variant), in stages</summary>',
      '',
      '```sql',
      ...sample.stages.flatMap((stage, i) => [
        `-- stage ${i + 1}${stage.length > 1 ? ` (${stage.length} statements at once)` : ''}`,
        ...stage.map((q) => `${q.text};\n-- params: ${JSON.stringify(q.values)}`),
      ]),
      '```',
      '',
      '</details>',
      '',
      ...list.flatMap((v, i) => [
        `<details><summary>EXPLAIN ANALYZE, ${v.name}</summary>`,
        '',
        '```',
        ...plans[i],
        '```',
        '',
        '</details>',
        '',
      ]),
    ].join('\n');
  } finally {
    client.close();
    await pool.end();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
