import type { AddressInfo } from 'node:net';
import { authRoutes } from '@zakupki/shared';
import { and, desc, eq } from 'drizzle-orm';
import { io } from 'socket.io-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/harness.js';
import { auditLog, emailCodes, loginFailures, mailOutbox } from '../../db/schema/index.js';
import { DEMO_PASSWORD } from '../../db/seed/demo/demo.seed.js';
import { errorOf, issueList } from '../companies/companies.factories.js';
import { issueEmailCode } from './email-codes.service.js';

/**
 * Staff login through an e-mailed one-time code during the global login hold (issue 26 item 5).
 * Small limits; addresses come from X-Forwarded-For (TRUST_PROXY), as behind a reverse proxy.
 */
const t = testAppForFile(
  {
    TRUST_PROXY: 'true',
    LOGIN_MAX_FAILURES: '3',
    LOGIN_ADDRESS_MAX_FAILURES: '30',
    LOGIN_GLOBAL_MAX_FAILURES: '12',
    EMAIL_CODE_MAX_ATTEMPTS: '3',
  },
  { listen: true },
);

const login = (body: { login: string; password: string; email_code?: string }, ip: string) =>
  t.call(authRoutes.login, { body, headers: { 'x-forwarded-for': ip } });

type Answer = { ok: boolean; error: string | null; email: string };

/** Asks for a login code over `/unauth` from a client address; the server's answer. */
async function askLoginCode(ip: string, email: string): Promise<Answer> {
  const port = (t.app.server.address() as AddressInfo).port;
  const socket = io(`http://127.0.0.1:${port}/unauth`, {
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    extraHeaders: { 'x-forwarded-for': ip },
  });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    const answer = new Promise<Answer>((resolve) => socket.on('emailServiceResponse', resolve));
    socket.emit('emailServiceRequest', { email, purpose: 'login' });
    return await answer;
  } finally {
    socket.close();
  }
}

/** The login-code letters sent to `email`, newest first. */
const letters = (email: string) =>
  t.app.deps.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.subject, 'Код для входа в систему')))
    .orderBy(desc(mailOutbox.id));

/** The code of the newest login letter to `email`. */
async function codeFromLetter(email: string): Promise<string> {
  const [letter] = await letters(email);
  const code = /Ваш код для входа: (\d{6})/.exec(letter?.body ?? '')?.[1];
  if (!code) throw new Error(`no login code letter to ${email}`);
  return code;
}

const audited = (action: string, userId: number) =>
  t.app.deps.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(userId))));

const operatorId = () => t.ids.users['operator@demo.local'];

describe('no hold: no login codes', () => {
  it('asking for a login code is refused while logins are open', async () => {
    await t.app.deps.db.delete(loginFailures);
    const r = await askLoginCode('192.0.2.50', 'operator@demo.local');
    expect(r).toMatchObject({
      ok: false,
      error:
        'Вход по коду из письма нужен, только пока вход с новых адресов ограничен. Войдите с логином и паролем',
    });
    expect(await letters('operator@demo.local')).toHaveLength(0);
  });
});

