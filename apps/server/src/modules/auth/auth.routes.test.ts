import { authRoutes, type ErrorBody } from '@zakupki/shared';
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/harness.js';
import { DEMO_PASSWORD } from '../../db/seed/demo/demo.seed.js';
import { errorOf, issueList } from '../companies/companies.factories.js';

const t = testAppForFile();

describe('auth', () => {
  it('logs in a demo user and returns the session shape', async () => {
    const r = await t.call(authRoutes.login, {
      body: { login: 'client@demo.local', password: DEMO_PASSWORD },
    });
    expect(r.status).toBe(200);
    expect(r.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(r.body.user).toMatchObject({
      login: 'client@demo.local',
      role: 'client',
      company_id: t.ids.companies.client1,
    });
    expect(r.body.company).toEqual({ id: t.ids.companies.client1, title: 'АО «Энергосеть»' });
    expect(r.body.contact?.full_name).toBe('Кузнецов Дмитрий Олегович');
    expect(r.body.early_access).toBe(false);
  });

  it('refuses wrong credentials with 401 invalid_credentials', async () => {
    const r = await t.call(authRoutes.login, {
      body: { login: 'client@demo.local', password: 'wrong-password' },
    });
    expect(r.status).toBe(401);
    expect(errorOf(r).code).toBe('invalid_credentials');
  });

  it('lists every validation issue', async () => {
    const r = await t.call(authRoutes.login, { invalidBody: {} });
    expect(r.status).toBe(400);
    expect(errorOf(r).code).toBe('validation_failed');
    expect(
      issueList(r)
        .map((i) => i.path)
        .sort(),
    ).toEqual(['body.login', 'body.password']);
  });

  it('session and logout: the token stops working at once', async () => {
    const login = await t.call(authRoutes.login, {
      body: { login: 'operator@demo.local', password: DEMO_PASSWORD },
    });
    const token = login.body.token;
    const s = await t.call(authRoutes.session, { as: { token } });
    expect(s.status).toBe(200);
    expect((s.body as { token?: string }).token).toBeUndefined();
    expect(s.body.user.role).toBe('operator');
    expect((await t.call(authRoutes.logout, { as: { token } })).status).toBe(204);
    const after = await t.call(authRoutes.session, { as: { token } });
    expect(after.status).toBe(401);
    expect(errorOf(after).code).toBe('unauthorized');
  });

  it('401 without a token, 404 for unknown routes', async () => {
    expect((await t.call(authRoutes.session)).status).toBe(401);
    // a URL of no route: the raw request
    const r = await t.req<ErrorBody>('GET', '/api/nothing-here');
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('not_found');
  });
});
