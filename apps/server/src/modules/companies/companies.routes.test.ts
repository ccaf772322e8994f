import { companyRoutes, procurementRuleRoutes, ROLE_PERMISSIONS } from '@zakupki/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Caller, type TestApp, testAppForFile } from '../../../test/harness.js';
import { AppError } from '../../lib/app-error.js';
import { auditRows, type CompanyIn, companyBody, errorOf, innFor, issuesOf } from './companies.factories.js';
import { mapCompanyWriteError } from './companies.service.js';

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

describe('GET /api/companies', () => {
  it('admin, specialist and operator see the companies they act for, ordered by title', async () => {
    for (const who of ['admin', 'specialist', 'operator'] as const) {
      const r = await t.call(companyRoutes.list, { as: who });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ total: 3, page: 1, limit: 10 });
      expect(r.body.items.map((c: { id: number }) => c.id)).toEqual([C.client1, C.client2, C.provider]);
    }
  });

  it('a client sees only its own company', async () => {
    const r = await t.call(companyRoutes.list, { as: 'client' });
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(1);
    expect(r.body.items[0]).toMatchObject({
      id: C.client1,
      title: 'АО «Энергосеть»',
      inn: '5003123458',
      kpp: '500301001',
      status: 'active',
      is_provider: false,
    });
    expect(r.body.items[0].created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('filters by title (case-insensitive substring), ИНН and status; pages', async () => {
    const get = async (query: Record<string, string>) =>
      (await t.call(companyRoutes.list, { query, as: 'admin' })).body;
    expect((await get({ title: 'ВОДОКАНАЛ' })).items.map((c: { id: number }) => c.id)).toEqual([C.client2]);
    expect((await get({ inn: '7810' })).items.map((c: { id: number }) => c.id)).toEqual([C.client2]);
    expect((await get({ status: 'archived' })).total).toBe(0);
    expect((await get({ title: '', inn: '' })).total).toBe(3);
    expect((await get({ title: '%' })).total).toBe(0);
    const p2 = await get({ limit: '1', page: '2' });
    expect(p2).toMatchObject({ total: 3, page: 2, limit: 1 });
    expect(p2.items.map((c: { id: number }) => c.id)).toEqual([C.client2]);
  });

  it('refuses a bad filter or page with Russian messages', async () => {
    const r = await t.call(companyRoutes.list, { query: { status: 'deleted', page: 'abc' }, as: 'admin' });
    expect(r.status).toBe(400);
    expect(errorOf(r).code).toBe('validation_failed');
    expect(issuesOf(r)).toEqual({
      'query.status': 'Недопустимое значение',
      'query.page': 'Значение должно быть числовое',
    });
  });

  it('needs a session', async () => {
    const r = await t.call(companyRoutes.list);
    expect(r.status).toBe(401);
    expect(errorOf(r).code).toBe('unauthorized');
  });
});

describe('GET /api/companies/my', () => {
  it('lists {id,title,has_data} of the companies the user may act for, by title', async () => {
    // the provider's own company holds no contracts, procurements or plans: staff do not land there
    const all = [
      { id: C.client1, title: 'АО «Энергосеть»', has_data: true },
      { id: C.client2, title: 'ГУП «Водоканал Северо-Запад»', has_data: true },
      { id: C.provider, title: 'ООО «Закупки-Сервис»', has_data: false },
    ];
    for (const who of ['admin', 'specialist', 'operator'] as const) {
      const r = await t.call(companyRoutes.my, { as: who });
      expect(r.status).toBe(200);
      expect(r.body).toEqual(all);
    }
    expect((await t.call(companyRoutes.my, { as: 'client' })).body).toEqual([all[0]]);
    expect((await t.call(companyRoutes.my, { as: 'client2' })).body).toEqual([all[1]]);
  });
});

describe('GET /api/companies/:id', () => {
  it('answers every role that acts for the company', async () => {
    for (const who of ['admin', 'specialist', 'operator', 'client'] as const) {
      const r = await t.call(companyRoutes.get, { params: { id: C.client1 }, as: who });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ id: C.client1, full_title: 'Акционерное общество «Энергосеть»' });
    }
  });

  it('404 for another client and for an unknown id; 400 for a bad id', async () => {
    const other = await t.call(companyRoutes.get, { params: { id: C.client1 }, as: 'client2' });
    expect(other.status).toBe(404);
    expect(errorOf(other)).toEqual({ code: 'not_found', message: 'Запрашиваемый ресурс не найден' });
    expect((await t.call(companyRoutes.get, { params: { id: 999999 }, as: 'admin' })).status).toBe(404);
    const bad = await t.call(companyRoutes.get, { params: { id: 'abc' }, as: 'admin' });
    expect(bad.status).toBe(400);
    expect(issuesOf(bad)).toEqual({ 'params.id': 'Значение должно быть числовое' });
  });
});

