import { companyRoutes } from '@zakupki/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testAppForFile } from '../../../test/harness.js';
import { auditRows, customerBody as body, errorOf, innFor, issuesOf } from './companies.factories.js';

const t = testAppForFile();
let C: TestApp['ids']['companies'];

beforeAll(async () => {
  C = t.ids.companies;
  for (const who of ['admin', 'specialist', 'operator', 'client', 'client2'] as const) await t.login(who);
});

const cr = companyRoutes.customers;
const titles = (b: { items: { title: string }[] }) => b.items.map((c) => c.title);

describe('GET /api/companies/:id/customers', () => {
  it('lists the customers of the company for every role that acts for it', async () => {
    for (const who of ['admin', 'specialist', 'operator', 'client'] as const) {
      const r = await t.call(cr.list, { params: { id: C.client1 }, as: who });
      expect(r.status).toBe(200);
      expect(r.body).toEqual({
        items: [
          {
            id: expect.any(Number),
            company_id: C.client1,
            title: 'АО «Энергосеть»',
            inn: '5003123458',
            kpp: '500301001',
            ogrn: '1155000123453',
            address: '142700, Московская обл., г. Видное, ул. Строительная, д. 3',
            annual_revenue_over_5bn: false,
            // nothing of the test seed names it (item-references.test.ts: one that is named)
            can_delete: true,
          },
        ],
        total: 1,
        page: 1,
        limit: 10,
      });
    }
  });
});

describe('customer writes', () => {
  it('validates with Russian messages', async () => {
    const r = await t.call(cr.create, {
      params: { id: C.client1 },
      as: 'client',
      invalidBody: { inn: '500312345', ogrn: '1155000123454', annual_revenue_over_5bn: 'да' },
    });
    expect(r.status).toBe(400);
    expect(issuesOf(r)).toEqual({
      'body.title': 'Обязательное поле',
      'body.inn': 'ИНН должен состоять из 10 (организация) или 12 (физлицо, ИП) цифр',
      'body.ogrn': 'Неверное контрольное число ОГРН',
      'body.annual_revenue_over_5bn': 'Недопустимый тип значения',
    });
  });

  it('creates, filters by title and ИНН, updates and deletes; audited', async () => {
    const a = await t.call(cr.create, {
      params: { id: C.client1 },
      as: 'client',
      body: body(1, { annual_revenue_over_5bn: true }),
    });
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ company_id: C.client1, inn: innFor(1), annual_revenue_over_5bn: true });
    await t.call(cr.create, {
      params: { id: C.client1 },
      as: 'specialist',
      body: body(2, { kpp: null, ogrn: '' }),
    });
    expect(
      titles(
        (await t.call(cr.list, { params: { id: C.client1 }, query: { title: 'заказчик' }, as: 'client' }))
          .body,
      ),
    ).toEqual(['МУП «Заказчик 1»', 'МУП «Заказчик 2»']);
    expect(
      titles(
        (await t.call(cr.list, { params: { id: C.client1 }, query: { inn: innFor(2) }, as: 'client' })).body,
      ),
    ).toEqual(['МУП «Заказчик 2»']);
    const paged = await t.call(cr.list, {
      params: { id: C.client1 },
      query: { limit: 2, page: 2 },
      as: 'client',
    });
    expect(paged.body).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(titles(paged.body)).toEqual(['МУП «Заказчик 2»']);

    const put = await t.call(cr.update, {
      params: { id: C.client1, item_id: a.body.id },
      as: 'admin',
      body: body(1, { title: 'МУП «Заказчик один»' }),
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ title: 'МУП «Заказчик один»', annual_revenue_over_5bn: false });
    const [u] = await auditRows(t, { entity: 'customer', entity_id: a.body.id, action: 'update' });
    expect(u.before).toMatchObject({ title: 'МУП «Заказчик 1»', annual_revenue_over_5bn: true });
    expect(u.after).toMatchObject({ title: 'МУП «Заказчик один»', annual_revenue_over_5bn: false });

    expect(
      (await t.call(cr.remove, { params: { id: C.client1, item_id: a.body.id }, as: 'client' })).status,
    ).toBe(204);
    const [d] = await auditRows(t, { entity: 'customer', entity_id: a.body.id, action: 'delete' });
    expect(d).toMatchObject({ company_id: C.client1, user_id: t.ids.users['client@demo.local'] });
    expect(d.before).toMatchObject({ title: 'МУП «Заказчик один»' });
  });

  it('refuses a second customer with the same ИНН within the company, whatever its КПП; another company may have it', async () => {
    const [first] = await t.app.deps.database.query<{ id: number; title: string }>(
      "select id, title from customers where company_id = $1 and inn = '5003123458'",
      [C.client1],
    );
    const message = `Заказчик с ИНН 5003123458 уже есть у компании: «${first.title}» (КПП 500301001). Измените его карточку вместо новой`;
    for (const kpp of ['500301001', '500302002', '']) {
      const dup = await t.call(cr.create, {
        params: { id: C.client1 },
        as: 'client',
        body: body(9, { inn: '5003123458', kpp }),
      });
      expect(dup.status).toBe(409);
      expect(errorOf(dup)).toEqual({
        code: 'duplicate',
        message,
        details: { fields: ['inn'], customer_id: first.id },
      });
    }
    const noKpp = await t.call(cr.create, {
      params: { id: C.client1 },
      as: 'client',
      body: body(2, { kpp: '' }),
    });
    expect(noKpp.status).toBe(409);
    expect(errorOf(noKpp).message).toMatch(new RegExp(`^Заказчик с ИНН ${innFor(2)} уже есть у компании: «`));
    const elsewhere = await t.call(cr.create, {
      params: { id: C.client2 },
      as: 'client2',
      body: body(9, { inn: '5003123458', kpp: '500301001' }),
    });
    expect(elsewhere.status).toBe(201);
  });

  it('an operator may not write customers', async () => {
    const r = await t.call(cr.create, { params: { id: C.client1 }, as: 'operator', body: body(3) });
    expect(r.status).toBe(403);
    expect(errorOf(r).code).toBe('forbidden');
  });

  it('a customer id of another company answers 404, audited', async () => {
    const [foreign] = await t.app.deps.database.query<{ id: number }>(
      'select id from customers where company_id = $1 order by id limit 1',
      [C.client2],
    );
    const put = await t.call(cr.update, {
      params: { id: C.client1, item_id: foreign.id },
      as: 'client',
      body: body(4),
    });
    expect(put.status).toBe(404);
    expect(errorOf(put)).toEqual({ code: 'not_found', message: 'Заказчик не найден' });
    expect(
      (await t.call(cr.remove, { params: { id: C.client1, item_id: foreign.id }, as: 'client' })).status,
    ).toBe(404);
    const denied = await auditRows(t, { entity: 'customer', entity_id: foreign.id, action: 'access_denied' });
    expect(denied).toHaveLength(2);
    const still = await t.call(cr.list, { params: { id: C.client2 }, as: 'client2' });
    expect(titles(still.body)).toContain('ГУП «Водоканал Северо-Запад»');
  });
});
