import { CATALOGS, catalogRoutes, systemRoutes } from '@zakupki/shared';
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/harness.js';
import { currentScope } from '../../lib/request-scope.js';
import { defineModule } from '../../plugins/module.js';
import { MODULES } from '../index.js';
import {
  ENTRY_CATALOGS,
  errorOf,
  type Item,
  type ItemPage,
  listQuery,
  screenCalls,
  screenOf,
  VALID_BODY,
} from './catalogs.factories.js';
import { catalogEntryUsage } from './catalogs.service.js';

/** A module of this file that refers to one entry (set by the test) three times; its calls are counted. */
let referenced: number | null = null;
let checkerCalls = 0;
const referring = defineModule({
  name: 'referring',
  catalogUsage: [
    {
      name: 'Договоры',
      count: async (_db, entries) => {
        checkerCalls++;
        return new Map(entries.filter((e) => e.id === referenced).map((e) => [e.id, 3]));
      },
    },
  ],
});
const t = testAppForFile({}, { modules: [...MODULES, referring] });
const call = screenCalls(t);
const titles = (items: { title: string }[]) => items.map((i) => i.title);

describe('create, read, update of every catalogue (specialist, global entries)', () => {
  for (const d of ENTRY_CATALOGS) {
    it(`${d.route}`, async () => {
      const body = VALID_BODY[d.key];
      const { r, params } = screenOf(d);
      const created = await call(r.create, { params, body, as: 'specialist' });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const item = created.body as Item;
      expect(item).toMatchObject({ title: body.title, company_id: null, archived_at: null });
      expect(item.kind).toBe(d.kind);
      expect(item.type_code).toBe(d.type_code);
      if (d.subject_type) expect(item.subject_type).toBe(d.subject_type);
      for (const f of d.fields)
        if (f.key in body && f.key !== 'percent_max') expect(item[f.key]).toEqual(body[f.key]);
      expect(item.code).toMatch(/\S/);

      const got = await call(r.get, { params: { ...params, id: item.id }, as: 'operator' });
      expect(got.status).toBe(200);
      // the same entry; an operator may not change a global one
      expect(got.body).toEqual({ ...item, can_write: false, can_delete: false });
      expect(item.can_write).toBe(true);

      const put = await call(r.update, {
        params: { ...params, id: item.id },
        body: { ...body, title: `${body.title} (ред.)` },
        as: 'admin',
      });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      expect(put.body.title).toBe(`${body.title} (ред.)`);
      expect(put.body.code).toBe(item.code);

      const audit = await t.call(systemRoutes.audit, {
        query: { entity: 'catalog_entry', entity_id: item.id },
        as: 'admin',
      });
      expect(audit.body.items.map((a) => a.action)).toEqual(['update', 'create']);
      expect((audit.body.items[0].before as Item).title).toBe(body.title);

      const bad = await call(r.create, { params, body: { ...body, title: '   ' }, as: 'specialist' });
      expect(bad.status).toBe(400);
      expect(errorOf(bad).code).toBe('validation_failed');
      expect(errorOf(bad).details.issues).toContainEqual({
        path: 'body.title',
        message: 'Обязательное поле',
      });

      const list = await call<ItemPage>(r.list, {
        params,
        query: listQuery(d, { q: String(body.title).slice(0, 12) }),
        as: 'specialist',
      });
      expect(titles(list.body.items)).toContain(`${body.title} (ред.)`);
    });
  }
});

