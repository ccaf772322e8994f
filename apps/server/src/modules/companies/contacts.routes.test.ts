import { companyRoutes } from '@zakupki/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testAppForFile } from '../../../test/harness.js';
import { auditRows, companyBody, errorOf, issuesOf } from './companies.factories.js';

const t = testAppForFile();
let C: TestApp['ids']['companies'];

beforeAll(async () => {
  C = t.ids.companies;
  // sessions first, as before: their login audit entries come before the tests
  for (const who of ['admin', 'specialist', 'operator', 'client', 'client2'] as const) await t.login(who);
});

type Contact = { id: number; full_name: string; is_active: boolean; company_id: number };
const names = (body: { items: Contact[] }) => body.items.map((c) => c.full_name);

async function activeIds(companyId: number): Promise<number[]> {
  const rows = await t.app.deps.database.query<{ id: number }>(
    'select id from contacts where company_id = $1 and is_active order by id',
    [companyId],
  );
  return rows.map((r) => r.id);
}

async function newCompany(n: number): Promise<number> {
  const r = await t.call(companyRoutes.create, { as: 'admin', body: companyBody(n) });
  expect(r.status).toBe(201);
  return r.body.id;
}

describe('GET /api/companies/:id/contacts', () => {
  it('pages with defaults page 1, limit 10; the active contact first, then by name', async () => {
    for (const who of ['admin', 'specialist', 'operator', 'client'] as const) {
      const r = await t.call(companyRoutes.contacts.list, { params: { id: C.client1 }, as: who });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ total: 3, page: 1, limit: 10 });
      expect(names(r.body)).toEqual([
        'Кузнецов Дмитрий Олегович',
        'Белов Алексей Петрович',
        'Орлова Мария Андреевна',
      ]);
      expect(r.body.items[0]).toEqual({
        id: expect.any(Number),
        company_id: C.client1,
        full_name: 'Кузнецов Дмитрий Олегович',
        position: 'Начальник отдела закупок',
        email: 'kuznetsov@energoset.ru',
        phone: '+7 495 765-43-21',
        is_active: true,
        // the active contact while the company has others
        can_delete: false,
      });
    }
    const p2 = await t.call(companyRoutes.contacts.list, {
      params: { id: C.client1 },
      query: { page: '2', limit: '2' },
      as: 'client',
    });
    expect(p2.body).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(names(p2.body)).toEqual(['Орлова Мария Андреевна']);
    const p9 = await t.call(companyRoutes.contacts.list, {
      params: { id: C.client1 },
      query: { page: '9' },
      as: 'client',
    });
    expect(p9.body).toMatchObject({ items: [], total: 3, page: 9 });
  });

  it('filters by full_name, email, phone and position (case-insensitive substring); empty filters skipped', async () => {
    const q = async (query: Record<string, string>) =>
      names(
        (await t.call(companyRoutes.contacts.list, { params: { id: C.client1 }, query, as: 'client' })).body,
      );
    expect(await q({ full_name: 'ОРЛОВ' })).toEqual(['Орлова Мария Андреевна']);
    expect(await q({ email: 'ENERGOSET.RU' })).toHaveLength(3);
    expect(await q({ phone: '43-23' })).toEqual(['Белов Алексей Петрович']);
    expect(await q({ position: 'бухгалтер' })).toEqual(['Белов Алексей Петрович']);
    expect(await q({ position: 'закуп', full_name: 'мария' })).toEqual(['Орлова Мария Андреевна']);
    expect(await q({ full_name: '', email: '', phone: '', position: '' })).toHaveLength(3);
    expect(await q({ full_name: '  ' })).toHaveLength(3);
    expect(await q({ full_name: '%' })).toEqual([]);
    expect(await q({ full_name: '_' })).toEqual([]);
    expect(await q({ is_active: 'true' })).toEqual(['Кузнецов Дмитрий Олегович']);
    expect(await q({ is_active: 'false' })).toHaveLength(2);
    const total = await t.call(companyRoutes.contacts.list, {
      params: { id: C.client1 },
      query: { position: 'закуп', limit: '1' },
      as: 'client',
    });
    expect(total.body).toMatchObject({ total: 2, limit: 1 });
    expect(total.body.items).toHaveLength(1);
  });

  it('refuses bad paging with Russian messages', async () => {
    const r = await t.call(companyRoutes.contacts.list, {
      params: { id: C.client1 },
      query: { page: 'first', limit: 'x', is_active: 'yes' },
      as: 'client',
    });
    expect(r.status).toBe(400);
    expect(issuesOf(r)).toEqual({
      'query.page': 'Значение должно быть числовое',
      'query.limit': 'Значение должно быть числовое',
      'query.is_active': 'Недопустимое значение',
    });
    expect(
      (
        await t.call(companyRoutes.contacts.list, {
          params: { id: C.client1 },
          query: { page: '0' },
          as: 'client',
        })
      ).status,
    ).toBe(400);
  });

  it('lists only the company in the URL', async () => {
    const r = await t.call(companyRoutes.contacts.list, { params: { id: C.client2 }, as: 'specialist' });
    expect(names(r.body)).toEqual(['Лебедева Ольга Ивановна', 'Смирнов Павел Андреевич']);
  });
});

