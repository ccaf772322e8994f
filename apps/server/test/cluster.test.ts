import type { ChildProcess } from 'node:child_process';
import { systemRoutes } from '@zakupki/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/db/seed/demo/demo.seed.js';
import { testDatabaseForFile } from './harness.js';
import { call, freePort, login, openSocket, startNode, stopNode } from './processes.js';

/**
 * Two real server processes (as `npm start` runs them) on one PostgreSQL and one Redis act as one
 * system: a job enqueued through node A is done once, and its notification reaches a socket
 * connected to node B. Needs TEST_DATABASE_URL and TEST_REDIS_URL (CI sets both).
 */
const enabled = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);

describe.skipIf(!enabled)('two nodes on one PostgreSQL and one Redis', () => {
  const db = testDatabaseForFile({ migrated: true });
  const nodes: ChildProcess[] = [];
  let portA = 0;
  let portB = 0;

  beforeAll(async () => {
    await seedDemo(db.database.db, { procurements: 'none' });
    [portA, portB] = [await freePort(), await freePort()];
    const env = { DATABASE_URL: db.url!, REDIS_URL: process.env.TEST_REDIS_URL };
    nodes.push(await startNode(portA, env));
    nodes.push(await startNode(portB, env));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(nodes.map(stopNode));
  });

  it('a job enqueued on node A is done once and its notification reaches a socket on node B', async () => {
    // the same user listens on both nodes: whichever node runs the job, one push must cross Redis
    const me = await login(portB, 'operator@demo.local');
    const onB = await openSocket(portB, me.token);
    const onA = await openSocket(portA, me.token);
    const got: Record<'A' | 'B', { notification_id: number; payload: { job_id: string } }[]> = {
      A: [],
      B: [],
    };
    onA.on('notification', (p) => got.A.push(p));
    const pushed = new Promise<{ notification_id: number; payload: { job_id: string } }>((resolve) =>
      onB.on('notification', (p) => {
        got.B.push(p);
        resolve(p);
      }),
    );

    const a = await login(portA, 'operator@demo.local'); // another session, other node
    const r = await call(portA, systemRoutes.testNotification, { body: {}, token: a.token });
    expect(r.status).toBe(202);
    const { job_id } = r.body;

    const p = await pushed;
    expect(p.payload.job_id).toBe(job_id);
    // give a second (wrong) delivery time to show up, then count
    await new Promise((res) => setTimeout(res, 1500));
    onA.close();
    onB.close();
    expect(got.B).toHaveLength(1);
    expect(got.A).toHaveLength(1);
    expect(got.A[0].notification_id).toBe(p.notification_id);
    const rows = await db.database.query<{ n: number }>(
      "select count(*)::int as n from notifications where payload->>'job_id' = $1",
      [job_id],
    );
    expect(rows[0].n).toBe(1);
    const jobs = await db.database.query<{ state: string; retry_count: number }>(
      'select state, retry_count from pgboss.job where id = $1',
      [job_id],
    );
    expect(jobs[0]).toMatchObject({ state: 'completed', retry_count: 0 });
    const health = (await call(portB, systemRoutes.health)).body;
    expect(health).toMatchObject({ status: 'ok', redis: 'ok' });
  }, 60_000);
});