describe('kind rules', () => {
  it('percent is canonical and min ≤ max (ensuring)', async () => {
    const r = await t.call(catalogRoutes.ensuring.create, {
      invalidBody: { ...VALID_BODY.ensuring, code: 'e1', percent_min: '40', percent_max: '20' },
      as: 'specialist',
    });
    expect(r.status).toBe(400);
    expect(errorOf(r).details.issues).toContainEqual({
      path: 'body.percent_max',
      message: 'Максимальный процент не может быть меньше минимального',
    });
    const bad = await t.call(catalogRoutes.ensuring.create, {
      invalidBody: { ...VALID_BODY.ensuring, code: 'e2', percent_max: '101', forms: [] },
      as: 'specialist',
    });
    expect(
      errorOf(bad)
        .details.issues.map((i: { path: string }) => i.path)
        .sort(),
    ).toEqual(['body.forms', 'body.percent_max']);
  });

  it('an SME-only method is competitive and electronic', async () => {
    const r = await t.call(catalogRoutes.methods.create, {
      body: { title: 'Запрос цен среди МСП', sme_only: true, electronic: false },
      as: 'specialist',
    });
    expect(r.status).toBe(400);
    expect(errorOf(r).details.issues[0].path).toBe('body.sme_only');
  });

  it('user fields: Latin codes, options only for lists', async () => {
    const r = await t.call(catalogRoutes.userfields.create, {
      body: { code: 'срок', title: 'Срок', field_type: 'select', options: [] },
      as: 'specialist',
    });
    expect(r.status).toBe(400);
    const paths = errorOf(r)
      .details.issues.map((i: { path: string }) => i.path)
      .sort();
    expect(paths).toEqual(['body.code', 'body.options']);
  });

  it('goods: the ОКПД2 code must be in the catalogue', async () => {
    const r = await t.call(catalogRoutes.goods.create, {
      body: { title: 'Ракета', subject_kind: 'goods', okpd2_code: '30.30.40.000' },
      as: 'specialist',
    });
    expect(r.status).toBe(400);
    expect(errorOf(r).details.issues).toEqual([
      { path: 'body.okpd2_code', message: 'Код ОКПД2 не найден в справочнике' },
    ]);
  });

  it('service-execution type 1 needs subject_type; the list filters by it', async () => {
    const r = await t.call(catalogRoutes.exec.create, {
      params: { type: 1 },
      body: { title: 'Без вида' },
      as: 'specialist',
    });
    expect(r.status).toBe(400);
    expect(errorOf(r).details.issues).toEqual([{ path: 'body.subject_type', message: 'Обязательное поле' }]);
    const works = await t.call(catalogRoutes.exec.list, {
      params: { type: 1 },
      query: { subject_type: 2, limit: 100 },
      as: 'specialist',
    });
    expect(works.body.total).toBeGreaterThan(0);
    expect(new Set(works.body.items.map((i) => i.subject_type))).toEqual(new Set([2]));
    const place = await t.call(catalogRoutes.exec.create, {
      params: { type: 2 },
      body: { title: 'Склад в Подольске', subject_type: 3 },
      as: 'specialist',
    });
    expect(place.body.subject_type).toBeNull();
  });

  it('codes: next free number when empty, 409 duplicate when taken (also by a global entry)', async () => {
    const a = await t.call(catalogRoutes.generic.create, {
      params: { type: 8 },
      body: { title: 'Грант' },
      as: 'specialist',
    });
    expect(Number(a.body.code)).toBeGreaterThanOrEqual(10); // КВФО 1–9 are seeded
    const b = await t.call(catalogRoutes.generic.create, {
      params: { type: 8 },
      body: { title: 'Заём' },
      as: 'specialist',
    });
    expect(Number(b.body.code)).toBe(Number(a.body.code) + 1);
    const dup = await t.call(catalogRoutes.generic.create, {
      params: { type: 8 },
      body: { title: 'Другое', code: a.body.code },
      as: 'specialist',
    });
    expect(dup.status).toBe(409);
    expect(errorOf(dup).code).toBe('duplicate');
    expect(errorOf(dup).message).toBe(`Запись с кодом «${a.body.code}» уже есть в справочнике`);
    const company = await t.call(catalogRoutes.generic.create, {
      params: { type: 8 },
      body: { title: 'Своя субсидия', code: '4', company_id: t.ids.companies.client1 },
      as: 'specialist',
    });
    expect(company.status).toBe(409);
    expect(errorOf(company).message).toContain('среди общих записей');
    const changeOwner = await t.call(catalogRoutes.generic.update, {
      params: { type: 8, id: a.body.id },
      body: { title: 'Грант', company_id: t.ids.companies.client1 },
      as: 'specialist',
    });
    expect(changeOwner.status).toBe(400);
  });

  it('an entry of another catalogue is not found under this one', async () => {
    const methods = await t.call(catalogRoutes.methods.list, { as: 'specialist' });
    const r = await t.call(catalogRoutes.generic.get, {
      params: { type: 1, id: methods.body.items[0].id },
      as: 'specialist',
    });
    expect(r.status).toBe(404);
    expect((await t.call(catalogRoutes.generic.list, { params: { type: 3 }, as: 'specialist' })).status).toBe(
      400,
    );
  });
});

