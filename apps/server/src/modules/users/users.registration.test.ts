import type { AddressInfo } from 'node:net';
import { authRoutes, userRoutes } from '@zakupki/shared';
import { io } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/harness.js';
import { issueEmailCode } from '../auth/email-codes.service.js';
import { errorOf } from '../companies/companies.factories.js';

const t = testAppForFile({}, { listen: true });
const PASSWORD = 'registration-password';

type Mail = { subject: string; body: string };

/** Letters are sent by a job: wait for one whose subject matches. */
async function waitForMail(to: string, subject: RegExp): Promise<Mail> {
  for (let i = 0; i < 100; i++) {
    const rows = await t.app.deps.database.query<Mail>(
      'select subject, body from mail_outbox where "to" = $1 order by id desc',
      [to],
    );
    const hit = rows.find((r) => subject.test(r.subject));
    if (hit) return hit;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no letter to ${to} matching ${subject}`);
}

/** The e-mail code through the /unauth socket, as the registration page asks for it. */
async function codeThroughSocket(email: string): Promise<string> {
  const port = (t.app.server.address() as AddressInfo).port;
  const socket = io(`http://127.0.0.1:${port}/unauth`, {
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
  });
  try {
    const events: string[] = [];
    const received = new Promise<{ email: string; purpose: string }>((resolve) =>
      socket.on('emailServiceReceived', (p) => {
        events.push('received');
        resolve(p);
      }),
    );
    const response = new Promise<{ ok: boolean; error: string | null }>((resolve) =>
      socket.on('emailServiceResponse', (p) => {
        events.push('response');
        resolve(p);
      }),
    );
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    socket.emit('emailServiceRequest', { email, purpose: 'register' });
    expect(await received).toEqual({ email, purpose: 'register' });
    expect(await response).toMatchObject({ ok: true, error: null, email, purpose: 'register' });
    expect(events).toEqual(['received', 'response']);
  } finally {
    socket.close();
  }
  const mail = await waitForMail(email, /Код подтверждения регистрации/);
  const code = /Ваш код: (\d{6})/.exec(mail.body)?.[1];
  if (!code) throw new Error(`no code in ${mail.body}`);
  return code;
}

