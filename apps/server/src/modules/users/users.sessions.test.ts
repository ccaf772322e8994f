import type { AddressInfo } from 'node:net';
import { authRoutes, userRoutes } from '@zakupki/shared';
import { io } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { createTestApp, testAppForFile } from '../../../test/harness.js';
import { errorOf } from '../companies/companies.factories.js';

const t = testAppForFile({}, { listen: true });
const PASSWORD = 'session-test-password';

/** A fresh client of client1 (demo users' cached tokens stay untouched). */
async function newClient(login: string): Promise<number> {
  const r = await t.call(userRoutes.create, {
    as: 'admin',
    body: {
      login,
      password: PASSWORD,
      title: `Пользователь ${login}`,
      role: 'client',
      company_id: t.ids.companies.client1,
    },
  });
  expect(r.status).toBe(201);
  return r.body.id;
}

const login = (loginName: string, password = PASSWORD) =>
  t.call(authRoutes.login, { body: { login: loginName, password } });

const session = (token: string) => t.call(authRoutes.session, { as: { token } });

describe('block and unblock', () => {
  it('blocking revokes sessions and disconnects sockets; login answers account_blocked; unblock restores', async () => {
    const email = 'blocked@test.local';
    const id = await newClient(email);
    const first = await login(email);
    const second = await login(email);
    expect(first.status).toBe(200);

    const port = (t.app.server.address() as AddressInfo).port;
    const socket = io(`http://127.0.0.1:${port}/auth`, {
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      auth: { token: first.body.token },
    });
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    const disconnected = new Promise<string>((resolve, reject) => {
      socket.on('disconnect', (reason) => resolve(reason));
      setTimeout(() => reject(new Error('the socket of a blocked user was not disconnected')), 3000);
    });

    const r = await t.call(userRoutes.block, { params: { id }, as: 'operator' });
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('blocked');
    expect(await disconnected).toBe('io server disconnect');
    socket.close();

    for (const token of [first.body.token, second.body.token]) {
      const s = await session(token);
      expect(s.status).toBe(401);
      expect(errorOf(s).code).toBe('unauthorized');
    }
    const live = await t.app.deps.database.query(
      'select id from sessions where user_id = $1 and revoked_at is null',
      [id],
    );
    expect(live).toEqual([]);
    const blocked = await login(email);
    expect(blocked.status).toBe(403);
    expect(errorOf(blocked).code).toBe('account_blocked');

    const [entry] = await t.app.deps.database.query<{ before: unknown; after: unknown }>(
      "select before, after from audit_log where action = 'block' and entity = 'user' and entity_id = $1",
      [String(id)],
    );
    expect(entry.before).toMatchObject({ status: 'active' });
    expect(entry.after).toMatchObject({ status: 'blocked', revoked_sessions: 2 });
    expect(JSON.stringify(entry)).not.toMatch(/password|argon/);

    const twice = await t.call(userRoutes.block, { params: { id }, as: 'specialist' });
    expect(twice.status).toBe(409);
    expect(errorOf(twice).message).toBe('Пользователь уже заблокирован');

    const un = await t.call(userRoutes.unblock, { params: { id }, as: 'specialist' });
    expect(un.status).toBe(200);
    expect(un.body.status).toBe('active');
    // the old tokens stay dead; a new login works
    expect((await session(first.body.token)).status).toBe(401);
    const again = await login(email);
    expect(again.status).toBe(200);
    expect((await session(again.body.token)).status).toBe(200);
    const unTwice = await t.call(userRoutes.unblock, { params: { id }, as: 'admin' });
    expect(unTwice.status).toBe(409);
    expect(errorOf(unTwice).message).toBe('Пользователь не заблокирован');
    const audited = await t.app.deps.database.query(
      "select 1 from audit_log where action = 'unblock' and entity = 'user' and entity_id = $1",
      [String(id)],
    );
    expect(audited).toHaveLength(1);
  });

  it('operators and specialists may not block an admin; nobody blocks themselves', async () => {
    const adminId = t.ids.users['admin@demo.local'];
    for (const who of ['operator', 'specialist'] as const) {
      const r = await t.call(userRoutes.block, {
        params: { id: adminId },
        as: { token: await t.login(who) },
      });
      expect(r.status).toBe(403);
      expect(errorOf(r).message).toBe('Заблокировать администратора может только администратор');
      const self = await t.call(userRoutes.block, {
        params: { id: t.ids.users[`${who}@demo.local`] },
        as: { token: await t.login(who) },
      });
      expect(self.status).toBe(403);
      expect(errorOf(self).message).toBe('Нельзя заблокировать собственную учётную запись');
    }
    const self = await t.call(userRoutes.block, { params: { id: adminId }, as: 'admin' });
    expect(self.status).toBe(403);
    const rows = await t.app.deps.database.query<{ status: string }>(
      "select status from users where login in ('admin@demo.local', 'operator@demo.local', 'specialist@demo.local')",
    );
    expect(rows.map((r) => r.status)).toEqual(['active', 'active', 'active']);
  });

  it('an admin blocks and unblocks staff; clients may not block', async () => {
    const admin = await t.login('admin');
    const staff = await t.call(userRoutes.create, {
      as: { token: admin },
      body: {
        login: 'op2@test.local',
        password: PASSWORD,
        title: 'Второй оператор',
        role: 'operator',
        company_id: t.ids.companies.provider,
      },
    });
    const blockedByClient = await t.call(userRoutes.block, { params: { id: staff.body.id }, as: 'client' });
    expect(blockedByClient.status).toBe(403);
    expect(
      (await t.call(userRoutes.block, { params: { id: staff.body.id }, as: { token: admin } })).status,
    ).toBe(200);
    expect(errorOf(await login('op2@test.local')).code).toBe('account_blocked');
    expect(
      (await t.call(userRoutes.unblock, { params: { id: staff.body.id }, as: { token: admin } })).status,
    ).toBe(200);
    expect((await login('op2@test.local')).status).toBe(200);
  });

  it('a user out of reach is 404 to block', async () => {
    const [c] = await t.app.deps.database.query<{ id: number }>(
      "insert into companies (title, inn) values ('ИП Далёкий', '7707006987') returning id",
    );
    const far = await t.call(userRoutes.create, {
      as: 'admin',
      body: {
        login: 'far@test.local',
        password: PASSWORD,
        title: 'Далёкий',
        role: 'client',
        company_id: c.id,
      },
    });
    const r = await t.call(userRoutes.block, { params: { id: far.body.id }, as: 'operator' });
    expect(r.status).toBe(404);
    expect((await login('far@test.local')).status).toBe(200);
  });
});

