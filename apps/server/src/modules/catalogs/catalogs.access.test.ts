import { CATALOGS, catalogByKey } from '@zakupki/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { ENTRY_CATALOGS, listUrl, VALID_BODY } from './catalogs.fixtures.js';

let t: TestApp;
const tok: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const r of ['admin', 'specialist', 'operator', 'client', 'client2']) tok[r] = await t.login(r);
});
afterAll(async () => {
  await t?.close();
});

const byKey = (k: string) => catalogByKey(k)!;

describe('who may open each catalogue (docs/product.md §2, §6)', () => {
  for (const d of CATALOGS) {
    it(`${d.route} (${d.access})`, async () => {
      const expected: Record<string, number> = {
        admin: 200,
        specialist: d.access === 'admin' ? 403 : 200,
        operator: d.access === 'admin' ? 403 : 200,
        client: d.access === 'login' ? 200 : 403,
      };
      for (const [role, status] of Object.entries(expected)) {
        const r = await t.req('GET', listUrl(d), { token: tok[role] });
        expect(r.status, `${role} on ${d.api}`).toBe(status);
        if (status === 200) expect(r.body.total, `${role} sees the seeded ${d.route}`).toBeGreaterThan(0);
        else {
          expect(r.body.error.code).toBe('forbidden');
          expect(r.body.error.message).toContain(d.title);
        }
      }
    });
  }

  it('a client is refused the staff-only extras too: the ОКПД2 tree, export, import', async () => {
    expect((await t.req('GET', '/api/catalogs/okpd2/tree', { token: tok.client })).status).toBe(403);
    expect((await t.req('GET', '/api/catalogs/methods/export.xlsx', { token: tok.client })).status).toBe(403);
    expect((await t.req('GET', '/api/catalogs/tariffs/export.xlsx', { token: tok.specialist })).status).toBe(
      403,
    );
    const methods = await t.req('GET', '/api/catalogs/methods', { token: tok.specialist });
    const one = await t.req('GET', `/api/catalogs/methods/${methods.body.items[0].id}`, {
      token: tok.client,
    });
    expect(one.status).toBe(403);
  });

  it('without a session every catalogue answers 401', async () => {
    expect((await t.req('GET', '/api/catalogs/generic/8')).status).toBe(401);
  });
});

