import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { quietRequests, registerRequestLog } from './request-log.js';

describe('request log', () => {
  it('one line per answered request with method, url, status and time; health checks at debug', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream }, ...quietRequests() });
    registerRequestLog(app);
    app.get('/api/things', async () => ({ ok: true }));
    app.get('/api/health', async () => ({ status: 'ok' }));
    await app.inject({ method: 'GET', url: '/api/things?x=1' });
    await app.inject({ method: 'GET', url: '/api/missing' });
    await app.inject({ method: 'GET', url: '/api/health' });
    await app.close();
    const requests = lines.filter((l) => l.msg === 'request');
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatchObject({ level: 30, method: 'GET', url: '/api/things?x=1', statusCode: 200 });
    expect(requests[0].reqId).toBeTruthy();
    expect(typeof requests[0].ms).toBe('number');
    expect(requests[1]).toMatchObject({ url: '/api/missing', statusCode: 404 });
    expect(lines.some((l) => l.msg === 'incoming request' || l.msg === 'request completed')).toBe(false);
  });
});
