import { CATALOGS, catalogByKey, catalogRoutes, type Role, systemRoutes } from '@zakupki/shared';
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/harness.js';
import {
  ENTRY_CATALOGS,
  errorOf,
  type ItemPage,
  listQuery,
  screenCalls,
  screenOf,
  VALID_BODY,
} from './catalogs.factories.js';

const t = testAppForFile();
const call = screenCalls(t);
const byKey = (k: string) => catalogByKey(k)!;
const places = catalogRoutes.exec;
const PLACES = { type: 2 as const };

describe('who may open each catalogue (docs/product.md §2, §6)', () => {
  for (const d of CATALOGS) {
    it(`${d.route} (${d.access})`, async () => {
      const expected: Record<string, number> = {
        admin: 200,
        specialist: d.access === 'admin' ? 403 : 200,
        operator: d.access === 'admin' ? 403 : 200,
        client: d.access === 'login' ? 200 : 403,
      };
      const { r: routes, params } = screenOf(d);
      for (const [role, status] of Object.entries(expected)) {
        const r = await call<ItemPage>(routes.list, { params, query: listQuery(d), as: role as Role });
        expect(r.status, `${role} on ${d.api}`).toBe(status);
        if (status === 200) expect(r.body.total, `${role} sees the seeded ${d.route}`).toBeGreaterThan(0);
        else {
          expect(errorOf(r).code).toBe('forbidden');
          expect(errorOf(r).message).toContain(d.title);
        }
      }
    });
  }

  it('a client is refused the staff-only extras too: the ОКПД2 tree, export, import', async () => {
    expect((await t.call(catalogRoutes.okpd2.tree, { as: 'client' })).status).toBe(403);
    expect((await t.call(catalogRoutes.methods.exportXlsx, { as: 'client' })).status).toBe(403);
    expect((await t.call(catalogRoutes.tariffs.exportXlsx, { as: 'specialist' })).status).toBe(403);
    const methods = await t.call(catalogRoutes.methods.list, { as: 'specialist' });
    const one = await t.call(catalogRoutes.methods.get, {
      params: { id: methods.body.items[0].id },
      as: 'client',
    });
    expect(one.status).toBe(403);
  });

  it('without a session every catalogue answers 401', async () => {
    expect((await t.call(catalogRoutes.generic.list, { params: { type: 8 } })).status).toBe(401);
  });
});

