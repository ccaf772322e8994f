import { authRoutes, type RouteDef, userRoutes } from '@zakupki/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/harness.js';
import { companies } from '../../db/schema/index.js';
import { errorOf, issueList } from '../companies/companies.factories.js';

const t = testAppForFile();
let outsider: number; // a company no demo staff member acts for
let outsiderUser: number;
const PASSWORD = 'long-enough-password';

beforeAll(async () => {
  const [c] = await t.app.deps.db
    .insert(companies)
    .values({ title: 'ООО «Сторонняя»', inn: '7707001918', kpp: '770701001' })
    .returning({ id: companies.id });
  outsider = c.id;
  const r = await t.call(userRoutes.create, {
    as: 'admin',
    body: {
      login: 'outsider@test.local',
      password: PASSWORD,
      title: 'Чужой Пользователь',
      role: 'client',
      company_id: outsider,
    },
  });
  expect(r.status).toBe(201);
  outsiderUser = r.body.id;
});

const auditRows = (entity: string, entityId: number, action: string) =>
  t.app.deps.database.query<{ before: unknown; after: unknown; user_id: number }>(
    'select before, after, user_id from audit_log where entity = $1 and entity_id = $2 and action = $3 order by id',
    [entity, String(entityId), action],
  );

describe('users: access by role', () => {
  it('a client is refused every endpoint with 403', async () => {
    const token = await t.login('client');
    const id = t.ids.users['client@demo.local'];
    const list = await t.call(userRoutes.list, { as: { token } });
    expect(list.status).toBe(403);
    expect(errorOf(list)).toMatchObject({
      code: 'forbidden',
      message: 'Раздел доступен только сотрудникам',
    });
    const calls: [RouteDef, unknown?][] = [
      [userRoutes.get],
      [
        userRoutes.create,
        {
          login: 'x@test.local',
          password: PASSWORD,
          title: 'X',
          role: 'client',
          company_id: t.ids.companies.client1,
        },
      ],
      [userRoutes.update, { title: 'Новое имя' }],
      [userRoutes.approve],
      [userRoutes.reject],
      [userRoutes.block],
      [userRoutes.unblock],
    ];
    for (const [route, body] of calls) {
      // bodies of each route's own shape, typed `unknown` in the list: passed as they are
      const r = await t.call(route, { params: { id }, invalidBody: body, as: { token } });
      expect(r.status, `${route.method} ${route.path}`).toBe(403);
      expect(errorOf(r).code).toBe('forbidden');
    }
  });

  it('401 without a session', async () => {
    expect((await t.call(userRoutes.list)).status).toBe(401);
  });

  it('admin sees every user with memberships', async () => {
    const r = await t.call(userRoutes.list, { query: { limit: '100' }, as: 'admin' });
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(6);
    expect(r.body.page).toBe(1);
    const logins = r.body.items.map((u: { login: string }) => u.login);
    expect(logins).toContain('outsider@test.local');
    const spec = r.body.items.find((u: { login: string }) => u.login === 'specialist@demo.local');
    expect(spec).toMatchObject({
      role: 'specialist',
      status: 'active',
      company_id: t.ids.companies.provider,
      company_title: 'ООО «Закупки-Сервис»',
      early_access: false,
      registration_number: null,
    });
    expect(spec?.memberships).toEqual(
      expect.arrayContaining([
        { company_id: t.ids.companies.client1, company_title: 'АО «Энергосеть»', permissions: null },
        {
          company_id: t.ids.companies.client2,
          company_title: 'ГУП «Водоканал Северо-Запад»',
          permissions: null,
        },
      ]),
    );
    expect(spec?.memberships).toHaveLength(3);
    expect(JSON.stringify(r.body)).not.toMatch(/password/);
  });

  it('operator and specialist see only users of the companies they act for', async () => {
    for (const who of ['operator', 'specialist'] as const) {
      const token = await t.login(who);
      const r = await t.call(userRoutes.list, { query: { limit: '100' }, as: { token } });
      expect(r.status).toBe(200);
      expect(r.body.total).toBe(5);
      expect(r.body.items.map((u: { login: string }) => u.login)).not.toContain('outsider@test.local');
      const byCompany = await t.call(userRoutes.list, { query: { company_id: outsider }, as: { token } });
      expect(byCompany.body).toMatchObject({ items: [], total: 0 });
      const one = await t.call(userRoutes.get, { params: { id: outsiderUser }, as: { token } });
      expect(one.status).toBe(404);
      expect(errorOf(one).code).toBe('not_found');
      // unknown and out-of-reach ids answer alike
      const unknown = await t.call(userRoutes.get, { params: { id: 999999 }, as: { token } });
      expect(errorOf(unknown)).toEqual(errorOf(one));
    }
    const denied = await auditRows('user', outsiderUser, 'access_denied');
    expect(denied.map((d) => d.user_id).sort()).toEqual(
      [t.ids.users['operator@demo.local'], t.ids.users['specialist@demo.local']].sort(),
    );
    const admin = await t.call(userRoutes.get, { params: { id: outsiderUser }, as: 'admin' });
    expect(admin.status).toBe(200);
    expect(admin.body).toMatchObject({ login: 'outsider@test.local', company_id: outsider });
  });

  it('a company the caller does not act for lists no one, not even staff visible through another company', async () => {
    // the specialist also serves the outsider company: the operator must not learn it
    const specialist = t.ids.users['specialist@demo.local'];
    await t.app.deps.database.query('insert into company_members (company_id, user_id) values ($1, $2)', [
      outsider,
      specialist,
    ]);
    try {
      const r = await t.call(userRoutes.list, { query: { company_id: outsider }, as: 'operator' });
      expect(r.body).toMatchObject({ items: [], total: 0 });
      const admin = await t.call(userRoutes.list, { query: { company_id: outsider }, as: 'admin' });
      expect(admin.body.items.map((u: { id: number }) => u.id)).toContain(specialist);
    } finally {
      await t.app.deps.database.query('delete from company_members where company_id = $1 and user_id = $2', [
        outsider,
        specialist,
      ]);
    }
  });

  it('memberships in companies out of reach are not shown to an operator', async () => {
    const admin = await t.login('admin');
    const id = t.ids.users['client2@demo.local'];
    const put = await t.call(userRoutes.update, {
      params: { id },
      as: { token: admin },
      body: { memberships: [{ company_id: t.ids.companies.client2 }, { company_id: outsider }] },
    });
    expect(put.status).toBe(200);
    expect(put.body.memberships.map((m: { company_id: number }) => m.company_id)).toEqual(
      [t.ids.companies.client2, outsider].sort((a, b) => a - b),
    );
    const op = await t.call(userRoutes.get, { params: { id }, as: 'operator' });
    expect(op.body.memberships.map((m: { company_id: number }) => m.company_id)).toEqual([
      t.ids.companies.client2,
    ]);
    // and an operator replacing the set leaves the outsider membership alone
    const opPut = await t.call(userRoutes.update, {
      params: { id },
      as: 'operator',
      body: {
        memberships: [
          { company_id: t.ids.companies.client2 },
          { company_id: t.ids.companies.client1, permissions: ['company.read', 'contracts.read'] },
        ],
      },
    });
    expect(opPut.status).toBe(200);
    const full = await t.call(userRoutes.get, { params: { id }, as: { token: admin } });
    expect(full.body.memberships).toEqual([
      ...[
        {
          company_id: t.ids.companies.client1,
          company_title: 'АО «Энергосеть»',
          permissions: ['company.read', 'contracts.read'],
        },
        {
          company_id: t.ids.companies.client2,
          company_title: 'ГУП «Водоканал Северо-Запад»',
          permissions: null,
        },
        { company_id: outsider, company_title: 'ООО «Сторонняя»', permissions: null },
      ].sort((a, b) => a.company_id - b.company_id),
    ]);
  });
});

