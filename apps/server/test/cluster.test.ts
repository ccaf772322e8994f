import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemo } from '../src/db/seed/demo.seed.js';
import { createTestDatabase, type TestDb } from './harness.js';

/**
 * Two real server processes (as `npm start` runs them) on one PostgreSQL and one Redis act as one
 * system: a job enqueued through node A is done once, and its notification reaches a socket
 * connected to node B. Needs TEST_DATABASE_URL and TEST_REDIS_URL (CI sets both).
 */
const enabled = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);
const MAIN = path.resolve(import.meta.dirname, '../src/main.ts');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

async function startNode(url: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      DATABASE_URL: url,
      REDIS_URL: process.env.TEST_REDIS_URL,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: '/nonexistent',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 120; i++) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (r.ok) return child;
    } catch {}
    if (child.exitCode !== null) throw new Error(`node on ${port} exited with ${child.exitCode}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`node on ${port} did not start`);
}

describe.skipIf(!enabled)('two nodes on one PostgreSQL and one Redis', () => {
  let db: TestDb;
  const nodes: ChildProcess[] = [];
  let portA = 0;
  let portB = 0;

  beforeAll(async () => {
    db = await createTestDatabase();
    await db.database.migrate();
    await seedDemo(db.database.db);
    [portA, portB] = [await freePort(), await freePort()];
    nodes.push(await startNode(db.url!, portA));
    nodes.push(await startNode(db.url!, portB));
  }, 120_000);

  afterAll(async () => {
    for (const n of nodes) n.kill('SIGTERM');
    await Promise.all(
      nodes.map((n) => new Promise((r) => (n.exitCode !== null ? r(null) : n.once('exit', r)))),
    );
    await db?.drop();
  });

  async function login(port: number, loginName: string) {
    const r = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: loginName, password: DEMO_PASSWORD }),
    });
    expect(r.status).toBe(200);
    return (await r.json()) as { token: string; user: { id: number } };
  }

  function openSocket(port: number, token: string): Promise<Socket> {
    return new Promise((resolve, reject) => {
      const s = connect(`http://127.0.0.1:${port}/auth`, {
        transports: ['websocket'],
        auth: { token },
        reconnection: false,
      });
      s.on('connect', () => resolve(s));
      s.on('connect_error', reject);
    });
  }

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
    const r = await fetch(`http://127.0.0.1:${portA}/api/admin/notifications/test`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${a.token}` },
      body: JSON.stringify({}),
    });
    expect(r.status).toBe(202);
    const { job_id } = (await r.json()) as { job_id: string };

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
    const health = await (await fetch(`http://127.0.0.1:${portB}/api/health`)).json();
    expect(health).toMatchObject({ status: 'ok', redis: 'ok' });
  }, 60_000);
});