describe('who may write', () => {
  for (const d of ENTRY_CATALOGS) {
    it(`${d.route}: staff-only writes refuse clients and operators`, async () => {
      const body = VALID_BODY[d.key];
      const { r, params } = screenOf(d);
      const client = await call(r.create, {
        params,
        body: d.company_entries ? { ...body, company_id: t.ids.companies.client1 } : body,
        as: 'client',
      });
      expect(client.status, 'client').toBe(d.client_writes ? 201 : 403);
      const operator = await call(r.create, { params, body, as: 'operator' });
      expect(operator.status, 'operator on a global entry').toBe(403);
      expect(errorOf(operator).message).toContain('администратор и специалисты');
    });
  }

  it('an operator has no catalogs.write in a company: company entries are refused too', async () => {
    const r = await t.call(places.create, {
      params: PLACES,
      body: { title: 'Склад оператора', company_id: t.ids.companies.client1 },
      as: 'operator',
    });
    expect(r.status).toBe(403);
  });

  it('a client adds and edits its own place of delivery, not a global one', async () => {
    const own = await t.call(places.create, {
      params: PLACES,
      body: { title: 'Подстанция «Южная», г. Видное', company_id: t.ids.companies.client1 },
      as: 'client',
    });
    expect(own.status).toBe(201);
    expect(own.body).toMatchObject({ company_id: t.ids.companies.client1, company_title: 'АО «Энергосеть»' });
    const edit = await t.call(places.update, {
      params: { ...PLACES, id: own.body.id },
      body: { title: 'Подстанция «Южная», г. Видное, ул. Заводская, д. 1' },
      as: 'client',
    });
    expect(edit.status).toBe(200);
    expect(edit.body.title).toBe('Подстанция «Южная», г. Видное, ул. Заводская, д. 1');
    expect(
      (await t.call(places.archive, { params: { ...PLACES, id: own.body.id }, as: 'client' })).status,
    ).toBe(200);

    const list = await t.call(places.list, {
      params: PLACES,
      query: { company_id: t.ids.companies.client1, limit: 100 },
      as: 'client',
    });
    const global = list.body.items.find((i) => i.company_id === null)!;
    const put = await t.call(places.update, {
      params: { ...PLACES, id: global.id },
      body: { title: 'Переименовано клиентом' },
      as: 'client',
    });
    expect(put.status).toBe(403);
    expect(errorOf(put).message).toBe(
      `Общие записи справочника «${byKey('exec_2').title}» изменяют только администратор и специалисты`,
    );
    const archive = await t.call(places.archive, { params: { ...PLACES, id: global.id }, as: 'client' });
    expect(archive.status).toBe(403);
    const globalPost = await t.call(places.create, {
      params: PLACES,
      body: { title: 'Общая' },
      as: 'client',
    });
    expect(globalPost.status).toBe(403);
  });

  it("a client reads global + own entries, never another company's (404, audited)", async () => {
    const mine = await t.call(places.create, {
      params: PLACES,
      body: { title: 'Насосная станция №2, Санкт-Петербург', company_id: t.ids.companies.client2 },
      as: 'client2',
    });
    expect(mine.status).toBe(201);
    const other = await t.call(places.list, {
      params: PLACES,
      query: { company_id: t.ids.companies.client2 },
      as: 'client',
    });
    expect(other.status).toBe(404);
    expect(errorOf(other).code).toBe('not_found');
    const byId = await t.call(places.get, { params: { ...PLACES, id: mine.body.id }, as: 'client' });
    expect(byId.status).toBe(404);
    const write = await t.call(places.create, {
      params: PLACES,
      body: { title: 'Чужая площадка', company_id: t.ids.companies.client2 },
      as: 'client',
    });
    expect(write.status).toBe(404);

    const own = await t.call(places.list, {
      params: PLACES,
      query: { company_id: t.ids.companies.client1, limit: 500 },
      as: 'client',
    });
    const owners = new Set(own.body.items.map((i) => i.company_id));
    expect([...owners].sort()).toEqual([t.ids.companies.client1, null].sort());
    const denied = await t.call(systemRoutes.audit, {
      query: { action: 'access_denied', company_id: t.ids.companies.client2 },
      as: 'admin',
    });
    expect(denied.body.total).toBeGreaterThanOrEqual(3);
  });

  it('a client may not add its own funding sources or contract bases (read-only for clients)', async () => {
    for (const type of [8, 9]) {
      const r = await t.call(catalogRoutes.generic.create, {
        params: { type },
        body: { title: 'Собственный источник', company_id: t.ids.companies.client1 },
        as: 'client',
      });
      expect(r.status).toBe(403);
      expect(errorOf(r).message).toContain('изменяют только сотрудники');
    }
  });

  it('a specialist writes company entries of the companies it serves', async () => {
    const bases = catalogRoutes.generic;
    const r = await t.call(bases.create, {
      params: { type: 9 },
      body: { title: 'Договор по итогам закупки по 44-ФЗ', company_id: t.ids.companies.client2 },
      as: 'specialist',
    });
    expect(r.status).toBe(201);
    const seen = await t.call(bases.list, {
      params: { type: 9 },
      query: { company_id: t.ids.companies.client2, q: '44-ФЗ' },
      as: 'client2',
    });
    expect(seen.body.items.map((i) => i.id)).toContain(r.body.id);
    const notSeen = await t.call(bases.list, {
      params: { type: 9 },
      query: { company_id: t.ids.companies.client1, q: '44-ФЗ' },
      as: 'client',
    });
    expect(notSeen.body.items.map((i) => i.id)).not.toContain(r.body.id);
  });

  it('ОКПД2 has no company entries', async () => {
    const r = await t.call(catalogRoutes.okpd2.importXlsx, { query: { company_id: 1 }, as: 'specialist' });
    expect(r.status).toBe(400);
  });
});