describe('GET /api/companies/:id/permissions', () => {
  it('gives the role defaults, all of them to the admin', async () => {
    for (const who of ['admin', 'specialist', 'operator', 'client'] as const) {
      const r = await t.call(companyRoutes.permissions, { params: { id: C.client1 }, as: who });
      expect(r.status).toBe(200);
      expect(r.body).toEqual(ROLE_PERMISSIONS[who]);
    }
  });
});

describe('GET /api/companies/:id/users and /procurement_rules', () => {
  it('lists the home users and members with their permissions there', async () => {
    for (const who of ['admin', 'specialist', 'operator', 'client'] as const) {
      const r = await t.call(companyRoutes.users, { params: { id: C.client1 }, as: who });
      expect(r.status).toBe(200);
      expect(r.body.total).toBe(3);
      expect(r.body.items.map((u: { login: string }) => u.login)).toEqual([
        'specialist@demo.local',
        'client@demo.local',
        'operator@demo.local',
      ]);
      const client = r.body.items.find((u: { login: string }) => u.login === 'client@demo.local');
      expect(client).toMatchObject({
        role: 'client',
        status: 'active',
        permissions: ROLE_PERMISSIONS.client,
      });
      expect((client as Record<string, unknown> | undefined)?.password_hash).toBeUndefined();
    }
    const paged = await t.call(companyRoutes.users, {
      params: { id: C.client1 },
      query: { limit: '1', page: '3' },
      as: 'client',
    });
    expect(paged.body).toMatchObject({ total: 3, page: 3, limit: 1 });
    expect(paged.body.items.map((u: { login: string }) => u.login)).toEqual(['operator@demo.local']);
  });

  it('procurement rules come from their table (modules/procurement-rules), per company', async () => {
    await t.app.deps.database.query(
      `insert into procurement_rules (company_id, title, status) values ($1, 'Положение о закупке 2025', 'approved')`,
      [C.client2],
    );
    const r = await t.call(procurementRuleRoutes.list, {
      params: { company_id: C.client2 },
      query: { limit: 100 },
      as: 'operator',
    });
    expect(r.status).toBe(200);
    const added = r.body.items.find((x: { title: string }) => x.title === 'Положение о закупке 2025');
    expect(added).toMatchObject({ company_id: C.client2, status: 'draft', versions_count: 0 });
    const own = await t.call(procurementRuleRoutes.list, {
      params: { company_id: C.client1 },
      query: { limit: 100 },
      as: 'admin',
    });
    expect(own.body.items.every((x: { company_id: number }) => x.company_id === C.client1)).toBe(true);
  });
});

