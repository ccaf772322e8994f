import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { auditRows, companyBody, innFor } from './companies.factories.js';

let t: TestApp;
let tok: Record<'admin' | 'specialist' | 'operator' | 'client' | 'client2', string>;
let C: TestApp['ids']['companies'];

beforeAll(async () => {
  t = await createTestApp();
  C = t.ids.companies;
  tok = {
    admin: await t.login('admin'),
    specialist: await t.login('specialist'),
    operator: await t.login('operator'),
    client: await t.login('client'),
    client2: await t.login('client2'),
  };
});
afterAll(async () => {
  await t?.close();
});

const issues = (body: { error: { details: { issues: { path: string; message: string }[] } } }) =>
  Object.fromEntries(body.error.details.issues.map((i) => [i.path, i.message]));

async function create(who: keyof typeof tok, n: number, extra: Record<string, unknown> = {}) {
  const r = await t.req('POST', '/api/companies', { token: tok[who], body: companyBody(n, extra) });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as { id: number; title: string; status: string; tariff_id: number | null };
}

describe('PUT /api/companies/:id', () => {
  it('a client edits its own company; audited with before and after', async () => {
    const body = {
      ...companyBody(0),
      title: 'АО «Энергосеть-2»',
      inn: '5003123458',
      kpp: '500301001',
      status: 'active',
    };
    const r = await t.req('PUT', `/api/companies/${C.client1}`, { token: tok.client, body });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: C.client1, title: 'АО «Энергосеть-2»', status: 'active' });
    const [a] = await auditRows(t, { entity: 'company', entity_id: C.client1, action: 'update' });
    expect(a.before).toMatchObject({ title: 'АО «Энергосеть»' });
    expect(a.after).toMatchObject({ title: 'АО «Энергосеть-2»' });
    expect(a.user_id).toBe(t.ids.users['client@demo.local']);
  });

  it('a client may not archive its company nor change the tariff', async () => {
    const base = { ...companyBody(0), inn: '5003123458', kpp: '500301001' };
    const arch = await t.req('PUT', `/api/companies/${C.client1}`, {
      token: tok.client,
      body: { ...base, status: 'archived' },
    });
    expect(arch.status).toBe(403);
    expect(arch.body.error.message).toBe(
      'Перевести компанию в архив или вернуть её из архива может только сотрудник провайдера',
    );
    const tariff = await t.req('PUT', `/api/companies/${C.client1}`, {
      token: tok.client,
      body: { ...base, tariff_id: 2 },
    });
    expect(tariff.status).toBe(403);
    expect(tariff.body.error.message).toBe('Тариф компании может назначить только администратор');
  });

  it('staff archive and restore a company', async () => {
    const c = await create('specialist', 20);
    const arch = await t.req('PUT', `/api/companies/${c.id}`, {
      token: tok.specialist,
      body: companyBody(20, { status: 'archived' }),
    });
    expect(arch.status).toBe(200);
    expect(arch.body.status).toBe('archived');
    const list = await t.req('GET', '/api/companies?status=archived', { token: tok.specialist });
    expect(list.body.items.map((x: { id: number }) => x.id)).toEqual([c.id]);
    // leaving status out keeps it
    const kept = await t.req('PUT', `/api/companies/${c.id}`, {
      token: tok.specialist,
      body: companyBody(20),
    });
    expect(kept.body.status).toBe('archived');
    await t.req('PUT', `/api/companies/${c.id}`, {
      token: tok.specialist,
      body: companyBody(20, { status: 'active' }),
    });
    const actions = (await auditRows(t, { entity: 'company', entity_id: c.id })).map((a) => a.action);
    expect(actions).toEqual(['create', 'archive', 'update', 'restore']);
  });

  it('refuses an ИНН+КПП that another company has; validation; 404 for outsiders', async () => {
    const c = await create('admin', 21);
    const dup = await t.req('PUT', `/api/companies/${c.id}`, {
      token: tok.admin,
      body: companyBody(21, { inn: '7810123451', kpp: '781001001' }),
    });
    expect(dup.status).toBe(409);
    expect(dup.body.error.message).toBe('Компания с ИНН 7810123451 и КПП 781001001 уже есть в системе');
    // its own ИНН+КПП again is fine
    expect(
      (await t.req('PUT', `/api/companies/${c.id}`, { token: tok.admin, body: companyBody(21) })).status,
    ).toBe(200);
    const bad = await t.req('PUT', `/api/companies/${c.id}`, {
      token: tok.admin,
      body: companyBody(21, { title: '' }),
    });
    expect(bad.status).toBe(400);
    expect(issues(bad.body)).toEqual({ 'body.title': 'Обязательное поле' });
    const other = await t.req('PUT', `/api/companies/${C.client1}`, {
      token: tok.client2,
      body: companyBody(21),
    });
    expect(other.status).toBe(404);
  });
});

