import { authRoutes, catalogRoutes, companyRoutes, userRoutes } from '@zakupki/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/harness.js';
import { issueEmailCode } from '../auth/email-codes.service.js';
import { auditRows, companyBody, errorOf, innFor } from '../companies/companies.factories.js';

/**
 * What a registration decision does to the company the request names: who serves a new
 * company after approval, what becomes of it after rejection, and the tariff's user limit at
 * registration, approval, unblocking and moving a user.
 */

const t = testAppForFile();
const PASSWORD = 'registration-password';
let admin: string;

beforeAll(async () => {
  admin = await t.login('admin');
});

type Company = { title: string; inn: string; kpp?: string };

async function registerRaw(login: string, company: Company, code?: string) {
  const emailCode = code ?? (await issueEmailCode(t.app.deps, login, 'register', 600_000));
  return t.call(authRoutes.register, {
    body: { login, password: PASSWORD, title: `Заявитель ${login}`, email_code: emailCode, company },
  });
}

/** Registers and answers the new user's id and home company. */
async function register(login: string, company: Company) {
  const r = await registerRaw(login, company);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  const [u] = await t.app.deps.database.query<{ id: number; company_id: number }>(
    'select id, company_id from users where login = $1',
    [login],
  );
  return u;
}

const companyStatus = async (id: number) =>
  (await t.app.deps.database.query<{ status: string }>('select status from companies where id = $1', [id]))[0]
    .status;

const memberIds = async (companyId: number) =>
  (
    await t.app.deps.database.query<{ user_id: number }>(
      'select user_id from company_members where company_id = $1 order by user_id',
      [companyId],
    )
  ).map((r) => r.user_id);

const myIds = async (token: string) =>
  ((await t.call(companyRoutes.my, { as: { token } })).body as { id: number }[]).map((c) => c.id);