describe('users: list filters and paging', () => {
  it('filters by status, role, company and text; pages', async () => {
    const token = await t.login('admin');
    const staff = await t.call(userRoutes.list, { query: { role: 'operator' }, as: { token } });
    expect(staff.body.items.map((u: { login: string }) => u.login)).toEqual(['operator@demo.local']);
    const active = await t.call(userRoutes.list, {
      query: { status: 'active', limit: '100' },
      as: { token },
    });
    expect(active.body.total).toBe(6);
    const pending = await t.call(userRoutes.list, { query: { status: 'pending' }, as: { token } });
    expect(pending.body).toEqual({ items: [], total: 0, page: 1, limit: 10 });
    const c1 = await t.call(userRoutes.list, {
      query: { company_id: t.ids.companies.client1, limit: '100' },
      as: { token },
    });
    // the client of client1, the two staff members assigned to it, and client2 made a member above
    expect(c1.body.items.map((u: { login: string }) => u.login).sort()).toEqual([
      'client2@demo.local',
      'client@demo.local',
      'operator@demo.local',
      'specialist@demo.local',
    ]);
    const q = await t.call(userRoutes.list, { query: { q: 'КУЗНЕЦОВ' }, as: { token } });
    expect(q.body.items.map((u: { login: string }) => u.login)).toEqual(['client@demo.local']);
    const byLogin = await t.call(userRoutes.list, { query: { q: 'SPECIALIST@demo' }, as: { token } });
    expect(byLogin.body.total).toBe(1);
    const wildcard = await t.call(userRoutes.list, { query: { q: '%' }, as: { token } });
    expect(wildcard.body.total).toBe(0);
    const p1 = await t.call(userRoutes.list, { query: { limit: '4', page: '1' }, as: { token } });
    const p2 = await t.call(userRoutes.list, { query: { limit: '4', page: '2' }, as: { token } });
    expect(p1.body.items).toHaveLength(4);
    expect(p2.body.items).toHaveLength(2);
    expect(p2.body).toMatchObject({ total: 6, page: 2, limit: 4 });
    const ids = [...p1.body.items, ...p2.body.items].map((u: { id: number }) => u.id);
    expect(new Set(ids).size).toBe(6);
  });

  it('rejects bad filters with every issue', async () => {
    const r = await t.call(userRoutes.list, {
      query: { status: 'sleeping', role: 'boss', page: '0' },
      as: 'operator',
    });
    expect(r.status).toBe(400);
    expect(errorOf(r).code).toBe('validation_failed');
    expect(
      issueList(r)
        .map((i: { path: string }) => i.path)
        .sort(),
    ).toEqual(['query.page', 'query.role', 'query.status']);
  });
});

