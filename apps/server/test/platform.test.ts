import { authRoutes, type ErrorBody, systemRoutes } from '@zakupki/shared';
import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorEvents, notifications } from '../src/db/schema/index.js';
import { defineJob } from '../src/plugins/jobs.js';
import { testAppForFile } from './harness.js';

let port: number;
const attempts: number[] = [];

const flakyJob = defineJob({
  name: 'test.flaky',
  payload: z.object({ user_id: z.number().int(), fail_times: z.number().int() }),
  retry: { limit: 3, delaySeconds: 1, backoff: false },
  handler: async (p, { deps, attempt }) => {
    attempts.push(attempt);
    if (attempt < p.fail_times) throw new Error(`planned failure ${attempt}`);
    await deps.notifier.notify({
      userId: p.user_id,
      companyId: null,
      kind: 'notification',
      status: 'success',
      header: 'Готово',
      message: `Задание выполнено с попытки ${attempt + 1}`,
    });
  },
});

const t = testAppForFile(
  { REQUEST_TIMEOUT_MS: '2500', EMAIL_CODE_RESEND_SECONDS: '60' },
  {
    listen: true,
    extend: async (app) => {
      app.get('/api/test/boom', async () => {
        throw new Error('kaboom');
      });
      app.get('/api/test/slow', async () => {
        await new Promise((r) => setTimeout(r, 5000));
        return { late: true };
      });
    },
  },
);
beforeAll(async () => {
  await t.app.deps.jobs.register(flakyJob);
  port = (t.app.server.address() as { port: number }).port;
});

function socket(ns: string, token?: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = connect(`http://127.0.0.1:${port}${ns}`, {
      transports: ['websocket'],
      auth: token ? { token } : {},
      reconnection: false,
    });
    s.on('connect', () => resolve(s));
    s.on('connect_error', (e) => {
      s.close();
      reject(e);
    });
  });
}

function waitFor<T>(s: Socket, event: string, ms = 15000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    s.once(event, (p: T) => {
      clearTimeout(timer);
      resolve(p);
    });
  });
}

describe('errors', () => {
  it('a 5xx carries sentry_code stored with stack, route and user, readable by staff only', async () => {
    const token = await t.login('client');
    // a route of the test itself, not of the contract
    const r = await t.req<ErrorBody & { sentry_code: string }>('GET', '/api/test/boom', { token });
    expect(r.status).toBe(500);
    expect(r.body.error.code).toBe('internal_error');
    expect(r.body.error.message).not.toContain('kaboom');
    expect(r.body.sentry_code).toMatch(/^[A-Z2-9]{8}$/);
    const [row] = await t.app.deps.db
      .select()
      .from(errorEvents)
      .where(eq(errorEvents.code, r.body.sentry_code));
    expect(row.stack).toContain('kaboom');
    expect(row.route).toBe('/api/test/boom');
    expect(row.userId).toBe(t.ids.users['client@demo.local']);
    const code = { code: r.body.sentry_code };
    const staff = await t.call(systemRoutes.errorEvent, { params: code, as: 'operator' });
    expect(staff.status).toBe(200);
    expect(staff.body.message).toBe('kaboom');
    expect((await t.call(systemRoutes.errorEvent, { params: code, as: 'client' })).status).toBe(403);
  });

  it('a request over its time budget answers 504', async () => {
    const r = await t.req<ErrorBody>('GET', '/api/test/slow', { token: await t.login('client') });
    expect(r.status).toBe(504);
    expect(r.body.error.message).toBe('Время ожидания ответа истекло. Попробуйте позже');
  });
});