describe('during the global hold staff log in with their password and a code from their mailbox', () => {
  beforeAll(async () => {
    await t.app.deps.db.delete(loginFailures);
    for (let i = 0; i < 12; i++) {
      const r = await login(
        { login: `spray${i}@spray.test`, password: 'Пароль-наугад-1' },
        `100.64.9.${i + 1}`,
      );
      expect(r.status).toBe(401);
    }
  });

  it('the held login names the global hold and offers staff the code', async () => {
    const r = await login({ login: 'operator@demo.local', password: DEMO_PASSWORD }, '203.0.113.101');
    expect(r.status).toBe(429);
    expect(errorOf(r).details).toEqual({ hold: 'global', login_code: true });
    expect(errorOf(r).message).toMatch(/Сотрудники .* могут войти с паролем и одноразовым кодом из письма/);
  });

  it('a code works once: stored hashed, audited, then refused', async () => {
    expect(await askLoginCode('203.0.113.102', 'operator@demo.local')).toMatchObject({ ok: true });
    const code = await codeFromLetter('operator@demo.local');
    const [stored] = await t.app.deps.db
      .select()
      .from(emailCodes)
      .where(and(eq(emailCodes.email, 'operator@demo.local'), eq(emailCodes.purpose, 'login')))
      .orderBy(desc(emailCodes.id));
    expect(stored.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.codeHash).not.toContain(code);
    // short-lived: 5 minutes by default
    const life = stored.expiresAt.getTime() - stored.createdAt.getTime();
    expect(life).toBeGreaterThan(4 * 60_000);
    expect(life).toBeLessThanOrEqual(5 * 60_000 + 5_000);
    expect(await audited('login_code_sent', operatorId())).toHaveLength(1);

    const ok = await login(
      { login: 'operator@demo.local', password: DEMO_PASSWORD, email_code: code },
      '203.0.113.102',
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.user.login).toBe('operator@demo.local');
    const [entry] = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'login'), eq(auditLog.userId, operatorId())))
      .orderBy(desc(auditLog.id));
    expect(entry.after).toEqual({ second_factor: 'email_code', hold: 'global' });

    const again = await login(
      { login: 'operator@demo.local', password: DEMO_PASSWORD, email_code: code },
      '203.0.113.103',
    );
    expect(again.status).toBe(400);
    expect(issueList(again)).toEqual([
      { path: 'body.email_code', message: 'Код не запрашивался или уже использован. Запросите новый код' },
    ]);
  });

  it('a wrong code uses an attempt, is audited and counted; past the attempts even the right one is refused', async () => {
    const email = 'specialist@demo.local';
    const userId = t.ids.users[email];
    expect(await askLoginCode('203.0.113.110', email)).toMatchObject({ ok: true });
    const code = await codeFromLetter(email);
    const wrong = code === '000000' ? '111111' : '000000';
    const before = (await t.app.deps.db.select().from(loginFailures)).length;
    for (let i = 0; i < 3; i++) {
      const r = await login({ login: email, password: DEMO_PASSWORD, email_code: wrong }, '203.0.113.111');
      expect(r.status).toBe(400);
      expect(issueList(r)).toEqual([{ path: 'body.email_code', message: 'Неверный код из письма' }]);
    }
    expect((await t.app.deps.db.select().from(loginFailures)).length).toBe(before + 3);
    expect(await audited('login_code_failed', userId)).toHaveLength(3);
    const spent = await login({ login: email, password: DEMO_PASSWORD, email_code: code }, '203.0.113.111');
    expect(spent.status).toBe(400);
    expect(errorOf(spent).message).toBe('Исчерпано число попыток ввода кода. Запросите новый код');
  });

  it('a staff login held by strangers’ guesses passes by code too; a held address does not', async () => {
    // guesses at the operator's login counted before the hold began (refused ones are not counted)
    await t.app.deps.db
      .insert(loginFailures)
      .values(['198.18.0.1', '198.18.0.2', '198.18.0.3'].map((ip) => ({ login: 'operator@demo.local', ip })));
    const held = await login({ login: 'operator@demo.local', password: DEMO_PASSWORD }, '203.0.113.150');
    expect(held.status).toBe(429);
    expect(errorOf(held).details).toEqual({ hold: 'login', login_code: true });
    const code = await issueEmailCode(t.app.deps, 'operator@demo.local', 'login', 300_000);
    const ok = await login(
      { login: 'operator@demo.local', password: DEMO_PASSWORD, email_code: code },
      '203.0.113.150',
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    // an address over its own limit stays held, code or not
    // (its failures counted before the hold: refused attempts are not counted)
    await t.app.deps.db
      .insert(loginFailures)
      .values(Array.from({ length: 30 }, (_, n) => ({ login: `from-one${n}@spray.test`, ip: '198.18.1.1' })));
    const other = await issueEmailCode(t.app.deps, 'admin@demo.local', 'login', 300_000);
    const refused = await login(
      { login: 'admin@demo.local', password: DEMO_PASSWORD, email_code: other },
      '198.18.1.1',
    );
    expect(refused.status).toBe(429);
    expect(errorOf(refused).details).toEqual({ hold: 'address', login_code: false });
  });

  it('an expired code is refused', async () => {
    const code = await issueEmailCode(t.app.deps, 'admin@demo.local', 'login', -1000);
    const r = await login(
      { login: 'admin@demo.local', password: DEMO_PASSWORD, email_code: code },
      '203.0.113.120',
    );
    expect(r.status).toBe(400);
    expect(errorOf(r).message).toBe('Срок действия кода истёк. Запросите новый код');
  });

  it('a code lets one password through: a wrong password spends it', async () => {
    const code = await issueEmailCode(t.app.deps, 'admin@demo.local', 'login', 300_000);
    const bad = await login(
      { login: 'admin@demo.local', password: 'Неверный-пароль-1', email_code: code },
      '203.0.113.121',
    );
    expect(bad.status).toBe(401);
    const late = await login(
      { login: 'admin@demo.local', password: DEMO_PASSWORD, email_code: code },
      '203.0.113.121',
    );
    expect(late.status).toBe(400);
    expect(errorOf(late).message).toBe('Код не запрашивался или уже использован. Запросите новый код');
  });

  it('clients get no code: the request is answered alike, no letter goes, the login stays held', async () => {
    const asked = await askLoginCode('203.0.113.130', 'client@demo.local');
    const unknown = await askLoginCode('203.0.113.131', 'nobody@demo.local');
    expect(asked).toMatchObject({ ok: true, error: null });
    expect(unknown).toMatchObject({ ok: true, error: null });
    expect(await letters('client@demo.local')).toHaveLength(0);
    expect(await letters('nobody@demo.local')).toHaveLength(0);
    const withCode = await login(
      { login: 'client@demo.local', password: DEMO_PASSWORD, email_code: '123456' },
      '203.0.113.132',
    );
    expect(withCode.status).toBe(400);
    expect(errorOf(withCode).message).toBe('Код не запрашивался или уже использован. Запросите новый код');
    const plain = await login({ login: 'client@demo.local', password: DEMO_PASSWORD }, '203.0.113.132');
    expect(plain.status).toBe(429);
  });

  it('a client holding a code made for them anyway is held like everyone', async () => {
    const code = await issueEmailCode(t.app.deps, 'client@demo.local', 'login', 300_000);
    const r = await login(
      { login: 'client@demo.local', password: DEMO_PASSWORD, email_code: code },
      '203.0.113.140',
    );
    expect(r.status).toBe(429);
    expect(errorOf(r).details).toEqual({ hold: 'global', login_code: true });
  });
});