describe('users: create', () => {
  it('an operator creates a client in a company they act for; the new user logs in', async () => {
    const token = await t.login('operator');
    const r = await t.call(userRoutes.create, {
      as: { token },
      body: {
        login: ' New.Client@Test.local ',
        password: PASSWORD,
        title: 'Новый Клиент',
        role: 'client',
        company_id: t.ids.companies.client1,
      },
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      login: 'new.client@test.local',
      title: 'Новый Клиент',
      role: 'client',
      status: 'active',
      company_id: t.ids.companies.client1,
      company_title: 'АО «Энергосеть»',
      memberships: [
        { company_id: t.ids.companies.client1, company_title: 'АО «Энергосеть»', permissions: null },
      ],
    });
    const [row] = await t.app.deps.database.query<{ password_hash: string }>(
      'select password_hash from users where id = $1',
      [r.body.id],
    );
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    const login = await t.call(authRoutes.login, {
      body: { login: 'new.client@test.local', password: PASSWORD },
    });
    expect(login.status).toBe(200);
    const [entry] = await auditRows('user', r.body.id, 'create');
    expect(entry.after).toMatchObject({ login: 'new.client@test.local', role: 'client', status: 'active' });
    expect(JSON.stringify(entry)).not.toMatch(/password|argon/);
  });

  it('only an admin creates staff', async () => {
    for (const who of ['operator', 'specialist'] as const) {
      const r = await t.call(userRoutes.create, {
        as: { token: await t.login(who) },
        body: {
          login: `staff-by-${who}@test.local`,
          password: PASSWORD,
          title: 'Сотрудник',
          role: 'operator',
          company_id: t.ids.companies.provider,
        },
      });
      expect(r.status).toBe(403);
      expect(errorOf(r).message).toBe('Создавать сотрудников может только администратор');
    }
    const r = await t.call(userRoutes.create, {
      as: 'admin',
      body: {
        login: 'new.operator@test.local',
        password: PASSWORD,
        title: 'Новый Оператор',
        role: 'operator',
        company_id: t.ids.companies.provider,
        memberships: [{ company_id: t.ids.companies.client2, permissions: ['company.read'] }],
      },
    });
    expect(r.status).toBe(201);
    expect(r.body.role).toBe('operator');
    expect(r.body.memberships).toEqual([
      { company_id: t.ids.companies.provider, company_title: 'ООО «Закупки-Сервис»', permissions: null },
      {
        company_id: t.ids.companies.client2,
        company_title: 'ГУП «Водоканал Северо-Запад»',
        permissions: ['company.read'],
      },
    ]);
  });

  it('a company out of reach answers 404, for the home company and for memberships', async () => {
    const token = await t.login('specialist');
    const home = await t.call(userRoutes.create, {
      as: { token },
      body: {
        login: 'nope1@test.local',
        password: PASSWORD,
        title: 'Нет',
        role: 'client',
        company_id: outsider,
      },
    });
    expect(home.status).toBe(404);
    const member = await t.call(userRoutes.create, {
      as: { token },
      body: {
        login: 'nope2@test.local',
        password: PASSWORD,
        title: 'Нет',
        role: 'client',
        company_id: t.ids.companies.client1,
        memberships: [{ company_id: outsider }],
      },
    });
    expect(member.status).toBe(404);
    const none = await t.app.deps.database.query("select id from users where login like 'nope%'");
    expect(none).toEqual([]);
  });

  it('duplicate login is 409 duplicate', async () => {
    const r = await t.call(userRoutes.create, {
      as: 'admin',
      body: {
        login: 'CLIENT@demo.local',
        password: PASSWORD,
        title: 'Двойник',
        role: 'client',
        company_id: t.ids.companies.client1,
      },
    });
    expect(r.status).toBe(409);
    expect(errorOf(r).code).toBe('duplicate');
  });

  it('validation lists every bad field; a company named twice is refused', async () => {
    const token = await t.login('operator');
    const r = await t.call(userRoutes.create, {
      as: { token },
      invalidBody: { login: 'not-an-email', password: 'short', title: '  ', role: 'boss' },
    });
    expect(r.status).toBe(400);
    expect(
      issueList(r)
        .map((i: { path: string }) => i.path)
        .sort(),
    ).toEqual(['body.company_id', 'body.login', 'body.password', 'body.role', 'body.title']);
    const twice = await t.call(userRoutes.create, {
      as: { token },
      body: {
        login: 'twice@test.local',
        password: PASSWORD,
        title: 'Дважды',
        role: 'client',
        company_id: t.ids.companies.client1,
        memberships: [{ company_id: t.ids.companies.client2 }, { company_id: t.ids.companies.client2 }],
      },
    });
    expect(twice.status).toBe(400);
    expect(issueList(twice)).toEqual([
      { path: 'body.memberships.1.company_id', message: 'Компания указана в списке дважды' },
    ]);
  });
});