let staffSeq = 0;
/** A staff member of the provider who serves no client company. */
async function newStaff(role: 'operator' | 'specialist') {
  const login = `${role}${++staffSeq}@provider.test`;
  const r = await t.call(userRoutes.create, {
    as: { token: admin },
    body: {
      login,
      password: 'staff-password-123',
      title: `Сотрудник ${staffSeq}`,
      role,
      company_id: t.ids.companies.provider,
      memberships: [],
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  const session = await t.call(authRoutes.login, { body: { login, password: 'staff-password-123' } });
  expect(session.status).toBe(200);
  return { id: r.body.id as number, token: session.body.token as string };
}

describe('approval: who serves a new company', () => {
  it('the operator who approves the request that brought a new company serves it', async () => {
    const op = await newStaff('operator');
    const other = await newStaff('specialist');
    const u = await register('first@newco.test', { title: 'ООО «Новая»', inn: innFor(101) });
    expect(await myIds(op.token)).not.toContain(u.company_id);

    const r = await t.call(userRoutes.approve, { params: { id: u.id }, as: { token: op.token } });
    expect(r.status).toBe(200);
    // the answer already shows the membership the operator now sees
    expect(r.body.memberships).toEqual([
      { company_id: u.company_id, company_title: 'ООО «Новая»', permissions: null },
    ]);
    expect(await companyStatus(u.company_id)).toBe('active');
    expect(await memberIds(u.company_id)).toEqual([op.id, u.id].sort((a, b) => a - b));
    expect(await myIds(op.token)).toContain(u.company_id);
    const users = await t.call(companyRoutes.users, {
      params: { id: u.company_id },
      as: { token: op.token },
    });
    expect(users.status).toBe(200);
    // the approved user is visible to the operator from now on (not only as a request)
    const seen = await t.call(userRoutes.get, { params: { id: u.id }, as: { token: op.token } });
    expect(seen.status).toBe(200);
    // a staff member who did not approve is not assigned
    expect(await myIds(other.token)).not.toContain(u.company_id);
    expect((await t.call(userRoutes.get, { params: { id: u.id }, as: { token: other.token } })).status).toBe(
      404,
    );

    const [member] = await auditRows(t, { entity: 'company_member', entity_id: `${op.id}:${u.company_id}` });
    expect(member).toMatchObject({
      user_id: op.id,
      company_id: u.company_id,
      action: 'create',
      after: { user_id: op.id, company_id: u.company_id, permissions: null, reason: 'registration_approved' },
    });
  });

  it('a specialist is assigned the same way; an admin acts for every company and gets no membership', async () => {
    const sp = await newStaff('specialist');
    const a = await register('second@newco.test', { title: 'ООО «Вторая»', inn: innFor(102) });
    expect((await t.call(userRoutes.approve, { params: { id: a.id }, as: { token: sp.token } })).status).toBe(
      200,
    );
    expect(await memberIds(a.company_id)).toEqual([sp.id, a.id].sort((x, y) => x - y));

    const b = await register('third@newco.test', { title: 'ООО «Третья»', inn: innFor(103) });
    expect((await t.call(userRoutes.approve, { params: { id: b.id }, as: { token: admin } })).status).toBe(
      200,
    );
    expect(await memberIds(b.company_id)).toEqual([b.id]);
  });

  it('a request into a company that is already active does not assign the approver', async () => {
    const op = await newStaff('operator');
    // the company became active with its first request
    const first = await register('one@samecompany.test', { title: 'ООО «Общая»', inn: innFor(104) });
    expect(
      (await t.call(userRoutes.approve, { params: { id: first.id }, as: { token: admin } })).status,
    ).toBe(200);
    const second = await register('two@samecompany.test', { title: 'ООО «Общая»', inn: innFor(104) });
    expect(second.company_id).toBe(first.company_id);
    expect(
      (await t.call(userRoutes.approve, { params: { id: second.id }, as: { token: op.token } })).status,
    ).toBe(200);
    expect(await memberIds(first.company_id)).not.toContain(op.id);
  });
});

describe('rejection: the company the request brought', () => {
  it('is rejected with its only request, audited, and left out of the lists', async () => {
    const u = await register('refused@rejco.test', { title: 'ООО «Отказная»', inn: innFor(201) });
    expect(await companyStatus(u.company_id)).toBe('pending');
    const r = await t.call(userRoutes.reject, { params: { id: u.id }, as: 'operator' });
    expect(r.status).toBe(200);
    expect(await companyStatus(u.company_id)).toBe('rejected');
    expect(await memberIds(u.company_id)).toEqual([]);
    const [entry] = await auditRows(t, { entity: 'company', entity_id: u.company_id, action: 'reject' });
    expect(entry).toMatchObject({
      user_id: t.ids.users['operator@demo.local'],
      company_id: u.company_id,
      before: { status: 'pending' },
      after: { status: 'rejected' },
    });

    const list = await t.call(companyRoutes.list, { query: { inn: innFor(201) }, as: { token: admin } });
    expect(list.body).toMatchObject({ items: [], total: 0 });
    expect(await myIds(admin)).not.toContain(u.company_id);
    const asked = await t.call(companyRoutes.list, { query: { status: 'rejected' }, as: { token: admin } });
    expect(asked.body.items.map((c: { id: number }) => c.id)).toContain(u.company_id);
    expect(asked.body.items.find((c: { id: number }) => c.id === u.company_id)?.status).toBe('rejected');
  });

  it('stays pending while another request for it waits, and is rejected with the last one', async () => {
    const op = await t.login('operator');
    const a = await register('a@tworeq.test', { title: 'ООО «Две заявки»', inn: innFor(202) });
    const b = await register('b@tworeq.test', { title: 'ООО «Две заявки»', inn: innFor(202) });
    expect(b.company_id).toBe(a.company_id);
    expect((await t.call(userRoutes.reject, { params: { id: a.id }, as: { token: op } })).status).toBe(200);
    expect(await companyStatus(a.company_id)).toBe('pending');
    expect((await t.call(userRoutes.reject, { params: { id: b.id }, as: { token: op } })).status).toBe(200);
    expect(await companyStatus(a.company_id)).toBe('rejected');
  });

  it('a new request for a rejected company makes it pending again, and approval activates it', async () => {
    const op = await t.login('operator');
    const first = await register('old@again.test', { title: 'ООО «Снова»', inn: innFor(203) });
    await t.call(userRoutes.reject, { params: { id: first.id }, as: { token: op } });
    expect(await companyStatus(first.company_id)).toBe('rejected');
    const again = await register('new@again.test', { title: 'ООО «Снова»', inn: innFor(203) });
    expect(again.company_id).toBe(first.company_id);
    expect(await companyStatus(first.company_id)).toBe('pending');
    const [reopened] = await auditRows(t, {
      entity: 'company',
      entity_id: first.company_id,
      action: 'register',
    });
    expect(reopened).toMatchObject({
      user_id: null,
      before: { status: 'rejected' },
      after: { status: 'pending' },
    });
    expect((await t.call(userRoutes.approve, { params: { id: again.id }, as: { token: op } })).status).toBe(
      200,
    );
    expect(await companyStatus(first.company_id)).toBe('active');
  });

  it('a request into a live company: rejection leaves the company as it is', async () => {
    const u = await register('nobody@energoset.test', {
      title: 'АО «Энергосеть»',
      inn: '5003123458',
      kpp: '500301001',
    });
    expect(u.company_id).toBe(t.ids.companies.client1);
    expect((await t.call(userRoutes.reject, { params: { id: u.id }, as: { token: admin } })).status).toBe(
      200,
    );
    expect(await companyStatus(t.ids.companies.client1)).toBe('active');
  });
});

describe("the tariff's user limit", () => {
  let companyId: number;
  let tariffId: number;
  const LIMIT_MESSAGE = 'Достигнут лимит тарифа «Пробный»: пользователей не больше 2';

  beforeAll(async () => {
    const c = await t.call(companyRoutes.create, { as: { token: admin }, body: companyBody(301) });
    expect(c.status).toBe(201);
    companyId = c.body.id;
    const tariff = await t.call(catalogRoutes.tariffs.create, {
      as: { token: admin },
      body: { code: 'trial', name: 'Пробный', max_users: 2, price_per_month: '0' },
    });
    expect(tariff.status, JSON.stringify(tariff.body)).toBe(201);
    tariffId = tariff.body.id;
    const assigned = await t.call(catalogRoutes.tariffs.assign, {
      params: { id: companyId },
      as: { token: admin },
      body: { tariff_id: tariffId },
    });
    expect(assigned.status).toBe(200);
  });

  const setLimit = (n: number) =>
    t.app.deps.database.query('update tariffs set max_users = $1 where id = $2', [n, tariffId]);
  const company = (): Company => ({ title: 'ООО «Тест 301»', inn: innFor(301), kpp: '770101001' });

  it('registration into a full company is refused naming the limit; the e-mail code stays usable', async () => {
    const one = await register('u1@limit.test', company());
    const two = await register('u2@limit.test', company());
    expect([one.company_id, two.company_id]).toEqual([companyId, companyId]);

    const code = await issueEmailCode(t.app.deps, 'u3@limit.test', 'register', 600_000);
    const refused = await registerRaw('u3@limit.test', company(), code);
    expect(refused.status).toBe(409);
    expect(errorOf(refused)).toMatchObject({ code: 'tariff_limit', message: LIMIT_MESSAGE });
    expect(errorOf(refused).details).toMatchObject({ limit: 'users', max: 2, used: 2 });
    expect(
      await t.app.deps.database.query('select 1 from users where login = $1', ['u3@limit.test']),
    ).toEqual([]);

    // a rejected request frees its place; the same code still works
    expect((await t.call(userRoutes.reject, { params: { id: two.id }, as: { token: admin } })).status).toBe(
      200,
    );
    const ok = await registerRaw('u3@limit.test', company(), code);
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
  });

  it('approval is refused while the company is over its limit (the limit was lowered)', async () => {
    const [pending] = await t.app.deps.database.query<{ id: number }>(
      "select id from users where login = 'u1@limit.test'",
    );
    await setLimit(1);
    try {
      const r = await t.call(userRoutes.approve, { params: { id: pending.id }, as: { token: admin } });
      expect(r.status).toBe(409);
      expect(errorOf(r)).toMatchObject({
        code: 'tariff_limit',
        message: 'Достигнут лимит тарифа «Пробный»: пользователей не больше 1',
      });
      const [u] = await t.app.deps.database.query<{ status: string }>(
        'select status from users where id = $1',
        [pending.id],
      );
      expect(u.status).toBe('pending');
      expect(await memberIds(companyId)).not.toContain(pending.id);
    } finally {
      await setLimit(2);
    }
    expect(
      (await t.call(userRoutes.approve, { params: { id: pending.id }, as: { token: admin } })).status,
    ).toBe(200);
  });

  it('unblocking and moving a user into a full company are refused the same way', async () => {
    const [u1] = await t.app.deps.database.query<{ id: number }>(
      "select id from users where login = 'u1@limit.test'",
    );
    expect((await t.call(userRoutes.block, { params: { id: u1.id }, as: { token: admin } })).status).toBe(
      200,
    );
    // the blocked user's place is taken by a new colleague
    const extra = await t.call(userRoutes.create, {
      as: { token: admin },
      body: {
        login: 'u4@limit.test',
        password: 'client-password-1',
        title: 'Новый',
        role: 'client',
        company_id: companyId,
        memberships: [],
      },
    });
    expect(extra.status, JSON.stringify(extra.body)).toBe(201);
    const unblock = await t.call(userRoutes.unblock, { params: { id: u1.id }, as: { token: admin } });
    expect(unblock.status).toBe(409);
    expect(errorOf(unblock)).toMatchObject({ code: 'tariff_limit', message: LIMIT_MESSAGE });

    const move = await t.call(userRoutes.update, {
      params: { id: t.ids.users['client2@demo.local'] },
      as: { token: admin },
      body: { company_id: companyId },
    });
    expect(move.status).toBe(409);
    expect(errorOf(move)).toMatchObject({ code: 'tariff_limit', message: LIMIT_MESSAGE });
    const [c2] = await t.app.deps.database.query<{ company_id: number }>(
      'select company_id from users where id = $1',
      [t.ids.users['client2@demo.local']],
    );
    expect(c2.company_id).toBe(t.ids.companies.client2);
  });
});
