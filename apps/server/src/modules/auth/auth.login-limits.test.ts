import { authRoutes } from '@zakupki/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/harness.js';
import { loginFailures } from '../../db/schema/index.js';
import { DEMO_PASSWORD } from '../../db/seed/demo/demo.seed.js';
import { errorOf } from '../companies/companies.factories.js';

/** Small limits; addresses come from X-Forwarded-For (TRUST_PROXY), as behind a reverse proxy. */
const t = testAppForFile({
  TRUST_PROXY: 'true',
  LOGIN_MAX_FAILURES: '3',
  LOGIN_ADDRESS_MAX_FAILURES: '5',
  LOGIN_GLOBAL_MAX_FAILURES: '12',
});

const attempt = (login: string, password: string, ip: string) =>
  t.call(authRoutes.login, { body: { login, password }, headers: { 'x-forwarded-for': ip } });

beforeEach(async () => {
  await t.app.deps.db.delete(loginFailures);
});

describe('failed logins per address', () => {
  it('one address spraying many logins is refused with 429 after the limit, other addresses are not', async () => {
    for (let i = 0; i < 5; i++) {
      const r = await attempt(`nobody${i}@spray.test`, 'Пароль-наугад-1', '198.51.100.7');
      expect(r.status).toBe(401);
    }
    const refused = await attempt('operator@demo.local', DEMO_PASSWORD, '198.51.100.7');
    expect(refused.status).toBe(429);
    expect(errorOf(refused).code).toBe('too_many_requests');
    expect(errorOf(refused).message).toMatch(/с вашего адреса/);
    expect((await attempt('operator@demo.local', DEMO_PASSWORD, '198.51.100.8')).status).toBe(200);
  });

  it('a client rotating its own X-Forwarded-For entry is counted by what the proxy saw: 429', async () => {
    for (let i = 0; i < 5; i++) {
      const r = await attempt(`rot${i}@spray.test`, 'Пароль-наугад-1', `10.9.${i}.1, 198.51.100.60`);
      expect(r.status).toBe(401);
    }
    const refused = await attempt('rot-x@spray.test', 'Пароль-наугад-1', '10.9.99.1, 198.51.100.60');
    expect(refused.status).toBe(429);
    expect(errorOf(refused).message).toMatch(/с вашего адреса/);
  });

  it('unparseable forwarded addresses share one count: 429', async () => {
    for (let i = 0; i < 5; i++)
      expect((await attempt(`junk${i}@spray.test`, 'Пароль-наугад-1', `junk-${i}`)).status).toBe(401);
    expect((await attempt('junk-x@spray.test', 'Пароль-наугад-1', 'junk-x')).status).toBe(429);
  });

  it('an IPv6 client is counted by its /64 network', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await attempt(`v6-${i}@spray.test`, 'Пароль-наугад-1', `2001:db8:1:2::${i + 1}`)).status).toBe(
        401,
      );
    }
    expect((await attempt('v6-x@spray.test', 'Пароль-наугад-1', '2001:db8:1:2:ffff::9')).status).toBe(429);
    expect((await attempt('v6-x@spray.test', 'Пароль-наугад-1', '2001:db8:1:3::1')).status).toBe(401);
  });
});

describe('failed logins of one account: a back-off strangers cannot turn into a lock-out', () => {
  it('the owner still logs in from their usual address while others are held', async () => {
    // the owner has logged in from their office before
    expect((await attempt('client@demo.local', DEMO_PASSWORD, '203.0.113.10')).status).toBe(200);
    // someone types wrong passwords from elsewhere (each address under its own limit)
    for (const ip of ['192.0.2.1', '192.0.2.2', '192.0.2.3']) {
      expect((await attempt('client@demo.local', 'Неверный-пароль-1', ip)).status).toBe(401);
    }
    // from a new address even the right password waits: guessing stops
    const stranger = await attempt('client@demo.local', DEMO_PASSWORD, '192.0.2.4');
    expect(stranger.status).toBe(429);
    expect(errorOf(stranger).message).toMatch(/учётную запись/);
    // the owner, from the usual address, is let in
    const owner = await attempt('client@demo.local', DEMO_PASSWORD, '203.0.113.10');
    expect(owner.status).toBe(200);
    expect(owner.body.user.login).toBe('client@demo.local');
    // and a wrong password from the usual address is still only a wrong password
    expect((await attempt('client@demo.local', 'Неверный-пароль-2', '203.0.113.10')).status).toBe(401);
  });

  it('an unknown login is held the same way (no hint which logins exist)', async () => {
    for (const ip of ['192.0.2.11', '192.0.2.12', '192.0.2.13']) {
      expect((await attempt('ghost@demo.local', 'Неверный-пароль-1', ip)).status).toBe(401);
    }
    const r = await attempt('ghost@demo.local', 'Неверный-пароль-1', '192.0.2.14');
    expect(r.status).toBe(429);
    expect(errorOf(r).message).toMatch(/учётную запись/);
  });
});

describe('failed logins in all (a spray from many addresses)', () => {
  it('past the global limit only known addresses may try', async () => {
    expect((await attempt('specialist@demo.local', DEMO_PASSWORD, '203.0.113.20')).status).toBe(200);
    for (let i = 0; i < 12; i++) {
      expect((await attempt(`victim${i}@spray.test`, 'Пароль-наугад-1', `100.64.0.${i + 1}`)).status).toBe(
        401,
      );
    }
    const fresh = await attempt('operator@demo.local', DEMO_PASSWORD, '100.64.1.1');
    expect(fresh.status).toBe(429);
    expect(errorOf(fresh).message).toMatch(/подбор паролей/);
    expect((await attempt('specialist@demo.local', DEMO_PASSWORD, '203.0.113.20')).status).toBe(200);
  });
});
