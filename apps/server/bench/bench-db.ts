import pg from 'pg';
import { openDatabase } from '../src/db/client.js';
import {
  DEMO_COMPANIES,
  type DemoIds,
  type DemoProcurements,
  seedDemo,
} from '../src/db/seed/demo/demo.seed.js';
import { seedReference } from '../src/db/seed/index.js';
import { generateRegister, type RegisterSize, type RegisterStats, registerStats } from './register-data.js';

/** PostgreSQL server the benchmarks create their databases on (the URL's database is only connected to). */
export const BENCH_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** `--keep`: leave the benchmark databases for a look afterwards. */
export const KEEP = process.argv.includes('--keep');

export function urlOf(name: string): string {
  const u = new URL(BENCH_URL);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function adminQuery<T extends pg.QueryResultRow = pg.QueryResultRow>(
  sql: string,
  url = BENCH_URL,
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

const created: string[] = [];

async function createDatabase(name: string, template?: string) {
  await adminQuery(`drop database if exists "${name}" with (force)`);
  // FILE_COPY: a plain copy of the files, much faster than WAL-logging a gigabyte template
  await adminQuery(
    template
      ? `create database "${name}" template "${template}" strategy = file_copy`
      : `create database "${name}"`,
  );
  created.push(name);
}

/** Drops every database this run created (unless --keep); run.ts calls it once at the end. */
export async function dropBenchDatabases(): Promise<string[]> {
  if (KEEP) return created.map(urlOf);
  for (const name of created.reverse()) await adminQuery(`drop database if exists "${name}" with (force)`);
  return [];
}

export type Dataset = {
  name: string;
  url: string;
  ids: DemoIds;
  /** the demo company the generated register belongs to (АО «Энергосеть», client1) */
  companyId: number;
  stats: RegisterStats;
  seconds: number;
};

export const REGISTER_SIZE: RegisterSize = {
  contracts: Number(process.env.BENCH_CONTRACTS ?? 200_000),
  items: Number(process.env.BENCH_ITEMS ?? 2_000_000),
  suppliers: 2000,
};

let dataset: Promise<Dataset> | null = null;

/**
 * The register dataset, built once per run: a fresh database zk_bench_<pid>, migrated, with the
 * reference and demo data, then the generated register of the demo company client1 and ANALYZE.
 */
export function registerDataset(): Promise<Dataset> {
  const reuse = process.env.BENCH_DATASET;
  dataset ??= reuse ? existingDataset(reuse) : buildDataset(`zk_bench_${process.pid}`);
  return dataset;
}

/** BENCH_DATASET=<name>: a dataset kept by an earlier run (--keep), used as it is and not dropped. */
async function existingDataset(name: string): Promise<Dataset> {
  const url = urlOf(name);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const byInn = new Map(
      (await client.query<{ id: number; inn: string }>('select id, inn from companies')).rows.map((r) => [
        r.inn,
        r.id,
      ]),
    );
    const companies = Object.fromEntries(
      DEMO_COMPANIES.map((c) => [c.key, byInn.get(c.inn)!]),
    ) as DemoIds['companies'];
    const users = Object.fromEntries(
      (await client.query<{ id: number; login: string }>('select id, login from users')).rows.map((r) => [
        r.login,
        r.id,
      ]),
    );
    const companyId = companies.client1;
    const stats = { ...(await registerStats(client, companyId)), generateSeconds: 0, analyzeSeconds: 0 };
    return { name, url, ids: { companies, users }, companyId, stats, seconds: 0 };
  } finally {
    await client.end();
  }
}

async function buildDataset(name: string): Promise<Dataset> {
  const started = performance.now();
  const { url, ids } = await demoDatabase(name);
  const companyId = ids.companies.client1;
  console.log(
    `bench: generating ${REGISTER_SIZE.contracts} contracts / ${REGISTER_SIZE.items} items in ${name}…`,
  );
  const stats = await generateRegister(url, companyId, ids.users['client@demo.local'], REGISTER_SIZE);
  return { name, url, ids, companyId, stats, seconds: (performance.now() - started) / 1000 };
}

/**
 * A database of its own for a section that writes (the imports): a copy of the register dataset,
 * so every section starts from the same data whatever ran before it.
 */
export async function datasetCopy(suffix: string): Promise<Dataset> {
  const source = await registerDataset();
  const name = `${source.name}_${suffix}`;
  await createDatabase(name, source.name);
  return { ...source, name, url: urlOf(name) };
}

/**
 * A small database of its own for a section that needs no register (the plans): migrated, with
 * the reference and demo data only; `procurements` adds the demo procurements (without their
 * generated documentation, 'plain') for a section that works on them (the documentation).
 */
export const demoDataset = (suffix: string, procurements: DemoProcurements = 'none') =>
  demoDatabase(`zk_bench_${process.pid}_${suffix}`, procurements);

/** A fresh database: migrated, with the reference and demo data. */
async function demoDatabase(
  name: string,
  procurements: DemoProcurements = 'none',
): Promise<{ name: string; url: string; ids: DemoIds }> {
  await createDatabase(name);
  const url = urlOf(name);
  const database = await openDatabase({ url });
  try {
    await database.migrate();
    await seedReference(database.db);
    const ids = await seedDemo(database.db, { procurements });
    if (!ids) throw new Error(`database ${name} is not empty`);
    return { name, url, ids };
  } finally {
    await database.close();
  }
}