describe('DELETE /api/companies/:id', () => {
  it('is for the admin only: a member without the permission gets 403, an outsider 404', async () => {
    const spec = await t.req('DELETE', `/api/companies/${C.client1}`, { token: tok.specialist });
    expect(spec.status).toBe(403);
    expect(spec.body.error.code).toBe('forbidden');
    expect((await t.req('DELETE', `/api/companies/${C.client1}`, { token: tok.client })).status).toBe(403);
    expect((await t.req('DELETE', `/api/companies/${C.client1}`, { token: tok.client2 })).status).toBe(404);
  });

  it('refuses a company with data, naming what it has', async () => {
    const r = await t.req('DELETE', `/api/companies/${C.client1}`, { token: tok.admin });
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('has_dependents');
    // later modules may add data of their own to the demo company: they come after these
    expect(r.body.error.message).toMatch(
      /^У компании есть данные: 3 контакта, 1 пользователь, 1 банковский реквизит, 1 заказчик(, .+)?\. Переведите её в архив$/,
    );
    expect(r.body.error.details.dependents.slice(0, 4)).toEqual([
      { table: 'contacts', count: 3 },
      { table: 'users', count: 1 },
      { table: 'bank_requisites', count: 1 },
      { table: 'customers', count: 1 },
    ]);
    expect((await t.req('GET', `/api/companies/${C.client1}`, { token: tok.admin })).status).toBe(200);

    const c = await create('admin', 32);
    for (const name of ['Первый', 'Второй', 'Третий']) {
      const added = await t.req('POST', `/api/companies/${c.id}/contacts`, {
        token: tok.admin,
        body: { full_name: name },
      });
      expect(added.status).toBe(201);
    }
    await t.app.deps.database.query(
      `insert into users (login, title, password_hash, role, company_id)
       values ('a32@example.ru', 'А', 'x', 'client', $1), ('b32@example.ru', 'Б', 'x', 'client', $1)`,
      [c.id],
    );
    const full = await t.req('DELETE', `/api/companies/${c.id}`, { token: tok.admin });
    expect(full.status).toBe(409);
    expect(full.body.error.message).toBe(
      'У компании есть данные: 3 контакта, 2 пользователя. Переведите её в архив',
    );
    expect(await auditRows(t, { entity: 'company', entity_id: c.id, action: 'delete' })).toEqual([]);
  });

  it('counts procurement rules and rows of any table that refers to the company', async () => {
    const c = await create('admin', 30);
    const { database } = t.app.deps;
    await database.query(`insert into procurement_rules (company_id, title) values ($1, 'Положение')`, [
      c.id,
    ]);
    await database.query(
      'create table zz_company_refs (id serial primary key, company_id int references companies(id))',
    );
    try {
      await database.query('insert into zz_company_refs (company_id) values ($1), ($1)', [c.id]);
      const r = await t.req('DELETE', `/api/companies/${c.id}`, { token: tok.admin });
      expect(r.status).toBe(409);
      expect(r.body.error.message).toBe(
        'У компании есть данные: 1 положение о закупке, 2 записи в разделе «zz_company_refs». Переведите её в архив',
      );
    } finally {
      await database.query('drop table zz_company_refs');
    }
  });

  it('deletes a company without data, with its memberships; audited', async () => {
    const c = await create('specialist', 31);
    const r = await t.req('DELETE', `/api/companies/${c.id}`, { token: tok.admin });
    expect(r.status).toBe(204);
    expect((await t.req('GET', `/api/companies/${c.id}`, { token: tok.admin })).status).toBe(404);
    const my = await t.req('GET', '/api/companies/my', { token: tok.specialist });
    expect(my.body.map((x: { id: number }) => x.id)).not.toContain(c.id);
    const [del] = await auditRows(t, { entity: 'company', entity_id: c.id, action: 'delete' });
    expect(del.before).toMatchObject({ id: c.id, inn: innFor(31) });
    expect(del.user_id).toBe(t.ids.users['admin@demo.local']);
    const members = await auditRows(t, { entity: 'company_member', action: 'delete' });
    expect(members.map((m) => m.entity_id)).toEqual([`${t.ids.users['specialist@demo.local']}:${c.id}`]);
  });

  it('never deletes the provider company', async () => {
    const r = await t.req('DELETE', `/api/companies/${C.provider}`, { token: tok.admin });
    expect(r.status).toBe(409);
    expect(r.body.error.message).toBe('Компанию провайдера удалить нельзя');
  });
});

describe('narrowed memberships', () => {
  it('a member whose permissions were narrowed gets 403 where the role would allow', async () => {
    const opId = t.ids.users['operator@demo.local'];
    await t.app.deps.database.query(
      `update company_members set permissions = '["company.read"]' where user_id = $1 and company_id = $2`,
      [opId, C.client2],
    );
    const perms = await t.req('GET', `/api/companies/${C.client2}/permissions`, { token: tok.operator });
    expect(perms.body).toEqual(['company.read']);
    const users = await t.req('GET', `/api/companies/${C.client2}/users`, { token: tok.operator });
    expect(users.status).toBe(403);
    const contact = await t.req('POST', `/api/companies/${C.client2}/contacts`, {
      token: tok.operator,
      body: { full_name: 'Новый контакт' },
    });
    expect(contact.status).toBe(403);
    const listed = await t.req('GET', `/api/companies/${C.client2}/users`, { token: tok.admin });
    const op = listed.body.items.find((u: { login: string }) => u.login === 'operator@demo.local');
    expect(op.permissions).toEqual(['company.read']);
  });
});
