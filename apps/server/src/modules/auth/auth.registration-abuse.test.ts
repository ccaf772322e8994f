import type { AddressInfo } from 'node:net';
import { authRoutes } from '@zakupki/shared';
import { io } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/harness.js';
import { emailCodeRequests } from '../../db/schema/index.js';
import { errorOf, issueList } from '../companies/companies.factories.js';
import { issueEmailCode } from './email-codes.service.js';

const t = testAppForFile(
  {
    TRUST_PROXY: 'true',
    EMAIL_CODE_SOCKET_MAX: '2',
    EMAIL_CODE_ADDRESS_HOURLY_MAX: '3',
    EMAIL_CODE_HOURLY_MAX: '5',
  },
  { listen: true },
);

const body = (login: string, email_code: string, password = 'Заявка-на-доступ-7') => ({
  login,
  password,
  title: 'Заявитель',
  email_code,
  company: { title: 'ООО «Проба»', inn: '7707083893' },
});
const register = (b: ReturnType<typeof body>) => t.call(authRoutes.register, { body: b });

describe('registration without account enumeration', () => {
  it('without a valid code an existing login and a new one get the same answer', async () => {
    for (const code of ['000000', '123456']) {
      const existing = await register(body('client@demo.local', code));
      const fresh = await register(body('nobody-yet@test.local', code));
      expect(existing.status).toBe(400);
      expect(existing.body).toEqual(fresh.body);
      expect(issueList(existing)).toEqual([
        { path: 'body.email_code', message: 'Код не запрашивался или уже использован. Запросите новый код' },
      ]);
    }
    // with a code sent to each address, a wrong code is the same error too
    await issueEmailCode(t.app.deps, 'client@demo.local', 'register', 600_000);
    await issueEmailCode(t.app.deps, 'nobody-yet@test.local', 'register', 600_000);
    const existing = await register(body('client@demo.local', '999999'));
    const fresh = await register(body('nobody-yet@test.local', '999999'));
    expect(existing.status).toBe(400);
    expect(existing.body).toEqual(fresh.body);
  });

  it('the mailbox owner with a valid code learns the login is registered (and is told what to do)', async () => {
    const code = await issueEmailCode(t.app.deps, 'operator@demo.local', 'register', 600_000);
    const r = await register(body('operator@demo.local', code));
    expect(r.status).toBe(409);
    expect(errorOf(r).message).toBe(
      'Пользователь с таким e-mail уже зарегистрирован. Войдите в систему или восстановите пароль',
    );
  });

  it('refuses weak passwords with the shared rule’s messages', async () => {
    const code = await issueEmailCode(t.app.deps, 'weak@test.local', 'register', 600_000);
    for (const [password, message] of [
      ['aaaaaaaaaaaa', 'Пароль не должен состоять из одного повторяющегося символа или фрагмента'],
      ['            ', 'Пароль не должен состоять из одного повторяющегося символа или фрагмента'],
      [
        '123456789012',
        'Пароль не должен быть простой последовательностью символов (как 1234567890 или qwertyuiop)',
      ],
      ['password1234', 'Этот пароль входит в список распространённых паролей: придумайте другой'],
      ['weak@test.local', 'Пароль не должен совпадать с логином или содержать его'],
    ]) {
      const r = await register(body('weak@test.local', code, password));
      expect(r.status, password).toBe(400);
      expect(issueList(r)).toEqual([{ path: 'body.password', message }]);
    }
    // the code was not spent on refused bodies
    expect((await register(body('weak@test.local', code))).status).toBe(201);
  });

  it('change password refuses one containing the login', async () => {
    const token = await t.login('client');
    const r = await t.call(authRoutes.changePassword, {
      as: { token },
      body: { current_password: 'demo-password', new_password: 'my-client-secret' },
    });
    expect(r.status).toBe(400);
    expect(issueList(r)).toEqual([
      { path: 'body.new_password', message: 'Пароль не должен совпадать с логином или содержать его' },
    ]);
  });
});

type Answer = { ok: boolean; error: string | null; email: string };

/** Opens `/unauth` from a client address (X-Forwarded-For) and asks for codes to each e-mail in turn. */
async function askCodes(ip: string, emails: string[]): Promise<Answer[]> {
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
    const answers: Answer[] = [];
    for (const email of emails) {
      const answer = new Promise<Answer>((resolve) => {
        const onAnswer = (p: Answer) => {
          if (p.email !== email) return;
          socket.off('emailServiceResponse', onAnswer);
          resolve(p);
        };
        socket.on('emailServiceResponse', onAnswer);
      });
      socket.emit('emailServiceRequest', { email, purpose: 'register' });
      answers.push(await answer);
    }
    return answers;
  } finally {
    socket.close();
  }
}

const letters = async (email: string) =>
  (await t.app.deps.database.query('select 1 from mail_outbox where "to" = $1', [email])).length;

describe('e-mail codes are limited (no open mail relay)', () => {
  it('per socket, per address and in all per hour; a refused request sends no letter', async () => {
    await t.app.deps.db.delete(emailCodeRequests);
    // one socket: two codes, then refused
    const first = await askCodes('198.51.100.20', ['a1@relay.test', 'a2@relay.test', 'a3@relay.test']);
    expect(first.map((a) => a.ok)).toEqual([true, true, false]);
    expect(first[2].error).toBe(
      'С этой страницы запрошено слишком много кодов. Обновите страницу и попробуйте позже',
    );
    // a new socket from the same address: one more, then the address is refused for an hour
    const second = await askCodes('198.51.100.20', ['a4@relay.test', 'a5@relay.test']);
    expect(second.map((a) => a.ok)).toEqual([true, false]);
    expect(second[1].error).toBe('Слишком много запросов кода с вашего адреса. Попробуйте через час');
    // other addresses go on until the hourly total
    const third = await askCodes('198.51.100.21', ['b1@relay.test', 'b2@relay.test']);
    expect(third.map((a) => a.ok)).toEqual([true, true]);
    const fourth = await askCodes('198.51.100.22', ['c1@relay.test']);
    expect(fourth[0]).toMatchObject({
      ok: false,
      error: 'Сейчас отправляется слишком много писем с кодами. Попробуйте через несколько минут',
    });
    expect(await letters('a1@relay.test')).toBe(1);
    for (const refused of ['a3@relay.test', 'a5@relay.test', 'c1@relay.test'])
      expect(await letters(refused)).toBe(0);
  });
});