describe('system', () => {
  it('health reports db, queue and redis', async () => {
    const r = await t.call(systemRoutes.health);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      status: 'ok',
      db: 'ok',
      queue: 'ok',
      redis: 'not_configured',
      event_loop_delay_ms: expect.any(Number),
    });
  });

  it('public config carries support contacts and analytics ids', async () => {
    const r = await t.call(systemRoutes.publicConfig);
    expect(r.status).toBe(200);
    expect(r.body.support_phones.length).toBeGreaterThan(0);
    expect(r.body.partner_links[0]).toEqual({ title: 'ЕИС в сфере закупок', url: 'https://zakupki.gov.ru' });
    expect(r.body.yandex_metrika_id).toBeNull();
  });

  it('OpenAPI documents the routes', async () => {
    // the OpenAPI document is not a route of the contract
    const r = await t.req<{ paths: Record<string, unknown> }>('GET', '/api/docs/json');
    expect(r.status).toBe(200);
    expect(Object.keys(r.body.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/notifications/{id}/read', '/api/health']),
    );
  });

  it('security headers are set and CORS is closed by default', async () => {
    const r = await t.call(systemRoutes.health, { headers: { origin: 'https://evil.example' } });
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('audit log is readable by staff and refused to clients', async () => {
    const staff = await t.call(systemRoutes.audit, { query: { entity: 'session' }, as: 'admin' });
    expect(staff.status).toBe(200);
    expect(staff.body.items.some((e) => e.action === 'login')).toBe(true);
    expect((await t.call(systemRoutes.audit, { as: 'client' })).status).toBe(403);
  });
});

describe('jobs and notifications', () => {
  it('a job that fails is retried, then its notification is stored and pushed live', async () => {
    const token = await t.login('client');
    const userId = t.ids.users['client@demo.local'];
    const s = await socket('/auth', token);
    const pushed = waitFor<{ header: string; message: string; notification_id: number }>(
      s,
      'notification',
      30000,
    );
    await t.app.deps.jobs.send(flakyJob, { user_id: userId, fail_times: 2 });
    const p = await pushed;
    expect(attempts).toEqual([0, 1, 2]);
    expect(p.message).toBe('Задание выполнено с попытки 3');
    s.close();
    const list = await t.call(systemRoutes.notifications, { as: { token } });
    expect(list.body.unread).toBeGreaterThanOrEqual(1);
    expect(list.body.items[0].id).toBe(p.notification_id);
    const params = { id: p.notification_id };
    const read = await t.call(systemRoutes.readNotification, { params, as: { token } });
    expect(read.body.read_at).not.toBeNull();
    const other = await t.call(systemRoutes.readNotification, { params, as: 'client2' });
    expect(other.status).toBe(404);
    const [row] = await t.app.deps.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, p.notification_id));
    expect(row.userId).toBe(userId);
  });
});

describe('sockets', () => {
  it('/auth refuses a handshake without a valid token', async () => {
    await expect(socket('/auth')).rejects.toThrow(/unauthorized/);
    await expect(socket('/auth', 'not-a-token')).rejects.toThrow(/unauthorized/);
  });

  it('logout disconnects the open sockets of that session', async () => {
    const login = await t.call(authRoutes.login, {
      body: { login: 'specialist@demo.local', password: 'demo-password' },
    });
    const s = await socket('/auth', login.body.token);
    const gone = waitFor<string>(s, 'disconnect');
    await t.call(authRoutes.logout, { as: { token: login.body.token } });
    expect(await gone).toBe('io server disconnect');
  });

  it('e-mail codes: emailServiceRequest -> emailServiceReceived -> emailServiceResponse, code in mail_outbox', async () => {
    const s = await socket('/unauth');
    const received = waitFor<{ email: string }>(s, 'emailServiceReceived');
    const response = waitFor<{ ok: boolean; error: string | null }>(s, 'emailServiceResponse');
    s.emit('emailServiceRequest', { email: 'New.User@Example.ru', purpose: 'register' });
    expect((await received).email).toBe('new.user@example.ru');
    expect(await response).toMatchObject({ ok: true, error: null });
    const rows = await t.app.deps.database.query<{ body: string }>(
      'select body from mail_outbox where "to" = \'new.user@example.ru\'',
    );
    expect(rows[0].body).toMatch(/Ваш код: \d{6}/);
    const bad = waitFor<{ ok: boolean; error: string }>(s, 'emailServiceResponse');
    s.emit('emailServiceRequest', { email: 'not-an-email', purpose: 'register' });
    expect(await bad).toMatchObject({ ok: false, error: 'Введите корректный email' });
    // a second code for the same address within a minute is refused, and says when to retry
    const again = waitFor<{ ok: boolean; error: string }>(s, 'emailServiceResponse');
    s.emit('emailServiceRequest', { email: 'new.user@example.ru', purpose: 'register' });
    const r = await again;
    expect(r.ok).toBe(false);
    expect(r.error).toMatch(/^Код уже отправлен. Повторно запросить код можно через \d+ с$/);
    s.close();
  });
});
