import type { ChildProcess } from 'node:child_process';
import { systemRoutes } from '@zakupki/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/db/seed/demo/demo.seed.js';
import { testDatabaseForFile } from './harness.js';
import {
  call,
  errorOf,
  freePort,
  login,
  OwnRedis,
  openSocket,
  sleep,
  startNode,
  stopNode,
  TcpProxy,
} from './processes.js';

/**
 * Service outages against real server processes: the test's own redis-server is stopped and
 * started under socket traffic, and PostgreSQL is cut by a TCP proxy between the app and it (the
 * machine's shared services are never stopped). Needs TEST_DATABASE_URL and TEST_REDIS_URL, like
 * the cluster test (CI sets both).
 */
const enabled = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);

type Pushed = { notification_id: number; payload: { job_id: string } };

/** Collects a socket's notifications; `next(jobId)` waits for the one of a job. */
function inbox(s: Socket) {
  const got: Pushed[] = [];
  s.on('notification', (p: Pushed) => got.push(p));
  return {
    got,
    async next(jobId: string, timeoutMs = 15_000) {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        const hit = got.find((p) => p.payload.job_id === jobId);
        if (hit) return hit;
        await sleep(50);
      }
      throw new Error(`notification of job ${jobId} not pushed`);
    },
  };
}

describe.skipIf(!enabled)('outages', () => {
  const db = testDatabaseForFile({ migrated: true });
  const nodes: ChildProcess[] = [];

  beforeAll(async () => {
    await seedDemo(db.database.db, { procurements: 'none' });
  }, 120_000);

  afterAll(async () => {
    await Promise.all(nodes.map(stopNode));
  });

  it('Redis stopped under socket traffic: both nodes stay up, deliver locally, rejoin when it is back', async () => {
    const redis = new OwnRedis(await freePort());
    await redis.start();
    const [portA, portB] = [await freePort(), await freePort()];
    const env = { DATABASE_URL: db.url!, REDIS_URL: redis.url };
    const a = await startNode(portA, env);
    const b = await startNode(portB, env);
    nodes.push(a, b);
    const me = await login(portA, 'operator@demo.local');
    const onA = inbox(await openSocket(portA, me.token));
    const onB = inbox(await openSocket(portB, me.token));
    const send = async () => {
      const r = await call(portA, systemRoutes.testNotification, { body: {}, token: me.token });
      expect(r.status).toBe(202);
      return r.body.job_id;
    };
    // through Redis: both nodes' sockets get it
    const before = await send();
    await Promise.all([onA.next(before), onB.next(before)]);

    await redis.stop();
    const during: string[] = [];
    for (let i = 0; i < 6; i++) {
      during.push(await send());
      await sleep(1000);
    }
    // the crash came ~5 s after the first emit; give it twice that
    await sleep(5000);
    expect(a.exitCode).toBeNull();
    expect(b.exitCode).toBeNull();
    const health = await call(portA, systemRoutes.health);
    expect(health.body).toMatchObject({ redis: 'down' });
    // every notification was stored, and read later by a user whose socket missed it
    const list = await call(portB, systemRoutes.notifications, { query: { limit: 100 }, token: me.token });
    expect(list.status).toBe(200);
    const stored = new Set(list.body.items.map((n) => (n.payload as { job_id?: string }).job_id));
    for (const id of during) expect(stored.has(id)).toBe(true);
    // the node that ran a job pushed it to its own sockets: every notification reached one of them
    const local = new Set([...onA.got, ...onB.got].map((p) => p.payload.job_id));
    for (const id of during) expect(local.has(id)).toBe(true);

    const down = Date.now();
    await redis.start();
    let rejoinedMs = 0;
    for (;;) {
      const h = await call(portA, systemRoutes.health);
      const h2 = await call(portB, systemRoutes.health);
      if (h.body.redis === 'ok' && h2.body.redis === 'ok') {
        rejoinedMs = Date.now() - down;
        break;
      }
      if (Date.now() - down > 20_000) throw new Error('Redis clients did not reconnect');
      await sleep(100);
    }
    // the subscriber re-subscribed: a push crosses nodes again
    let after = '';
    for (let i = 0; i < 20; i++) {
      after = await send();
      try {
        await Promise.all([onA.next(after, 2000), onB.next(after, 2000)]);
        break;
      } catch {
        after = '';
      }
    }
    expect(after).not.toBe('');
    console.info(`[outages] Redis back: clients ready in ${rejoinedMs} ms`);
    await stopNode(a);
    await stopNode(b);
    await redis.stop();
  }, 120_000);

  it('PostgreSQL cut: requests answer 503 in Russian, the process stays up, service resumes when it is back', async () => {
    const target = new URL(db.url!);
    const proxy = new TcpProxy(await freePort(), {
      host: target.hostname,
      port: Number(target.port || 5432),
    });
    await proxy.restore();
    const viaProxy = new URL(db.url!);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    const port = await freePort();
    const node = await startNode(port, { DATABASE_URL: viaProxy.toString() });
    nodes.push(node);
    const me = await login(port, 'operator@demo.local');
    const notificationsOf = () => call(port, systemRoutes.notifications, { token: me.token });
    expect((await notificationsOf()).status).toBe(200);

    await proxy.cut();
    const cutAt = Date.now();
    const r = await notificationsOf();
    const answeredMs = Date.now() - cutAt;
    expect(r.status).toBe(503);
    expect(errorOf(r)).toMatchObject({ code: 'service_unavailable' });
    expect(errorOf(r).message).toMatch(/База данных временно недоступна/);
    expect(answeredMs).toBeLessThan(10_000);
    await sleep(6000);
    expect(node.exitCode).toBeNull();
    expect((await notificationsOf()).status).toBe(503);

    await proxy.restore();
    const back = Date.now();
    let recoveredMs = 0;
    for (;;) {
      const again = await notificationsOf();
      if (again.status === 200) {
        recoveredMs = Date.now() - back;
        break;
      }
      expect(again.status).toBe(503);
      if (Date.now() - back > 30_000) throw new Error('no recovery after PostgreSQL came back');
      await sleep(100);
    }
    // the job queue works again too
    const job = await call(port, systemRoutes.testNotification, { body: {}, token: me.token });
    expect(job.status).toBe(202);
    console.info(`[outages] PostgreSQL cut: 503 in ${answeredMs} ms; back: 200 in ${recoveredMs} ms`);
    await stopNode(node);
    await proxy.cut();
  }, 120_000);
});
