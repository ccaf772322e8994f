import { ContractListQuery } from '@zakupki/shared';
import type pg from 'pg';
import { openDatabase } from '../src/db/client.js';
import { statementName } from '../src/db/prepared.js';
import { todayMoscow } from '../src/lib/moscow-time.js';
import { registerPage } from '../src/modules/contracts/contract-register.repository.js';
import { procCpuMs } from './lib.js';

/**
 * The register's named statements planned for their values (custom) and once for all values
 * (generic), for the companies given, on a kept bench dataset (docs/benchmarks.md, issue 27 item 3):
 *
 *   npx tsx bench/register-plans.ts zk_bench_12345 2,3
 *
 * For each filter of the bench and each company: the statement the server sends (with its total
 * cached, as in the bench's steady state), whether it is sent named, its planning and execution time with a custom plan,
 * the execution time of the generic plan, which plan PostgreSQL keeps after six runs, and the
 * backend's CPU per run (from /proc) sent unnamed (planned every time) and under a name.
 */
const [dbName, companiesArg] = process.argv.slice(2);
if (!dbName || !companiesArg) throw new Error('usage: tsx bench/register-plans.ts <database> <company,…>');
const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const url = new URL(base);
url.pathname = `/${dbName}`;
const companies = companiesArg.split(',').map(Number);
const RUNS = Number(process.env.PLAN_RUNS ?? 1000);

const year = { date_from: '2025-01-01', date_to: '2026-12-31', limit: '50' };
const filters: Record<string, Record<string, string>> = {
  base: { status: 'concluded', ...year, page: '3' },
  'base, page 1': { status: 'concluded', ...year },
  'two statuses, by price': {
    status: 'concluded,executed',
    sort: 'price',
    order: 'asc',
    price_min: '100000',
    limit: '50',
  },
  'archived, by number': { archived: 'true', sort: 'number', limit: '50' },
  overdue: { overdue: 'true', ...year },
  'supplier ИНН': { status: 'concluded', ...year, supplier: '' },
  'supplier name': { status: 'concluded', ...year, supplier: 'Строй' },
  text: { status: 'concluded', ...year, q: 'ремонту' },
  'text, any date': { q: 'ремонту', limit: '50' },
};

const database = await openDatabase({ url: url.toString() });
const pool = database.pool as pg.Pool;
type Sent = { name?: string; text: string; values: unknown[] };
let sent: Sent[] = [];
const original = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
(pool as unknown as { query: typeof original }).query = (...args: unknown[]) => {
  const [config, values] = args as [string | { name?: string; text: string }, unknown[] | undefined];
  if (typeof config !== 'string') sent.push({ name: config.name, text: config.text, values: values ?? [] });
  return original(...args);
};
const client = await pool.connect();
const ms = (plan: string[], label: string) =>
  Number(plan.find((l) => l.startsWith(label))?.match(/([\d.]+) ms/)?.[1] ?? Number.NaN);
const explain = async (text: string, values: unknown[] = []) =>
  (await client.query(`explain (analyze, buffers) ${text}`, values)).rows.map(
    (r) => r['QUERY PLAN'] as string,
  );
const best = async (runs: number, f: () => Promise<string[]>) => {
  let out: string[] = [];
  for (let i = 0; i < runs; i++) {
    const p = await f();
    if (!out.length || ms(p, 'Execution Time') < ms(out, 'Execution Time')) out = p;
  }
  return out;
};

console.log(
  `| filter | company | rows | sent | custom: planning / execution | generic: execution | kept after 6 runs | PostgreSQL CPU per run (${RUNS} runs): unnamed / named |`,
);
console.log('|---|---|---|---|---|---|---|---|');
const plans: string[] = [];
for (const [label, f] of Object.entries(filters)) {
  for (const company of companies) {
    const params = { ...f };
    if (params.supplier === '') {
      const { rows } = await client.query<{ inn: string }>(
        'select supplier_inn as inn from contracts where company_id = $1 group by 1 order by count(*) desc limit 1',
        [company],
      );
      params.supplier = rows[0].inn;
    }
    const q = ContractListQuery.parse(params);
    await registerPage(database.db, company, q, todayMoscow()); // counts the total (cached after)
    sent = [];
    const page = await registerPage(database.db, company, q, todayMoscow());
    const s = sent.find((x) => /from "contracts"/.test(x.text))!;
    const name = s.name || statementName(s.text);
    await client.query('set plan_cache_mode = force_custom_plan');
    const custom = await best(3, () => explain(s.text, s.values));
    const args = s.values.map((v) => (v === null ? 'null' : client.escapeLiteral(String(v)))).join(', ');
    // this connection's own names (the pool's connections keep the server's)
    const [g, a] = [`${name.slice(0, 40)}_g${company}`, `${name.slice(0, 40)}_a${company}`];
    await client.query({ name: g, text: s.text, values: s.values });
    await client.query('set plan_cache_mode = force_generic_plan');
    const generic = await best(3, () => explain(`execute ${g}(${args})`));
    await client.query('reset plan_cache_mode');
    for (let i = 0; i < 6; i++) await client.query({ name: a, text: s.text, values: s.values });
    const [kept] = (
      await client.query<{ g: number; c: number }>(
        'select generic_plans::int g, custom_plans::int c from pg_prepared_statements where name = $1',
        [a],
      )
    ).rows;
    // PostgreSQL's CPU for the statement, unnamed (planned every run) and under its name
    const backend = (await client.query<{ pid: number }>('select pg_backend_pid() pid')).rows[0].pid;
    const cpuPerRun = async (config: { name?: string; text: string; values: unknown[] }) => {
      for (let i = 0; i < 20; i++) await client.query(config);
      const before = procCpuMs(backend)!;
      for (let i = 0; i < RUNS; i++) await client.query(config);
      const after = procCpuMs(backend)!;
      return (after.user + after.system - before.user - before.system) / RUNS;
    };
    // only the shapes sent named: a bad generic plan (the others) would take minutes for RUNS runs
    const cpu = s.name
      ? `${(await cpuPerRun({ text: s.text, values: s.values })).toFixed(3)} / ${(
          await cpuPerRun({ name: `${name.slice(0, 40)}_c${company}`, text: s.text, values: s.values })
        ).toFixed(3)} ms`
      : '—';

    console.log(
      `| ${label} | ${company} | ${page.rows.length} of ${page.total} | ${s.name ? 'named' : 'unnamed'} | ${ms(custom, 'Planning Time')} / ${ms(custom, 'Execution Time')} ms | ` +
        `${ms(generic, 'Execution Time')} ms | ${kept.g > 0 ? 'generic' : 'custom'} (${kept.g} generic, ${kept.c} custom) | ` +
        `${cpu} |`,
    );
    plans.push(
      `-- ${label}, company ${company}: custom\n${custom.join('\n')}\n-- generic\n${generic.join('\n')}`,
    );
  }
}
console.log(`\n${plans.join('\n\n')}`);
client.release();
await database.close();
