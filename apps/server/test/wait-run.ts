import { expect } from 'vitest';
import type { TestApp } from './harness.js';

/** Polls a job run (import, report) until it is done or failed; throws when it takes too long. */
export async function waitRun<T extends { status: string }>(
  t: TestApp,
  token: string,
  url: string,
  timeoutMs = 30_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const r = await t.req<T>('GET', url, { token });
    expect(r.status).toBe(200);
    if (['done', 'warning', 'failed'].includes(r.body.status)) return r.body;
    if (Date.now() > until) throw new Error(`${url} still ${r.body.status} after ${timeoutMs} ms`);
    await new Promise((res) => setTimeout(res, 100));
  }
}