describe('GET /api/companies/:id/active_contact', () => {
  it('gives the active contact, or null when the company has none', async () => {
    const r = await t.call(companyRoutes.activeContact, { params: { id: C.client1 }, as: 'client' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ full_name: 'Кузнецов Дмитрий Олегович', is_active: true });
    const empty = await newCompany(40);
    const none = await t.call(companyRoutes.activeContact, { params: { id: empty }, as: 'admin' });
    expect(none.status).toBe(200);
    expect(none.body).toBeNull();
  });
});

describe('contact writes', () => {
  it('validates with Russian messages and writes nothing', async () => {
    const r = await t.call(companyRoutes.contacts.create, {
      params: { id: C.client1 },
      as: 'client',
      invalidBody: { email: 'почта', position: 5 },
    });
    expect(r.status).toBe(400);
    expect(issuesOf(r)).toEqual({
      'body.full_name': 'Обязательное поле',
      'body.email': 'Введите корректный email',
      'body.position': 'Недопустимый тип значения',
    });
    expect(
      (await t.call(companyRoutes.contacts.list, { params: { id: C.client1 }, as: 'client' })).body.total,
    ).toBe(3);
  });

  it('the first contact of a company becomes active by itself', async () => {
    const id = await newCompany(41);
    const r = await t.call(companyRoutes.contacts.create, {
      params: { id },
      as: 'admin',
      body: { full_name: 'Первый Контакт' },
    });
    expect(r.status).toBe(201);
    expect(r.body.is_active).toBe(true);
    const second = await t.call(companyRoutes.contacts.create, {
      params: { id },
      as: 'admin',
      body: { full_name: 'Второй Контакт' },
    });
    expect(second.body.is_active).toBe(false);
    expect(await activeIds(id)).toEqual([r.body.id]);
  });

  it('making a contact active takes the mark from the other one; both changes audited', async () => {
    const [old] = await activeIds(C.client1);
    const r = await t.call(companyRoutes.contacts.create, {
      params: { id: C.client1 },
      as: 'client',
      body: { full_name: 'Новикова Ирина', email: 'NOVIKOVA@energoset.ru', phone: '', is_active: true },
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      full_name: 'Новикова Ирина',
      email: 'novikova@energoset.ru',
      phone: null,
      is_active: true,
    });
    expect(await activeIds(C.client1)).toEqual([r.body.id]);
    const active = await t.call(companyRoutes.activeContact, { params: { id: C.client1 }, as: 'client' });
    expect(active.body?.id).toBe(r.body.id);
    const [off] = await auditRows(t, { entity: 'contact', entity_id: old, action: 'update' });
    expect(off.before).toMatchObject({ is_active: true });
    expect(off.after).toMatchObject({ is_active: false });
    const [created] = await auditRows(t, { entity: 'contact', entity_id: r.body.id, action: 'create' });
    expect(created).toMatchObject({ company_id: C.client1, user_id: t.ids.users['client@demo.local'] });

    // back to the old one through PUT
    const put = await t.call(companyRoutes.contacts.update, {
      params: { id: C.client1, item_id: old },
      as: 'operator',
      body: { full_name: 'Кузнецов Дмитрий Олегович', position: 'Начальник отдела закупок', is_active: true },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ id: old, is_active: true, email: null });
    expect(await activeIds(C.client1)).toEqual([old]);
  });

  it('the active contact cannot lose its mark without another taking it', async () => {
    const [active] = await activeIds(C.client1);
    const r = await t.call(companyRoutes.contacts.update, {
      params: { id: C.client1, item_id: active },
      as: 'client',
      body: { full_name: 'Кузнецов Дмитрий Олегович', is_active: false },
    });
    expect(r.status).toBe(409);
    expect(errorOf(r)).toEqual({
      code: 'conflict',
      message:
        '«Кузнецов Дмитрий Олегович» — активный контакт компании. Чтобы снять отметку, сделайте активным другой контакт',
      details: { field: 'is_active' },
    });
    const del = await t.call(companyRoutes.contacts.remove, {
      params: { id: C.client1, item_id: active },
      as: 'client',
    });
    expect(del.status).toBe(409);
    expect(errorOf(del).message).toBe(
      'Нельзя удалить активный контакт «Кузнецов Дмитрий Олегович»: сначала сделайте активным другой контакт',
    );
    expect(await activeIds(C.client1)).toEqual([active]);
  });

  it('concurrent activations leave exactly one active contact', async () => {
    const id = await newCompany(42);
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((i) =>
        t.call(companyRoutes.contacts.create, {
          params: { id },
          as: 'admin',
          body: { full_name: `Контакт ${i}`, is_active: true },
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(await activeIds(id)).toHaveLength(1);
  });

  it('updates and deletes a contact; audited with before and after', async () => {
    const created = await t.call(companyRoutes.contacts.create, {
      params: { id: C.client1 },
      as: 'specialist',
      body: { full_name: 'Временный' },
    });
    const id = created.body.id;
    const put = await t.call(companyRoutes.contacts.update, {
      params: { id: C.client1, item_id: id },
      as: 'specialist',
      body: { full_name: 'Временный Контакт', position: 'Юрист' },
    });
    expect(put.body).toMatchObject({ full_name: 'Временный Контакт', position: 'Юрист', is_active: false });
    const [upd] = await auditRows(t, { entity: 'contact', entity_id: id, action: 'update' });
    expect(upd.before).toMatchObject({ full_name: 'Временный', position: null });
    expect(upd.after).toMatchObject({ full_name: 'Временный Контакт', position: 'Юрист' });
    const del = await t.call(companyRoutes.contacts.remove, {
      params: { id: C.client1, item_id: id },
      as: 'admin',
    });
    expect(del.status).toBe(204);
    const [d] = await auditRows(t, { entity: 'contact', entity_id: id, action: 'delete' });
    expect(d.before).toMatchObject({ full_name: 'Временный Контакт' });
    expect(
      (await t.call(companyRoutes.contacts.remove, { params: { id: C.client1, item_id: id }, as: 'admin' }))
        .status,
    ).toBe(404);
  });

  it('the only contact, though active, may be deleted', async () => {
    const id = await newCompany(43);
    const c = await t.call(companyRoutes.contacts.create, {
      params: { id },
      as: 'admin',
      body: { full_name: 'Единственный' },
    });
    expect(
      (await t.call(companyRoutes.contacts.remove, { params: { id, item_id: c.body.id }, as: 'admin' }))
        .status,
    ).toBe(204);
    expect((await t.call(companyRoutes.activeContact, { params: { id }, as: 'admin' })).body).toBeNull();
  });

  it('every role that acts for the company may write contacts', async () => {
    for (const who of ['admin', 'specialist', 'operator', 'client'] as const) {
      const r = await t.call(companyRoutes.contacts.create, {
        params: { id: C.client1 },
        as: who,
        body: { full_name: `От ${who}` },
      });
      expect(r.status).toBe(201);
      expect(r.body.company_id).toBe(C.client1);
    }
  });

  it('a contact id of another company answers 404, audited', async () => {
    const [foreign] = await activeIds(C.client2);
    for (const who of ['client', 'specialist'] as const) {
      const put = await t.call(companyRoutes.contacts.update, {
        params: { id: C.client1, item_id: foreign },
        as: who,
        body: { full_name: 'Подмена', is_active: true },
      });
      expect(put.status).toBe(404);
      expect(errorOf(put)).toEqual({ code: 'not_found', message: 'Контакт не найден' });
      expect(
        (
          await t.call(companyRoutes.contacts.remove, {
            params: { id: C.client1, item_id: foreign },
            as: who,
          })
        ).status,
      ).toBe(404);
    }
    const denied = await auditRows(t, { entity: 'contact', entity_id: foreign, action: 'access_denied' });
    expect(denied).toHaveLength(4);
    expect(denied[0]).toMatchObject({ company_id: C.client2, user_id: t.ids.users['client@demo.local'] });
    const still = await t.call(companyRoutes.contacts.list, {
      params: { id: C.client2 },
      query: { is_active: 'true' },
      as: 'client2',
    });
    expect(names(still.body)).toEqual(['Лебедева Ольга Ивановна']);
    const missing = await t.call(companyRoutes.contacts.update, {
      params: { id: C.client1, item_id: 999999 },
      as: 'client',
      body: { full_name: 'Нет' },
    });
    expect(missing.status).toBe(404);
    expect(errorOf(missing).message).toBe('Контакт не найден');
  });
});
