import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { testDatabaseForFile } from '../../test/harness.js';
import type { AppDeps } from '../types.js';
import { defineJob, JobQueue } from './jobs.js';

/** The queue on the file's database (PGlite, or PostgreSQL with TEST_DATABASE_URL). */
const t = testDatabaseForFile();
const warnings: string[] = [];
const deps = {
  log: { error: () => {}, warn: (m: string) => warnings.push(m), info: () => {} },
} as unknown as AppDeps;
let queue: JobQueue | null = null;
afterEach(async () => {
  await queue?.stop();
  queue = null;
});

describe('JobQueue', () => {
  it('runs up to `concurrency` jobs of a kind at once, each started as soon as it is sent', async () => {
    queue = new JobQueue(t.database, () => deps);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const done: string[] = [];
    const job = defineJob({
      name: 'test.parallel',
      payload: z.object({ n: z.number() }),
      concurrency: 3,
      handler: async ({ n }) => {
        started.push(Date.now());
        most = Math.max(most, ++running);
        await new Promise((r) => setTimeout(r, 300));
        running--;
        done.push(String(n));
      },
    });
    await queue.register(job);
    await queue.start(true);
    const sentAt = Date.now();
    for (const n of [1, 2, 3]) await queue.send(job, { n });
    for (let i = 0; i < 100 && done.length < 3; i++) await new Promise((r) => setTimeout(r, 50));
    expect(done.sort()).toEqual(['1', '2', '3']);
    expect(most).toBe(3);
    // woken at once rather than at the next poll (1 s)
    expect(Math.max(...started) - sentAt).toBeLessThan(900);
  });

  it('drops a queue schema written by a newer pg-boss and makes its own', async () => {
    await t.database.query('drop schema if exists pgboss cascade');
    await t.database.query('create schema pgboss');
    await t.database.query('create table pgboss.version (version int)');
    await t.database.query('insert into pgboss.version values (99)');
    queue = new JobQueue(t.database, () => deps);
    await queue.start(false);
    const [row] = await t.database.query<{ version: number }>('select version from pgboss.version');
    expect(Number(row.version)).toBeLessThan(99);
    expect(warnings.join('\n')).toContain('newer than');
    expect(await queue.healthy()).toBe(true);
  });
});
