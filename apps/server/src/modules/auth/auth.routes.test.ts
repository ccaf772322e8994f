import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('auth', () => {
  it('logs in a demo user and returns the session shape', async () => {
    const r = await t.req('POST', '/api/auth/login', {
      body: { login: 'client@demo.local', password: 'demo-password' },
    });
    expect(r.status).toBe(200);
    expect(r.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(r.body.user).toMatchObject({
      login: 'client@demo.local',
      role: 'client',
      company_id: t.ids.companies.client1,
    });
    expect(r.body.company).toEqual({ id: t.ids.companies.client1, title: 'АО «Энергосеть»' });
    expect(r.body.contact.full_name).toBe('Кузнецов Дмитрий Олегович');
    expect(r.body.early_access).toBe(false);
  });

  it('refuses wrong credentials with 401 invalid_credentials', async () => {
    const r = await t.req('POST', '/api/auth/login', {
      body: { login: 'client@demo.local', password: 'wrong-password' },
    });
    expect(r.status).toBe(401);
    expect(r.body.error.code).toBe('invalid_credentials');
  });

  it('lists every validation issue', async () => {
    const r = await t.req('POST', '/api/auth/login', { body: {} });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('validation_failed');
    expect(r.body.error.details.issues.map((i: { path: string }) => i.path).sort()).toEqual([
      'body.login',
      'body.password',
    ]);
  });

  it('session and logout: the token stops working at once', async () => {
    const login = await t.req('POST', '/api/auth/login', {
      body: { login: 'operator@demo.local', password: 'demo-password' },
    });
    const token = login.body.token;
    const s = await t.req('GET', '/api/auth/session', { token });
    expect(s.status).toBe(200);
    expect(s.body.token).toBeUndefined();
    expect(s.body.user.role).toBe('operator');
    expect((await t.req('POST', '/api/auth/logout', { token })).status).toBe(204);
    const after = await t.req('GET', '/api/auth/session', { token });
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe('unauthorized');
  });

  it('401 without a token, 404 for unknown routes', async () => {
    expect((await t.req('GET', '/api/auth/session')).status).toBe(401);
    const r = await t.req('GET', '/api/nothing-here');
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('not_found');
  });
});
