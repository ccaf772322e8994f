import type { RequestRefused } from '@zakupki/shared';
import { gt } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { testAppForFile } from '../../test/harness.js';
import { openSocket } from '../../test/processes.js';
import { notifications } from '../db/schema/index.js';
import { SOCKET_BURST, SOCKET_REFILL_PER_SEC, SOCKET_REFUSAL, TokenBucket } from './sockets.js';

const t = testAppForFile({}, { listen: true });
const open: Socket[] = [];
afterAll(() => {
  for (const s of open) s.close();
});

async function socket(): Promise<Socket> {
  const addr = t.app.server.address();
  const s = await openSocket(typeof addr === 'object' && addr ? addr.port : 0, await t.login('specialist'));
  open.push(s);
  return s;
}

describe('TokenBucket', () => {
  it('allows the burst, refuses the next, refills at the documented rate', () => {
    let now = 0;
    const b = new TokenBucket(SOCKET_BURST, SOCKET_REFILL_PER_SEC, () => now);
    for (let i = 0; i < SOCKET_BURST; i++) expect(b.take()).toBe(true);
    expect(b.take()).toBe(false);
    now += 1000;
    for (let i = 0; i < SOCKET_REFILL_PER_SEC; i++) expect(b.take()).toBe(true);
    expect(b.take()).toBe(false);
    now += 3_600_000;
    for (let i = 0; i < SOCKET_BURST; i++) expect(b.take()).toBe(true);
    expect(b.take()).toBe(false);
  });
});

describe('/auth request flood', () => {
  it('300 requests on one connection: the over-limit ones refused at once and nothing stored for them', async () => {
    const db = t.app.deps.db;
    const before = (await db.select({ id: notifications.id }).from(notifications)).reduce(
      (m, r) => Math.max(m, r.id),
      0,
    );
    const s = await socket();
    const total = 300;
    const refused: RequestRefused[] = [];
    const answered: number[] = [];
    const started = Date.now();
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${refused.length + answered.length} of ${total}`)),
        60_000,
      );
      const check = () => {
        if (refused.length + answered.length === total) {
          clearTimeout(timer);
          resolve();
        }
      };
      s.on('requestRefused', (p: RequestRefused) => {
        refused.push(p);
        check();
      });
      s.on('readyDocumentResponse', (p: { notification_id: number }) => {
        answered.push(p.notification_id);
        check();
      });
      // malformed: each processed one is refused by the handler with a stored notification
      for (let i = 0; i < total; i++) s.emit('readyDocumentRequest', { procurement_id: 'abc' });
    });
    const seconds = (Date.now() - started) / 1000;
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]).toEqual({ event: 'readyDocumentRequest', error: SOCKET_REFUSAL });
    // the burst plus what refilled while the requests were arriving, never one per request
    expect(answered.length).toBeGreaterThanOrEqual(SOCKET_BURST);
    expect(answered.length).toBeLessThanOrEqual(SOCKET_BURST + Math.ceil(seconds * SOCKET_REFILL_PER_SEC));
    const stored = await db
      .select({ id: notifications.id })
      .from(notifications)
      .where(gt(notifications.id, before));
    expect(stored.length).toBe(answered.length);
  });
});