describe('users: update', () => {
  const clientId = () => t.ids.users['client@demo.local'];

  it('staff change title and early access; the write is audited', async () => {
    const r = await t.call(userRoutes.update, {
      params: { id: clientId() },
      as: 'specialist',
      body: { title: 'Кузнецов Дмитрий Олегович', early_access: true, role: 'client' },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ title: 'Кузнецов Дмитрий Олегович', early_access: true, role: 'client' });
    const entries = await auditRows('user', clientId(), 'update');
    const last = entries.at(-1)!;
    expect(last.before).toMatchObject({ title: 'Кузнецов Дмитрий', early_access: false });
    expect(last.after).toMatchObject({ title: 'Кузнецов Дмитрий Олегович', early_access: true });
    expect(JSON.stringify(last)).not.toMatch(/password|argon/);
  });

  it('only an admin changes a role', async () => {
    for (const who of ['operator', 'specialist'] as const) {
      const r = await t.call(userRoutes.update, {
        params: { id: clientId() },
        as: { token: await t.login(who) },
        body: { role: 'operator' },
      });
      expect(r.status).toBe(403);
      expect(errorOf(r).message).toBe('Менять роль может только администратор');
    }
    const [row] = await t.app.deps.database.query<{ role: string }>('select role from users where id = $1', [
      clientId(),
    ]);
    expect(row.role).toBe('client');
    const admin = await t.login('admin');
    const staffUser = await t.call(userRoutes.create, {
      as: { token: admin },
      body: {
        login: 'promote@test.local',
        password: PASSWORD,
        title: 'Будущий специалист',
        role: 'client',
        company_id: t.ids.companies.provider,
      },
    });
    const up = await t.call(userRoutes.update, {
      params: { id: staffUser.body.id },
      as: { token: admin },
      body: { role: 'specialist' },
    });
    expect(up.status).toBe(200);
    expect(up.body.role).toBe('specialist');
    const [entry] = await auditRows('user', staffUser.body.id, 'update');
    expect(entry.before).toMatchObject({ role: 'client' });
    expect(entry.after).toMatchObject({ role: 'specialist' });
  });

  it('nobody changes their own role', async () => {
    const r = await t.call(userRoutes.update, {
      params: { id: t.ids.users['admin@demo.local'] },
      as: 'admin',
      body: { role: 'client' },
    });
    expect(r.status).toBe(403);
    expect(errorOf(r).message).toBe('Нельзя изменить собственную роль');
  });

  it('an operator may not edit an admin', async () => {
    const r = await t.call(userRoutes.update, {
      params: { id: t.ids.users['admin@demo.local'] },
      as: 'operator',
      body: { title: 'Взломщик' },
    });
    expect(r.status).toBe(403);
    expect(errorOf(r).message).toBe('Изменять учётную запись администратора может только администратор');
  });

  it('moves a user to another home company within reach, not beyond', async () => {
    const token = await t.login('operator');
    const created = await t.call(userRoutes.create, {
      as: { token },
      body: {
        login: 'mover@test.local',
        password: PASSWORD,
        title: 'Переезжающий',
        role: 'client',
        company_id: t.ids.companies.client1,
      },
    });
    const id = created.body.id;
    const far = await t.call(userRoutes.update, {
      params: { id },
      as: { token },
      body: { company_id: outsider },
    });
    expect(far.status).toBe(404);
    const moved = await t.call(userRoutes.update, {
      params: { id },
      as: { token },
      body: { company_id: t.ids.companies.client2 },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.company_id).toBe(t.ids.companies.client2);
    expect(moved.body.memberships.map((m: { company_id: number }) => m.company_id)).toEqual(
      [t.ids.companies.client1, t.ids.companies.client2].sort((a, b) => a - b),
    );
    // replacing the set keeps the home company
    const replaced = await t.call(userRoutes.update, {
      params: { id },
      as: { token },
      body: { memberships: [] },
    });
    expect(replaced.body.memberships.map((m: { company_id: number }) => m.company_id)).toEqual([
      t.ids.companies.client2,
    ]);
  });

  it('refuses bad input and unknown users', async () => {
    const token = await t.login('admin');
    const bad = await t.call(userRoutes.update, {
      params: { id: clientId() },
      as: { token },
      invalidBody: { title: '', early_access: 'yes', memberships: [{ company_id: 'x' }] },
    });
    expect(bad.status).toBe(400);
    expect(
      issueList(bad)
        .map((i: { path: string }) => i.path)
        .sort(),
    ).toEqual(['body.early_access', 'body.memberships.0.company_id', 'body.title']);
    const missing = await t.call(userRoutes.update, {
      params: { id: 999999 },
      as: { token },
      body: { title: 'Никто' },
    });
    expect(missing.status).toBe(404);
    expect(errorOf(missing).message).toBe('Пользователь не найден');
    const badId = await t.call(userRoutes.get, { params: { id: 'abc' }, as: { token } });
    expect(badId.status).toBe(400);
  });
});