describe('search, paging, sorting', () => {
  it('searches code and title case-insensitively', async () => {
    const r = await t.call(catalogRoutes.methods.list, {
      query: { q: 'МАЛОГО', limit: 50 },
      as: 'specialist',
    });
    expect(r.body.total).toBe(4);
    const byCode = await t.call(catalogRoutes.methods.list, { query: { q: 'SINGLE' }, as: 'specialist' });
    expect(titles(byCode.body.items)).toEqual([
      'Закупка у единственного поставщика (исполнителя, подрядчика)',
    ]);
    const literal = await t.call(catalogRoutes.methods.list, { query: { q: '%' }, as: 'specialist' });
    expect(literal.body.total).toBe(0);
  });

  it('pages with total; sorts by code (numbers as numbers), title and created_at both ways', async () => {
    const p1 = await t.call(catalogRoutes.generic.list, {
      params: { type: 8 },
      query: { limit: 4, page: 1 },
      as: 'specialist',
    });
    const p3 = await t.call(catalogRoutes.generic.list, {
      params: { type: 8 },
      query: { limit: 4, page: 3 },
      as: 'specialist',
    });
    expect(p1.body).toMatchObject({ page: 1, limit: 4 });
    expect(p1.body.items.map((i) => i.code)).toEqual(['1', '2', '3', '4']);
    expect(p3.body.items[0].code).toBe('9');
    expect(p3.body.items.map((i) => i.code)).toContain('10');
    const all = await t.call(catalogRoutes.generic.list, {
      params: { type: 8 },
      query: { sort: 'code', limit: 100 },
      as: 'specialist',
    });
    const codes = all.body.items.map((i) => Number(i.code));
    expect(codes).toEqual([...codes].sort((x, y) => x - y));
    expect(all.body.total).toBe(codes.length);
    const desc = await t.call(catalogRoutes.generic.list, {
      params: { type: 8 },
      query: { sort: 'code', order: 'desc', limit: 100 },
      as: 'specialist',
    });
    expect(desc.body.items.map((i) => Number(i.code))).toEqual([...codes].reverse());
    const byTitle = await t.call(catalogRoutes.generic.list, {
      params: { type: 8 },
      query: { sort: 'title', limit: 100 },
      as: 'specialist',
    });
    const names = titles(byTitle.body.items);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase(), 'ru')));
    const created = await t.call(catalogRoutes.methods.list, {
      query: { sort: 'created_at', order: 'asc', limit: 1 },
      as: 'specialist',
    });
    expect(created.body.items[0].code).toBe('open_tender');
    const bad = await t.call(catalogRoutes.methods.list, { query: { sort: 'id' }, as: 'specialist' });
    expect(bad.status).toBe(400);
  });

  it('every column a descriptor marks sortable is a sort its list takes, both ways', async () => {
    for (const d of CATALOGS)
      for (const c of d.columns.filter((col) => col.sortable))
        for (const order of ['asc', 'desc']) {
          const { r: routes, params } = screenOf(d);
          const r = await call(routes.list, {
            params,
            query: listQuery(d, { sort: c.key, order }),
            as: 'admin',
          });
          expect(r.status, `${d.api} sort=${c.key}`).toBe(200);
        }
  });
});