describe('session expiry', () => {
  it('absolute expiry: a session past expires_at answers 401', async () => {
    const email = 'absolute@test.local';
    await newClient(email);
    const l = await login(email);
    expect((await session(l.body.token)).status).toBe(200);
    await t.app.deps.database.query(
      "update sessions set expires_at = now() - interval '1 minute' where user_id = (select id from users where login = $1)",
      [email],
    );
    const r = await session(l.body.token);
    expect(r.status).toBe(401);
    expect(errorOf(r).message).toBe('Сессия истекла или завершена');
  });

  it('idle expiry: a session unused for longer than SESSION_IDLE_HOURS (12 by default) answers 401', async () => {
    const email = 'idle@test.local';
    await newClient(email);
    const l = await login(email);
    await t.app.deps.database.query(
      "update sessions set last_seen_at = now() - interval '11 hours' where user_id = (select id from users where login = $1)",
      [email],
    );
    // 11 hours idle is within the limit, and the request refreshes last_seen_at
    expect((await session(l.body.token)).status).toBe(200);
    const [seen] = await t.app.deps.database.query<{ fresh: boolean }>(
      "select last_seen_at > now() - interval '1 minute' as fresh from sessions where user_id = (select id from users where login = $1)",
      [email],
    );
    expect(seen.fresh).toBe(true);
    await t.app.deps.database.query(
      "update sessions set last_seen_at = now() - interval '13 hours' where user_id = (select id from users where login = $1)",
      [email],
    );
    expect((await session(l.body.token)).status).toBe(401);
  });

  it('idle expiry follows SESSION_IDLE_HOURS', async () => {
    const short = await createTestApp({ SESSION_IDLE_HOURS: '0.0001' }); // 0.36 s
    try {
      const token = await short.login('client');
      expect((await short.call(authRoutes.session, { as: { token } })).status).toBe(200);
      await new Promise((r) => setTimeout(r, 600));
      const r = await short.call(authRoutes.session, { as: { token } });
      expect(r.status).toBe(401);
      expect(errorOf(r).code).toBe('unauthorized');
    } finally {
      await short.close();
    }
  });
});

describe('login rate limit', () => {
  it('after 10 failures the 11th attempt is 429 even with the right password', async () => {
    const email = 'bruteforced@test.local';
    await newClient(email);
    for (let i = 0; i < 10; i++) {
      const r = await login(email, `wrong-password-${i}`);
      expect(r.status).toBe(401);
      expect(errorOf(r).code).toBe('invalid_credentials');
    }
    const r = await login(email);
    expect(r.status).toBe(429);
    expect(errorOf(r).code).toBe('too_many_requests');
    // other logins are not affected
    expect((await login('client2@demo.local', 'demo-password')).status).toBe(200);
  });

  it('LOGIN_MAX_FAILURES sets the limit; an address the user logged in from is still let in', async () => {
    const strict = await createTestApp({ LOGIN_MAX_FAILURES: '3' });
    try {
      const attempt = (login: string, password: string) =>
        strict.call(authRoutes.login, { body: { login, password } });
      // never logged in from here: held after 3 failures
      for (let i = 0; i < 3; i++) expect((await attempt('client@demo.local', `wrong-${i}`)).status).toBe(401);
      expect((await attempt('client@demo.local', 'demo-password')).status).toBe(429);
      // logged in from here before: the failures do not keep the owner out
      expect((await attempt('client2@demo.local', 'demo-password')).status).toBe(200);
      for (let i = 0; i < 3; i++)
        expect((await attempt('client2@demo.local', `wrong-${i}`)).status).toBe(401);
      expect((await attempt('client2@demo.local', 'demo-password')).status).toBe(200);
    } finally {
      await strict.close();
    }
  });
});