describe('POST /api/companies', () => {
  it('is for staff only', async () => {
    const r = await t.call(companyRoutes.create, { as: 'client', body: companyBody(1) });
    expect(r.status).toBe(403);
    expect(errorOf(r)).toEqual({
      code: 'forbidden',
      message: 'Создавать компании могут только сотрудники провайдера',
    });
  });

  it('lists every invalid field with its Russian message', async () => {
    const empty = await t.call(companyRoutes.create, { as: 'admin', invalidBody: {} });
    expect(empty.status).toBe(400);
    expect(issuesOf(empty)).toEqual({
      'body.title': 'Обязательное поле',
      'body.inn': 'Обязательное поле',
    });
    const bad = await t.call(companyRoutes.create, {
      as: 'admin',
      body: companyBody(2, {
        title: '  ',
        inn: '7705123450',
        kpp: '12345',
        ogrn: '1027700123451',
        email: 'не почта',
      }),
    });
    expect(bad.status).toBe(400);
    expect(issuesOf(bad)).toEqual({
      'body.title': 'Обязательное поле',
      'body.inn': 'Неверное контрольное число ИНН',
      'body.kpp': 'КПП должен состоять из 9 знаков: 4 цифры, 2 цифры или заглавные латинские буквы, 3 цифры',
      'body.ogrn': 'Неверное контрольное число ОГРН',
      'body.email': 'Введите корректный email',
    });
    const count = await t.app.deps.database.query<{ n: number }>('select count(*)::int as n from companies');
    expect(Number(count[0].n)).toBe(3);
  });

  it('a specialist creates a company and becomes its member; audited', async () => {
    const c = await create('specialist', 10, { email: '' });
    expect(c).toMatchObject({ title: 'ООО «Тест 10»', status: 'active', tariff_id: null });
    const my = await t.call(companyRoutes.my, { as: 'specialist' });
    expect(my.body.map((x: { id: number }) => x.id)).toContain(c.id);
    const perms = await t.call(companyRoutes.permissions, { params: { id: c.id }, as: 'specialist' });
    expect(perms.body).toEqual(ROLE_PERMISSIONS.specialist);
    expect((await t.call(companyRoutes.get, { params: { id: c.id }, as: 'operator' })).status).toBe(404);
    const created = await auditRows(t, { entity: 'company', entity_id: c.id, action: 'create' });
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      user_id: t.ids.users['specialist@demo.local'],
      company_id: c.id,
      after: { inn: innFor(10), email: null },
    });
    expect(await auditRows(t, { entity: 'company_member', action: 'create' })).toHaveLength(1);
  });

  it('an operator becomes a member too but may not edit the company', async () => {
    const c = await create('operator', 11);
    expect((await t.call(companyRoutes.get, { params: { id: c.id }, as: 'operator' })).status).toBe(200);
    const put = await t.call(companyRoutes.update, {
      params: { id: c.id },
      as: 'operator',
      body: companyBody(11),
    });
    expect(put.status).toBe(403);
    expect(errorOf(put)).toEqual({
      code: 'forbidden',
      message: 'Недостаточно прав для этого действия в компании',
    });
  });

  it('the admin creates without becoming a member; only the admin sets a tariff', async () => {
    const c = await create('admin', 12, { tariff_id: 3 });
    expect(c.tariff_id).toBe(3);
    const members = await t.app.deps.database.query('select * from company_members where company_id = $1', [
      c.id,
    ]);
    expect(members).toHaveLength(0);
    const r = await t.call(companyRoutes.create, {
      as: 'specialist',
      body: companyBody(13, { tariff_id: 3 }),
    });
    expect(r.status).toBe(403);
    expect(errorOf(r).message).toBe('Тариф компании может назначить только администратор');
  });

  it('refuses the same ИНН+КПП twice with 409 duplicate', async () => {
    const r = await t.call(companyRoutes.create, {
      as: 'specialist',
      body: companyBody(14, { inn: '7705123452', kpp: '770501001' }),
    });
    expect(r.status).toBe(409);
    expect(errorOf(r)).toEqual({
      code: 'duplicate',
      message: 'Компания с ИНН 7705123452 и КПП 770501001 уже есть в системе',
      details: { fields: ['inn', 'kpp'] },
    });
    // another КПП is another company (a branch); no КПП at all is unique too
    await create('admin', 15, { inn: '7705123452', kpp: '770502001' });
    await create('admin', 16, { kpp: null });
    const again = await t.call(companyRoutes.create, { as: 'admin', body: companyBody(16, { kpp: '' }) });
    expect(again.status).toBe(409);
    expect(errorOf(again).message).toBe(`Компания с ИНН ${innFor(16)} без КПП уже есть в системе`);
  });

  it('concurrent creations of the same ИНН+КПП: one wins, the rest get the same 409', async () => {
    const results = await Promise.all(
      [0, 1, 2, 3].map(() => t.call(companyRoutes.create, { as: 'admin', body: companyBody(17) })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    for (const r of results.filter((x) => x.status === 409)) {
      expect(errorOf(r).code).toBe('duplicate');
      expect(errorOf(r).message).toBe(`Компания с ИНН ${innFor(17)} и КПП 770101001 уже есть в системе`);
    }
  });

  it('maps the unique-index violation (23505) to the same duplicate error', async () => {
    let caught: unknown;
    try {
      await t.app.deps.database.db.execute(
        sql`insert into companies (title, inn, kpp) values ('Дубль', '7705123452', '770501001')`,
      );
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeDefined();
    const mapped = mapCompanyWriteError(caught, '7705123452', '770501001');
    expect(mapped).toBeInstanceOf(AppError);
    expect(mapped?.code).toBe('duplicate');
    expect(mapped?.message).toBe('Компания с ИНН 7705123452 и КПП 770501001 уже есть в системе');
    expect(mapCompanyWriteError(new Error('other'), '1', null)).toBeNull();
  });
});