describe('archive, restore, delete', () => {
  it('archived entries leave the list unless include_archived; restore brings them back', async () => {
    const e = await t.call(catalogRoutes.generic.create, {
      params: { type: 6 },
      body: { title: 'Экономия X' },
      as: 'specialist',
    });
    const arch = await t.call(catalogRoutes.generic.archive, {
      params: { type: 6, id: e.body.id },
      as: 'specialist',
    });
    expect(arch.status).toBe(200);
    expect(arch.body.archived_at).not.toBeNull();
    const list = await t.call(catalogRoutes.generic.list, {
      params: { type: 6 },
      query: { q: 'Экономия X' },
      as: 'specialist',
    });
    expect(list.body.total).toBe(0);
    const all = await t.call(catalogRoutes.generic.list, {
      params: { type: 6 },
      query: { q: 'Экономия X', include_archived: 'true' },
      as: 'specialist',
    });
    expect(all.body.total).toBe(1);
    const rest = await t.call(catalogRoutes.generic.restore, {
      params: { type: 6, id: e.body.id },
      as: 'specialist',
    });
    expect(rest.body.archived_at).toBeNull();
    const audit = await t.call(systemRoutes.audit, {
      query: { entity: 'catalog_entry', entity_id: e.body.id },
      as: 'admin',
    });
    expect(audit.body.items.map((a) => a.action)).toEqual(['restore', 'archive', 'create']);
  });

  it('can_delete of a page of entries costs a fixed number of queries, whatever the page size', async () => {
    // funding sources: counted by the catalogues, procurements, contracts and this file's module
    for (let k = 1; k <= 12; k++) {
      const made = await t.call(catalogRoutes.generic.create, {
        params: { type: 8 },
        body: { title: `Источник страницы ${k}` },
        as: 'specialist',
      });
      expect(made.status).toBe(201);
    }
    const pg = t.app.deps.database.pool ? (await import('pg')).default : null;
    const page = async (limit: number) => {
      checkerCalls = 0;
      let queries = 0;
      const original = pg?.Client.prototype.query;
      if (pg && original) {
        pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
          // the request's own statements (background jobs of the app query meanwhile)
          if (currentScope()) queries++;
          return (original as (...a: unknown[]) => unknown).apply(this, args);
        } as typeof original;
      }
      try {
        const r = await t.call(catalogRoutes.generic.list, {
          params: { type: 8 },
          query: { q: 'Источник страницы', limit },
          as: 'specialist',
        });
        expect(r.body.items).toHaveLength(limit);
        expect(r.body.items.every((i) => i.can_delete)).toBe(true);
      } finally {
        if (pg && original) pg.Client.prototype.query = original;
      }
      return { checkerCalls, queries };
    };
    const three = await page(3);
    const twelve = await page(12);
    // the declared checker is asked once for the page, not once per entry
    expect(three.checkerCalls).toBe(1);
    expect(twelve.checkerCalls).toBe(1);
    // and every statement of the request is the same for 3 entries as for 12 (counted on PostgreSQL)
    if (pg) expect(three.queries).toBeGreaterThan(0);
    expect(twelve.queries).toBe(three.queries);
  });

  it('deletes an entry nothing uses; one in use answers 409 has_dependents and stays', async () => {
    const free = await t.call(catalogRoutes.generic.create, {
      params: { type: 7 },
      body: { title: 'Справка X' },
      as: 'specialist',
    });
    expect(free.body.can_delete).toBe(true);
    expect(
      (
        await t.call(catalogRoutes.generic.remove, {
          params: { type: 7, id: free.body.id },
          as: 'specialist',
        })
      ).status,
    ).toBe(204);
    expect(
      (await t.call(catalogRoutes.generic.get, { params: { type: 7, id: free.body.id }, as: 'specialist' }))
        .status,
    ).toBe(404);

    const used = await t.call(catalogRoutes.generic.create, {
      params: { type: 9 },
      body: { title: 'Основание Y' },
      as: 'specialist',
    });
    referenced = used.body.id;
    try {
      expect(await catalogEntryUsage(t.app.deps, t.app.deps.db, used.body.id)).toEqual([
        { name: 'Договоры', count: 3 },
      ]);
      const del = await t.call(catalogRoutes.generic.remove, {
        params: { type: 9, id: used.body.id },
        as: 'specialist',
      });
      expect(del.status).toBe(409);
      expect(errorOf(del).code).toBe('has_dependents');
      expect(errorOf(del).message).toBe(
        'Запись «Основание Y» используется (Договоры: 3); её можно только перенести в архив',
      );
      // the entry says so itself: «Удалить» is not offered (the same checkers answer both)
      const got = await t.call(catalogRoutes.generic.get, {
        params: { type: 9, id: used.body.id },
        as: 'specialist',
      });
      expect(got.status).toBe(200);
      expect(got.body).toMatchObject({ can_write: true, can_delete: false });
      const listed = await t.call(catalogRoutes.generic.list, {
        params: { type: 9 },
        query: { q: 'Основание Y' },
        as: 'specialist',
      });
      expect(listed.body.items.map((x) => [x.title, x.can_delete])).toEqual([['Основание Y', false]]);
      const arch = await t.call(catalogRoutes.generic.archive, {
        params: { type: 9, id: used.body.id },
        as: 'specialist',
      });
      expect(arch.status).toBe(200);
    } finally {
      referenced = null;
    }
    expect(await catalogEntryUsage(t.app.deps, t.app.deps.db, used.body.id)).toEqual([]);
  });
});

