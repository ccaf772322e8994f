import { companyRoutes } from '@zakupki/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Caller, type TestApp, testAppForFile } from '../../../test/harness.js';
import { auditRows, type CompanyIn, companyBody, errorOf, innFor, issuesOf } from './companies.factories.js';

const t = testAppForFile();
let C: TestApp['ids']['companies'];

beforeAll(async () => {
  C = t.ids.companies;
  // sessions first, as before: their login audit entries come before the tests
  for (const who of ['admin', 'specialist', 'operator', 'client', 'client2'] as const) await t.login(who);
});

async function create(who: Caller, n: number, extra: Partial<CompanyIn> = {}) {
  const r = await t.call(companyRoutes.create, { as: who, body: companyBody(n, extra) });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as { id: number; title: string; status: string; tariff_id: number | null };
}

describe('PUT /api/companies/:id', () => {
  it('a client edits its own company; audited with before and after', async () => {
    const body = companyBody(0, {
      title: 'АО «Энергосеть-2»',
      inn: '5003123458',
      kpp: '500301001',
      status: 'active',
    });
    const r = await t.call(companyRoutes.update, { params: { id: C.client1 }, as: 'client', body });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: C.client1, title: 'АО «Энергосеть-2»', status: 'active' });
    const [a] = await auditRows(t, { entity: 'company', entity_id: C.client1, action: 'update' });
    expect(a.before).toMatchObject({ title: 'АО «Энергосеть»' });
    expect(a.after).toMatchObject({ title: 'АО «Энергосеть-2»' });
    expect(a.user_id).toBe(t.ids.users['client@demo.local']);
  });

  it('an edit with one field keeps every other (issue 26 item 3); null clears a text', async () => {
    const c = await create('admin', 41, {
      full_title: 'Общество «Тридцать один»',
      legal_address: 'г. Москва, ул. Ленина, 1',
      phone: '+7 495 000-00-31',
      email: 'c41@example.ru',
    });
    const before = await t.call(companyRoutes.get, { params: { id: c.id }, as: 'admin' });
    const r = await t.call(companyRoutes.update, {
      params: { id: c.id },
      as: 'admin',
      body: { postal_address: 'а/я 31' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({ ...before.body, postal_address: 'а/я 31' });
    const cleared = await t.call(companyRoutes.update, {
      params: { id: c.id },
      as: 'admin',
      body: { phone: null },
    });
    expect(cleared.body).toEqual({ ...before.body, postal_address: 'а/я 31', phone: null });
  });

  it('a client may not archive its company nor change the tariff', async () => {
    const base = { ...companyBody(0), inn: '5003123458', kpp: '500301001' };
    const arch = await t.call(companyRoutes.update, {
      params: { id: C.client1 },
      as: 'client',
      body: { ...base, status: 'archived' },
    });
    expect(arch.status).toBe(403);
    expect(errorOf(arch).message).toBe(
      'Перевести компанию в архив или вернуть её из архива может только сотрудник провайдера',
    );
    const tariff = await t.call(companyRoutes.update, {
      params: { id: C.client1 },
      as: 'client',
      body: { ...base, tariff_id: 2 },
    });
    expect(tariff.status).toBe(403);
    expect(errorOf(tariff).message).toBe('Тариф компании может назначить только администратор');
  });

  it('staff archive and restore a company', async () => {
    const c = await create('specialist', 20);
    const arch = await t.call(companyRoutes.update, {
      params: { id: c.id },
      as: 'specialist',
      body: companyBody(20, { status: 'archived' }),
    });
    expect(arch.status).toBe(200);
    expect(arch.body.status).toBe('archived');
    const list = await t.call(companyRoutes.list, { query: { status: 'archived' }, as: 'specialist' });
    expect(list.body.items.map((x: { id: number }) => x.id)).toEqual([c.id]);
    // leaving status out keeps it
    const kept = await t.call(companyRoutes.update, {
      params: { id: c.id },
      as: 'specialist',
      body: companyBody(20),
    });
    expect(kept.body.status).toBe('archived');
    await t.call(companyRoutes.update, {
      params: { id: c.id },
      as: 'specialist',
      body: companyBody(20, { status: 'active' }),
    });
    const actions = (await auditRows(t, { entity: 'company', entity_id: c.id })).map((a) => a.action);
    expect(actions).toEqual(['create', 'archive', 'update', 'restore']);
  });

  it('refuses an ИНН+КПП that another company has; validation; 404 for outsiders', async () => {
    const c = await create('admin', 21);
    const dup = await t.call(companyRoutes.update, {
      params: { id: c.id },
      as: 'admin',
      body: companyBody(21, { inn: '7810123451', kpp: '781001001' }),
    });
    expect(dup.status).toBe(409);
    expect(errorOf(dup).message).toBe('Компания с ИНН 7810123451 и КПП 781001001 уже есть в системе');
    // its own ИНН+КПП again is fine
    expect(
      (await t.call(companyRoutes.update, { params: { id: c.id }, as: 'admin', body: companyBody(21) }))
        .status,
    ).toBe(200);
    const bad = await t.call(companyRoutes.update, {
      params: { id: c.id },
      as: 'admin',
      body: companyBody(21, { title: '' }),
    });
    expect(bad.status).toBe(400);
    expect(issuesOf(bad)).toEqual({ 'body.title': 'Обязательное поле' });
    const other = await t.call(companyRoutes.update, {
      params: { id: C.client1 },
      as: 'client2',
      body: companyBody(21),
    });
    expect(other.status).toBe(404);
  });
});

describe('DELETE /api/companies/:id', () => {
  it('is for the admin only: a member without the permission gets 403, an outsider 404', async () => {
    const spec = await t.call(companyRoutes.remove, { params: { id: C.client1 }, as: 'specialist' });
    expect(spec.status).toBe(403);
    expect(errorOf(spec).code).toBe('forbidden');
    expect((await t.call(companyRoutes.remove, { params: { id: C.client1 }, as: 'client' })).status).toBe(
      403,
    );
    expect((await t.call(companyRoutes.remove, { params: { id: C.client1 }, as: 'client2' })).status).toBe(
      404,
    );
  });

  it('refuses a company with data, naming what it has', async () => {
    const r = await t.call(companyRoutes.remove, { params: { id: C.client1 }, as: 'admin' });
    expect(r.status).toBe(409);
    expect(errorOf(r).code).toBe('has_dependents');
    // later modules may add data of their own to the demo company: they come after these
    expect(errorOf(r).message).toMatch(
      /^У компании есть данные: 3 контакта, 1 пользователь, 1 банковский реквизит, 1 заказчик(, .+)?\. Переведите её в архив$/,
    );
    expect(errorOf<{ dependents: unknown[] }>(r).details.dependents.slice(0, 4)).toEqual([
      { table: 'contacts', count: 3 },
      { table: 'users', count: 1 },
      { table: 'bank_requisites', count: 1 },
      { table: 'customers', count: 1 },
    ]);
    expect((await t.call(companyRoutes.get, { params: { id: C.client1 }, as: 'admin' })).status).toBe(200);

    const c = await create('admin', 32);
    for (const name of ['Первый', 'Второй', 'Третий']) {
      const added = await t.call(companyRoutes.contacts.create, {
        params: { id: c.id },
        as: 'admin',
        body: { full_name: name },
      });
      expect(added.status).toBe(201);
    }
    await t.app.deps.database.query(
      `insert into users (login, title, password_hash, role, company_id)
       values ('a32@example.ru', 'А', 'x', 'client', $1), ('b32@example.ru', 'Б', 'x', 'client', $1)`,
      [c.id],
    );
    const full = await t.call(companyRoutes.remove, { params: { id: c.id }, as: 'admin' });
    expect(full.status).toBe(409);
    expect(errorOf(full).message).toBe(
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
      const r = await t.call(companyRoutes.remove, { params: { id: c.id }, as: 'admin' });
      expect(r.status).toBe(409);
      expect(errorOf(r).message).toBe(
        'У компании есть данные: 1 положение о закупке, 2 записи в разделе «zz_company_refs». Переведите её в архив',
      );
    } finally {
      await database.query('drop table zz_company_refs');
    }
  });

  it('deletes a company without data, with its memberships; audited', async () => {
    const c = await create('specialist', 31);
    const r = await t.call(companyRoutes.remove, { params: { id: c.id }, as: 'admin' });
    expect(r.status).toBe(204);
    expect((await t.call(companyRoutes.get, { params: { id: c.id }, as: 'admin' })).status).toBe(404);
    const my = await t.call(companyRoutes.my, { as: 'specialist' });
    expect(my.body.map((x: { id: number }) => x.id)).not.toContain(c.id);
    const [del] = await auditRows(t, { entity: 'company', entity_id: c.id, action: 'delete' });
    expect(del.before).toMatchObject({ id: c.id, inn: innFor(31) });
    expect(del.user_id).toBe(t.ids.users['admin@demo.local']);
    const members = await auditRows(t, { entity: 'company_member', action: 'delete' });
    expect(members.map((m) => m.entity_id)).toEqual([`${t.ids.users['specialist@demo.local']}:${c.id}`]);
  });

  it('never deletes the provider company', async () => {
    const r = await t.call(companyRoutes.remove, { params: { id: C.provider }, as: 'admin' });
    expect(r.status).toBe(409);
    expect(errorOf(r).message).toBe('Компанию провайдера удалить нельзя');
  });
});

describe('narrowed memberships', () => {
  it('a member whose permissions were narrowed gets 403 where the role would allow', async () => {
    const opId = t.ids.users['operator@demo.local'];
    await t.app.deps.database.query(
      `update company_members set permissions = '["company.read"]' where user_id = $1 and company_id = $2`,
      [opId, C.client2],
    );
    const perms = await t.call(companyRoutes.permissions, { params: { id: C.client2 }, as: 'operator' });
    expect(perms.body).toEqual(['company.read']);
    const users = await t.call(companyRoutes.users, { params: { id: C.client2 }, as: 'operator' });
    expect(users.status).toBe(403);
    const contact = await t.call(companyRoutes.contacts.create, {
      params: { id: C.client2 },
      as: 'operator',
      body: { full_name: 'Новый контакт' },
    });
    expect(contact.status).toBe(403);
    const listed = await t.call(companyRoutes.users, { params: { id: C.client2 }, as: 'admin' });
    const op = listed.body.items.find((u: { login: string }) => u.login === 'operator@demo.local');
    expect(op?.permissions).toEqual(['company.read']);
  });
});