async function register(
  login: string,
  company: { title: string; inn: string; kpp?: string },
  code?: string,
): Promise<string> {
  const emailCode = code ?? (await issueEmailCode(t.app.deps, login, 'register', 600_000));
  const r = await t.call(authRoutes.register, {
    body: { login, password: PASSWORD, title: `Заявитель ${login}`, email_code: emailCode, company },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  expect(r.body.status).toBe('pending');
  return r.body.registration_number;
}

const login = (loginName: string) =>
  t.call(authRoutes.login, { body: { login: loginName, password: PASSWORD } });

async function userByLogin(loginName: string) {
  const [u] = await t.app.deps.database.query<{ id: number; company_id: number; status: string }>(
    'select id, company_id, status from users where login = $1',
    [loginName],
  );
  return u;
}

const companyStatus = async (id: number) =>
  (await t.app.deps.database.query<{ status: string }>('select status from companies where id = $1', [id]))[0]
    .status;

describe('registration review', () => {
  it('register (code through the socket) -> operator approves -> login works', async () => {
    const email = 'new.customer@test.local';
    const code = await codeThroughSocket(email);
    const number = await register(
      email,
      { title: 'ООО «Новый заказчик»', inn: '7707003288', kpp: '770701001' },
      code,
    );
    expect(number).toMatch(/^Р-\d{4}-\d{6}$/);
    const pendingLogin = await login(email);
    expect(pendingLogin.status).toBe(403);
    expect(errorOf(pendingLogin).code).toBe('registration_pending');

    const u = await userByLogin(email);
    expect(await companyStatus(u.company_id)).toBe('pending');
    const operator = await t.login('operator');
    // a request from a new company reaches every staff member, though nobody acts for that company yet
    const list = await t.call(userRoutes.list, { query: { status: 'pending' }, as: { token: operator } });
    expect(list.status).toBe(200);
    expect(list.body.items).toEqual([
      expect.objectContaining({
        id: u.id,
        login: email,
        status: 'pending',
        role: 'client',
        registration_number: number,
        company_id: u.company_id,
        company_title: 'ООО «Новый заказчик»',
        memberships: [],
      }),
    ]);

    const approved = await t.call(userRoutes.approve, { params: { id: u.id }, as: { token: operator } });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ id: u.id, status: 'active', registration_number: number });
    expect(await companyStatus(u.company_id)).toBe('active');
    const admin = await t.call(userRoutes.get, { params: { id: u.id }, as: 'admin' });
    expect(admin.body.memberships).toEqual([
      { company_id: u.company_id, company_title: 'ООО «Новый заказчик»', permissions: null },
    ]);

    const mail = await waitForMail(email, /одобрена/);
    expect(mail.subject).toBe(`Заявка № ${number} одобрена`);
    expect(mail.body).toContain(email);

    const ok = await login(email);
    expect(ok.status).toBe(200);
    expect(ok.body.user).toMatchObject({ login: email, role: 'client', company_id: u.company_id });
    expect(ok.body.company).toEqual({ id: u.company_id, title: 'ООО «Новый заказчик»' });
    const status = await t.call(authRoutes.registrationStatus, {
      params: { number },
    });
    expect(status.body.status).toBe('approved');

    const audit = await t.app.deps.database.query<{ entity: string; before: unknown; after: unknown }>(
      "select entity, before, after from audit_log where action = 'approve' and entity_id = $1 order by id",
      [String(u.id)],
    );
    expect(audit.find((a) => a.entity === 'user')).toMatchObject({
      before: { status: 'pending' },
      after: { status: 'active' },
    });
    const companyAudit = await t.app.deps.database.query(
      "select 1 from audit_log where action = 'approve' and entity = 'company' and entity_id = $1",
      [String(u.company_id)],
    );
    expect(companyAudit).toHaveLength(1);

    // the request is decided once
    for (const action of ['approve', 'reject'] as const) {
      const again = await t.call(userRoutes[action], { params: { id: u.id }, as: 'admin' });
      expect(again.status).toBe(409);
      expect(errorOf(again)).toMatchObject({ code: 'conflict', message: 'Заявка уже рассмотрена' });
    }
  });

  it('reject: the login answers registration_rejected and the person gets a letter', async () => {
    const email = 'rejected@test.local';
    const number = await register(email, { title: 'ООО «Отказ»', inn: '7707003425' });
    const u = await userByLogin(email);
    const r = await t.call(userRoutes.reject, { params: { id: u.id }, as: 'specialist' });
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('rejected');
    const l = await login(email);
    expect(l.status).toBe(403);
    expect(errorOf(l).code).toBe('registration_rejected');
    const mail = await waitForMail(email, /отклонена/);
    expect(mail.subject).toBe(`Заявка № ${number} отклонена`);
    expect(mail.body).toContain('support@zakupki.local');
    const status = await t.call(authRoutes.registrationStatus, {
      params: { number },
    });
    expect(status.body.status).toBe('rejected');
    // no membership was granted
    const members = await t.app.deps.database.query('select 1 from company_members where user_id = $1', [
      u.id,
    ]);
    expect(members).toEqual([]);
    const again = await t.call(userRoutes.approve, { params: { id: u.id }, as: 'admin' });
    expect(again.status).toBe(409);
  });

  it('a request into a known company: approval makes the person a member; the company stays active', async () => {
    const email = 'colleague@test.local';
    await register(email, { title: 'АО «Энергосеть»', inn: '5003123458', kpp: '500301001' });
    const u = await userByLogin(email);
    expect(u.company_id).toBe(t.ids.companies.client1);
    const r = await t.call(userRoutes.approve, { params: { id: u.id }, as: 'admin' });
    expect(r.status).toBe(200);
    expect(r.body.memberships).toEqual([
      { company_id: t.ids.companies.client1, company_title: 'АО «Энергосеть»', permissions: null },
    ]);
    expect(await companyStatus(t.ids.companies.client1)).toBe('active');
    // the operator serving the company now sees the new colleague
    const op = await t.call(userRoutes.list, { query: { status: 'active', q: 'colleague' }, as: 'operator' });
    expect(op.body.items.map((x: { id: number }) => x.id)).toEqual([u.id]);
    expect((await login(email)).status).toBe(200);
  });

  it('a request into an archived company is refused before the e-mail code is spent', async () => {
    const [archived] = await t.app.deps.database.query<{ id: number }>(
      `insert into companies (title, inn, kpp, status) values ('ООО «Закрытое»', '7707083893', '770701001', 'archived') returning id`,
    );
    const email = 'late@test.local';
    const emailCode = await issueEmailCode(t.app.deps, email, 'register', 600_000);
    const body = {
      login: email,
      password: PASSWORD,
      title: 'Опоздавший',
      email_code: emailCode,
      company: { title: 'ООО «Закрытое»', inn: '7707083893', kpp: '770701001' },
    };
    const r = await t.call(authRoutes.register, { body });
    expect(r.status).toBe(409);
    expect(errorOf(r).message).toBe(
      'Организация с ИНН 7707083893 находится в архиве, регистрация в ней невозможна. Обратитесь к оператору',
    );
    expect(await userByLogin(email)).toBeUndefined();
    expect(await companyStatus(archived.id)).toBe('archived');
    // restored by the operator, the same code still registers
    await t.app.deps.database.query(`update companies set status = 'active' where id = $1`, [archived.id]);
    const again = await t.call(authRoutes.register, { body });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect((await userByLogin(email)).company_id).toBe(archived.id);
  });

  it('a client may not review; unknown ids are 404; active users are no requests', async () => {
    const email = 'waiting@test.local';
    await register(email, { title: 'ООО «Ожидание»', inn: '7707006850' });
    const u = await userByLogin(email);
    for (const action of ['approve', 'reject'] as const) {
      const r = await t.call(userRoutes[action], { params: { id: u.id }, as: 'client' });
      expect(r.status).toBe(403);
      expect(errorOf(r).message).toBe('Раздел доступен только сотрудникам');
    }
    expect((await userByLogin(email)).status).toBe('pending');
    const missing = await t.call(userRoutes.approve, { params: { id: 999999 }, as: 'operator' });
    expect(missing.status).toBe(404);
    const active = await t.call(userRoutes.approve, {
      params: { id: t.ids.users['client2@demo.local'] },
      as: 'operator',
    });
    expect(active.status).toBe(409);
    expect(errorOf(active).message).toBe('Заявка уже рассмотрена');
    // two staff members deciding at once: one wins, the other hears 409
    const both = await Promise.all([
      t.call(userRoutes.approve, { params: { id: u.id }, as: 'operator' }),
      t.call(userRoutes.reject, { params: { id: u.id }, as: 'specialist' }),
    ]);
    // the loser hears 409, or 404 when the approval already moved the user into a new company it does not serve
    const statuses = both.map((r) => r.status).sort();
    expect(statuses[0]).toBe(200);
    expect([404, 409]).toContain(statuses[1]);
    const decided = await t.app.deps.database.query(
      "select 1 from audit_log where entity = 'user' and entity_id = $1 and action in ('approve', 'reject')",
      [String(u.id)],
    );
    expect(decided).toHaveLength(1);
    // and exactly one letter tells the decision
    await waitForMail(email, /одобрена|отклонена/);
    const letters = await t.app.deps.database.query(
      `select 1 from mail_outbox where "to" = $1 and subject like 'Заявка%'`,
      [email],
    );
    expect(letters).toHaveLength(1);
  });

  it('a pending request cannot be blocked: it is approved or rejected', async () => {
    const email = 'waiting2@test.local';
    await register(email, { title: 'ООО «Ожидание-2»', inn: '7707001918' });
    const u = await userByLogin(email);
    const block = await t.call(userRoutes.block, { params: { id: u.id }, as: 'operator' });
    expect(block.status).toBe(409);
    expect(errorOf(block).message).toBe(
      'Заявка на регистрацию ещё не одобрена: её можно одобрить или отклонить',
    );
  });
});