describe('ОКПД2 tree', () => {
  it('sections at the root, children by parent, a new code under its nearest ancestor', async () => {
    const roots = await t.call(catalogRoutes.okpd2.tree, { as: 'specialist' });
    expect(roots.body.map((n) => n.code)).toEqual('ABCDEFGHIJKLMNOPQRSTU'.split(''));
    const c = roots.body.find((n) => n.code === 'C')!;
    const classes = await t.call(catalogRoutes.okpd2.tree, { query: { parent_id: c.id }, as: 'specialist' });
    expect(classes.body.map((n) => n.code)).toContain('26');
    expect(classes.body.every((n) => n.parent_code === 'C' && n.level === 1)).toBe(true);

    const created = await t.call(catalogRoutes.okpd2.create, {
      body: { code: '26.20.40.110', title: 'Устройства и блоки питания вычислительных машин' },
      as: 'specialist',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ parent_code: '26.20.40', level: 6, has_children: false });
    const bad = await t.call(catalogRoutes.okpd2.create, {
      body: { code: '26.2.1', title: 'Неверный код' },
      as: 'specialist',
    });
    expect(bad.status).toBe(400);

    const node = await t.call(catalogRoutes.okpd2.list, {
      query: { q: '26.20.11', sort: 'code', limit: 1 },
      as: 'specialist',
    });
    expect(node.body.items[0]).toMatchObject({
      code: '26.20.11',
      has_children: true,
      parent_code: '26.20.1',
    });
    const del = await t.call(catalogRoutes.okpd2.remove, {
      params: { id: node.body.items[0].id },
      as: 'specialist',
    });
    expect(del.status).toBe(409);
    expect(errorOf(del).message).toContain('Подчинённые коды ОКПД2: 1');
    const recode = await t.call(catalogRoutes.okpd2.update, {
      params: { id: node.body.items[0].id },
      body: { code: '26.20.12', title: 'Переименованный' },
      as: 'specialist',
    });
    expect(recode.status).toBe(409);

    const goodsCode = await t.call(catalogRoutes.okpd2.list, {
      query: { q: '81.21.10', sort: 'code' },
      as: 'specialist',
    });
    const leaf = goodsCode.body.items.find((i) => i.code === '81.21.10')!;
    const inUse = await t.call(catalogRoutes.okpd2.remove, { params: { id: leaf.id }, as: 'specialist' });
    expect(errorOf(inUse).message).toContain('Товары, работы, услуги: 1');
  });

  it('a found code carries the codes and titles of its ancestors, section first', async () => {
    const r = await t.call(catalogRoutes.okpd2.list, { query: { q: '26.20.11.110' }, as: 'operator' });
    const [found] = r.body.items;
    expect(found.code).toBe('26.20.11.110');
    const path = found.path as { id: number; code: string; title: string }[];
    expect(path.map((p) => p.code)).toEqual(['C', '26', '26.2', '26.20', '26.20.1', '26.20.11']);
    expect(path[0].title).toBe('Продукция обрабатывающих производств');
    expect(path[1].title).toBe('Оборудование компьютерное, электронное и оптическое');
    expect(path[4].title).toBe('Компьютеры, их части и принадлежности');
    expect(path.at(-1)?.id).toBe(found.parent_id);
    // the item and the tree answer the same path; a section has none
    const one = await t.call(catalogRoutes.okpd2.get, { params: { id: found.id }, as: 'operator' });
    expect(one.body.path).toEqual(path);
    const roots = await t.call(catalogRoutes.okpd2.tree, { as: 'operator' });
    expect(roots.body.every((n) => Array.isArray(n.path) && n.path.length === 0)).toBe(true);
    const children = await t.call(catalogRoutes.okpd2.tree, {
      query: { parent_id: path[4].id },
      as: 'operator',
    });
    expect(children.body[0].path.map((p: { code: string }) => p.code)).toEqual(
      path.slice(0, 5).map((p) => p.code),
    );
  });
});
