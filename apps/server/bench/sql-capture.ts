import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';

/**
 * One statement the server sent to PostgreSQL, as node-postgres received it from Drizzle; `name`
 * when the server sent it as a named prepared statement (the replay sends it under the same name).
 */
export type CapturedQuery = { text: string; values: unknown[]; name?: string };
/**
 * The statements of one request in the order the server awaits them: the statements of a stage
 * run concurrently (Promise.all), a stage starts when the previous one has finished.
 */
export type CapturedRequest = { url: string; status: number; stages: CapturedQuery[][] };

type Timed = CapturedQuery & { start: number; end: number };

/**
 * Captures the SQL the server really issues for each GET url: the whole application is built
 * in-process on the same database, `pool.query` is wrapped to record every statement with its
 * parameters and timing, and the request is sent with `inject`. Nothing is guessed: the list is
 * what Drizzle produced for that request (session lookup, tenancy check, the register queries).
 */
export async function captureRequests(
  url: string,
  token: string,
  paths: string[],
): Promise<Map<string, CapturedRequest>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zk-bench-capture-'));
  const database = await openDatabase({ url });
  const pool = database.pool as pg.Pool;
  let log: Timed[] | null = null;
  const original = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  (pool as unknown as { query: (...args: unknown[]) => Promise<unknown> }).query = (...args: unknown[]) => {
    const [config, values] = args as [
      string | { text: string; values?: unknown[]; name?: string },
      unknown[] | undefined,
    ];
    const entry: Timed | null = log
      ? {
          text: typeof config === 'string' ? config : config.text,
          ...(typeof config !== 'string' && config.name ? { name: config.name } : {}),
          values: values ?? (typeof config === 'string' ? [] : (config.values ?? [])),
          start: performance.now(),
          end: Number.POSITIVE_INFINITY,
        }
      : null;
    if (entry) log?.push(entry);
    const result = original(...args);
    if (entry) void result.finally(() => (entry.end = performance.now())).catch(() => {});
    return result;
  };
  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JOBS_ENABLED: 'false',
  });
  const app = await buildApp(config, { database, web: false, workers: false });
  const out = new Map<string, CapturedRequest>();
  try {
    await app.ready();
    for (const p of paths) {
      // once unrecorded, so one-off work (the first use of a code path) is not taken for the request's
      await app.inject({ method: 'GET', url: p, headers: { authorization: `Bearer ${token}` } });
      log = [];
      const res = await app.inject({ method: 'GET', url: p, headers: { authorization: `Bearer ${token}` } });
      const recorded: Timed[] = log;
      log = null;
      out.set(p, { url: p, status: res.statusCode, stages: toStages(recorded) });
    }
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return out;
}

/** Groups statements that overlapped in time (sent together) into one stage. */
function toStages(log: Timed[]): CapturedQuery[][] {
  const stages: CapturedQuery[][] = [];
  let stageEnd = Number.NEGATIVE_INFINITY;
  for (const q of [...log].sort((a, b) => a.start - b.start)) {
    const item: CapturedQuery = { text: q.text, values: q.values, ...(q.name ? { name: q.name } : {}) };
    if (stages.length && q.start < stageEnd) stages[stages.length - 1].push(item);
    else stages.push([item]);
    stageEnd = Math.max(stageEnd, q.end);
  }
  return stages;
}

/**
 * Sends the captured statements of a request through a plain pg pool, stage by stage, as the
 * server does: a named statement under its name (prepared once per connection), the rest unnamed.
 */
export async function replay(pool: pg.Pool, stages: CapturedQuery[][]): Promise<void> {
  for (const stage of stages) {
    // array rows, like Drizzle's select
    await Promise.all(
      stage.map((q) => pool.query({ name: q.name, text: q.text, values: q.values, rowMode: 'array' })),
    );
  }
}