describe('who may write', () => {
  for (const d of ENTRY_CATALOGS) {
    it(`${d.route}: staff-only writes refuse clients and operators`, async () => {
      const body = VALID_BODY[d.key];
      const client = await t.req('POST', d.api, {
        token: tok.client,
        body: d.company_entries ? { ...body, company_id: t.ids.companies.client1 } : body,
      });
      expect(client.status, 'client').toBe(d.client_writes ? 201 : 403);
      const operator = await t.req('POST', d.api, { token: tok.operator, body });
      expect(operator.status, 'operator on a global entry').toBe(403);
      expect(operator.body.error.message).toContain('администратор и специалисты');
    });
  }

  it('an operator has no catalogs.write in a company: company entries are refused too', async () => {
    const r = await t.req('POST', '/api/catalogs/exec/2', {
      token: tok.operator,
      body: { title: 'Склад оператора', company_id: t.ids.companies.client1 },
    });
    expect(r.status).toBe(403);
  });

  it('a client adds and edits its own place of delivery, not a global one', async () => {
    const own = await t.req('POST', '/api/catalogs/exec/2', {
      token: tok.client,
      body: { title: 'Подстанция «Южная», г. Видное', company_id: t.ids.companies.client1 },
    });
    expect(own.status).toBe(201);
    expect(own.body).toMatchObject({ company_id: t.ids.companies.client1, company_title: 'АО «Энергосеть»' });
    const edit = await t.req('PUT', `/api/catalogs/exec/2/${own.body.id}`, {
      token: tok.client,
      body: { title: 'Подстанция «Южная», г. Видное, ул. Заводская, д. 1' },
    });
    expect(edit.status).toBe(200);
    expect(edit.body.title).toBe('Подстанция «Южная», г. Видное, ул. Заводская, д. 1');
    expect(
      (await t.req('POST', `/api/catalogs/exec/2/${own.body.id}/archive`, { token: tok.client })).status,
    ).toBe(200);

    const list = await t.req('GET', `/api/catalogs/exec/2?company_id=${t.ids.companies.client1}&limit=100`, {
      token: tok.client,
    });
    const global = list.body.items.find((i: { company_id: number | null }) => i.company_id === null);
    const put = await t.req('PUT', `/api/catalogs/exec/2/${global.id}`, {
      token: tok.client,
      body: { title: 'Переименовано клиентом' },
    });
    expect(put.status).toBe(403);
    expect(put.body.error.message).toBe(
      `Общие записи справочника «${byKey('exec_2').title}» изменяют только администратор и специалисты`,
    );
    const archive = await t.req('POST', `/api/catalogs/exec/2/${global.id}/archive`, { token: tok.client });
    expect(archive.status).toBe(403);
    const globalPost = await t.req('POST', '/api/catalogs/exec/2', {
      token: tok.client,
      body: { title: 'Общая' },
    });
    expect(globalPost.status).toBe(403);
  });

  it("a client reads global + own entries, never another company's (404, audited)", async () => {
    const mine = await t.req('POST', '/api/catalogs/exec/2', {
      token: tok.client2,
      body: { title: 'Насосная станция №2, Санкт-Петербург', company_id: t.ids.companies.client2 },
    });
    expect(mine.status).toBe(201);
    const other = await t.req('GET', `/api/catalogs/exec/2?company_id=${t.ids.companies.client2}`, {
      token: tok.client,
    });
    expect(other.status).toBe(404);
    expect(other.body.error.code).toBe('not_found');
    const byId = await t.req('GET', `/api/catalogs/exec/2/${mine.body.id}`, { token: tok.client });
    expect(byId.status).toBe(404);
    const write = await t.req('POST', '/api/catalogs/exec/2', {
      token: tok.client,
      body: { title: 'Чужая площадка', company_id: t.ids.companies.client2 },
    });
    expect(write.status).toBe(404);

    const own = await t.req('GET', `/api/catalogs/exec/2?company_id=${t.ids.companies.client1}&limit=500`, {
      token: tok.client,
    });
    const owners = new Set(own.body.items.map((i: { company_id: number | null }) => i.company_id));
    expect([...owners].sort()).toEqual([t.ids.companies.client1, null].sort());
    const denied = await t.req(
      'GET',
      `/api/audit?action=access_denied&company_id=${t.ids.companies.client2}`,
      {
        token: tok.admin,
      },
    );
    expect(denied.body.total).toBeGreaterThanOrEqual(3);
  });

  it('a client may not add its own funding sources or contract bases (read-only for clients)', async () => {
    for (const type of [8, 9]) {
      const r = await t.req('POST', `/api/catalogs/generic/${type}`, {
        token: tok.client,
        body: { title: 'Собственный источник', company_id: t.ids.companies.client1 },
      });
      expect(r.status).toBe(403);
      expect(r.body.error.message).toContain('изменяют только сотрудники');
    }
  });

  it('a specialist writes company entries of the companies it serves', async () => {
    const r = await t.req('POST', '/api/catalogs/generic/9', {
      token: tok.specialist,
      body: { title: 'Договор по итогам закупки по 44-ФЗ', company_id: t.ids.companies.client2 },
    });
    expect(r.status).toBe(201);
    const seen = await t.req('GET', `/api/catalogs/generic/9?company_id=${t.ids.companies.client2}&q=44-ФЗ`, {
      token: tok.client2,
    });
    expect(seen.body.items.map((i: { id: number }) => i.id)).toContain(r.body.id);
    const notSeen = await t.req(
      'GET',
      `/api/catalogs/generic/9?company_id=${t.ids.companies.client1}&q=44-ФЗ`,
      {
        token: tok.client,
      },
    );
    expect(notSeen.body.items.map((i: { id: number }) => i.id)).not.toContain(r.body.id);
  });

  it('ОКПД2 has no company entries', async () => {
    const r = await t.req('POST', '/api/catalogs/okpd2/import?company_id=1', { token: tok.specialist });
    expect(r.status).toBe(400);
  });
});
