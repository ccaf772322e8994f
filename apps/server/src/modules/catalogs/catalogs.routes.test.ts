import { CATALOGS } from '@zakupki/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { ENTRY_CATALOGS, listUrl, VALID_BODY } from './catalogs.fixtures.js';
import { catalogEntryUsage, registerCatalogUsage } from './catalogs.service.js';

let t: TestApp;
const tok: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const r of ['admin', 'specialist', 'operator', 'client']) tok[r] = await t.login(r);
});
afterAll(async () => {
  await t?.close();
});

type Item = Record<string, unknown> & { id: number; code: string; title: string };
const titles = (items: Item[]) => items.map((i) => i.title);

describe('create, read, update of every catalogue (specialist, global entries)', () => {
  for (const d of ENTRY_CATALOGS) {
    it(`${d.route}`, async () => {
      const body = VALID_BODY[d.key];
      const created = await t.req('POST', d.api, { token: tok.specialist, body });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const item = created.body as Item;
      expect(item).toMatchObject({ title: body.title, company_id: null, archived_at: null });
      expect(item.kind).toBe(d.kind);
      expect(item.type_code).toBe(d.type_code);
      if (d.subject_type) expect(item.subject_type).toBe(d.subject_type);
      for (const f of d.fields)
        if (f.key in body && f.key !== 'percent_max') expect(item[f.key]).toEqual(body[f.key]);
      expect(item.code).toMatch(/\S/);

      const got = await t.req('GET', `${d.api}/${item.id}`, { token: tok.operator });
      expect(got.status).toBe(200);
      // the same entry; an operator may not change a global one
      expect(got.body).toEqual({ ...item, can_write: false });
      expect(item.can_write).toBe(true);

      const put = await t.req('PUT', `${d.api}/${item.id}`, {
        token: tok.admin,
        body: { ...body, title: `${body.title} (ред.)` },
      });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      expect(put.body.title).toBe(`${body.title} (ред.)`);
      expect(put.body.code).toBe(item.code);

      const audit = await t.req('GET', `/api/audit?entity=catalog_entry&entity_id=${item.id}`, {
        token: tok.admin,
      });
      expect(audit.body.items.map((a: { action: string }) => a.action)).toEqual(['update', 'create']);
      expect(audit.body.items[0].before.title).toBe(body.title);

      const bad = await t.req('POST', d.api, { token: tok.specialist, body: { ...body, title: '   ' } });
      expect(bad.status).toBe(400);
      expect(bad.body.error.code).toBe('validation_failed');
      expect(bad.body.error.details.issues).toContainEqual({
        path: 'body.title',
        message: 'Обязательное поле',
      });

      const list = await t.req(
        'GET',
        listUrl(d, `q=${encodeURIComponent(String(body.title).slice(0, 12))}`),
        {
          token: tok.specialist,
        },
      );
      expect(titles(list.body.items)).toContain(`${body.title} (ред.)`);
    });
  }
});

describe('kind rules', () => {
  it('percent is canonical and min ≤ max (ensuring)', async () => {
    const r = await t.req('POST', '/api/catalogs/ensuring', {
      token: tok.specialist,
      body: { ...VALID_BODY.ensuring, code: 'e1', percent_min: '40', percent_max: '20' },
    });
    expect(r.status).toBe(400);
    expect(r.body.error.details.issues).toContainEqual({
      path: 'body.percent_max',
      message: 'Максимальный процент не может быть меньше минимального',
    });
    const bad = await t.req('POST', '/api/catalogs/ensuring', {
      token: tok.specialist,
      body: { ...VALID_BODY.ensuring, code: 'e2', percent_max: '101', forms: [] },
    });
    expect(bad.body.error.details.issues.map((i: { path: string }) => i.path).sort()).toEqual([
      'body.forms',
      'body.percent_max',
    ]);
  });

  it('an SME-only method is competitive and electronic', async () => {
    const r = await t.req('POST', '/api/catalogs/methods', {
      token: tok.specialist,
      body: { title: 'Запрос цен среди МСП', sme_only: true, electronic: false },
    });
    expect(r.status).toBe(400);
    expect(r.body.error.details.issues[0].path).toBe('body.sme_only');
  });

  it('user fields: Latin codes, options only for lists', async () => {
    const r = await t.req('POST', '/api/catalogs/userfields', {
      token: tok.specialist,
      body: { code: 'срок', title: 'Срок', field_type: 'select', options: [] },
    });
    expect(r.status).toBe(400);
    const paths = r.body.error.details.issues.map((i: { path: string }) => i.path).sort();
    expect(paths).toEqual(['body.code', 'body.options']);
  });

  it('goods: the ОКПД2 code must be in the catalogue', async () => {
    const r = await t.req('POST', '/api/catalogs/goods', {
      token: tok.specialist,
      body: { title: 'Ракета', subject_kind: 'goods', okpd2_code: '30.30.40.000' },
    });
    expect(r.status).toBe(400);
    expect(r.body.error.details.issues).toEqual([
      { path: 'body.okpd2_code', message: 'Код ОКПД2 не найден в справочнике' },
    ]);
  });

  it('service-execution type 1 needs subject_type; the list filters by it', async () => {
    const r = await t.req('POST', '/api/catalogs/exec/1', {
      token: tok.specialist,
      body: { title: 'Без вида' },
    });
    expect(r.status).toBe(400);
    expect(r.body.error.details.issues).toEqual([
      { path: 'body.subject_type', message: 'Обязательное поле' },
    ]);
    const works = await t.req('GET', '/api/catalogs/exec/1?subject_type=2&limit=100', {
      token: tok.specialist,
    });
    expect(works.body.total).toBeGreaterThan(0);
    expect(new Set(works.body.items.map((i: Item) => i.subject_type))).toEqual(new Set([2]));
    const place = await t.req('POST', '/api/catalogs/exec/2', {
      token: tok.specialist,
      body: { title: 'Склад в Подольске', subject_type: 3 },
    });
    expect(place.body.subject_type).toBeNull();
  });

  it('codes: next free number when empty, 409 duplicate when taken (also by a global entry)', async () => {
    const a = await t.req('POST', '/api/catalogs/generic/8', {
      token: tok.specialist,
      body: { title: 'Грант' },
    });
    expect(Number(a.body.code)).toBeGreaterThanOrEqual(10); // КВФО 1–9 are seeded
    const b = await t.req('POST', '/api/catalogs/generic/8', {
      token: tok.specialist,
      body: { title: 'Заём' },
    });
    expect(Number(b.body.code)).toBe(Number(a.body.code) + 1);
    const dup = await t.req('POST', '/api/catalogs/generic/8', {
      token: tok.specialist,
      body: { title: 'Другое', code: a.body.code },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.error.code).toBe('duplicate');
    expect(dup.body.error.message).toBe(`Запись с кодом «${a.body.code}» уже есть в справочнике`);
    const company = await t.req('POST', '/api/catalogs/generic/8', {
      token: tok.specialist,
      body: { title: 'Своя субсидия', code: '4', company_id: t.ids.companies.client1 },
    });
    expect(company.status).toBe(409);
    expect(company.body.error.message).toContain('среди общих записей');
    const changeOwner = await t.req('PUT', `/api/catalogs/generic/8/${a.body.id}`, {
      token: tok.specialist,
      body: { title: 'Грант', company_id: t.ids.companies.client1 },
    });
    expect(changeOwner.status).toBe(400);
  });

  it('an entry of another catalogue is not found under this one', async () => {
    const methods = await t.req('GET', '/api/catalogs/methods', { token: tok.specialist });
    const r = await t.req('GET', `/api/catalogs/generic/1/${methods.body.items[0].id}`, {
      token: tok.specialist,
    });
    expect(r.status).toBe(404);
    expect((await t.req('GET', '/api/catalogs/generic/3', { token: tok.specialist })).status).toBe(400);
  });
});

describe('search, paging, sorting', () => {
  it('searches code and title case-insensitively', async () => {
    const r = await t.req('GET', '/api/catalogs/methods?q=МАЛОГО&limit=50', { token: tok.specialist });
    expect(r.body.total).toBe(4);
    const byCode = await t.req('GET', '/api/catalogs/methods?q=SINGLE', { token: tok.specialist });
    expect(titles(byCode.body.items)).toEqual([
      'Закупка у единственного поставщика (исполнителя, подрядчика)',
    ]);
    const literal = await t.req('GET', '/api/catalogs/methods?q=%25', { token: tok.specialist });
    expect(literal.body.total).toBe(0);
  });

  it('pages with total; sorts by code (numbers as numbers), title and created_at both ways', async () => {
    const p1 = await t.req('GET', '/api/catalogs/generic/8?limit=4&page=1', { token: tok.specialist });
    const p3 = await t.req('GET', '/api/catalogs/generic/8?limit=4&page=3', { token: tok.specialist });
    expect(p1.body).toMatchObject({ page: 1, limit: 4 });
    expect(p1.body.items.map((i: Item) => i.code)).toEqual(['1', '2', '3', '4']);
    expect(p3.body.items[0].code).toBe('9');
    expect(p3.body.items.map((i: Item) => i.code)).toContain('10');
    const all = await t.req('GET', '/api/catalogs/generic/8?sort=code&limit=100', { token: tok.specialist });
    const codes = all.body.items.map((i: Item) => Number(i.code));
    expect(codes).toEqual([...codes].sort((x, y) => x - y));
    expect(all.body.total).toBe(codes.length);
    const desc = await t.req('GET', '/api/catalogs/generic/8?sort=code&order=desc&limit=100', {
      token: tok.specialist,
    });
    expect(desc.body.items.map((i: Item) => Number(i.code))).toEqual([...codes].reverse());
    const byTitle = await t.req('GET', '/api/catalogs/generic/8?sort=title&limit=100', {
      token: tok.specialist,
    });
    const names = titles(byTitle.body.items);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase(), 'ru')));
    const created = await t.req('GET', '/api/catalogs/methods?sort=created_at&order=asc&limit=1', {
      token: tok.specialist,
    });
    expect(created.body.items[0].code).toBe('open_tender');
    const bad = await t.req('GET', '/api/catalogs/methods?sort=id', { token: tok.specialist });
    expect(bad.status).toBe(400);
  });

  it('every column a descriptor marks sortable is a sort its list takes, both ways', async () => {
    for (const d of CATALOGS)
      for (const c of d.columns.filter((col) => col.sortable))
        for (const order of ['asc', 'desc']) {
          const r = await t.req('GET', listUrl(d, `sort=${c.key}&order=${order}`), { token: tok.admin });
          expect(r.status, `${d.api} sort=${c.key}`).toBe(200);
        }
  });
});

describe('archive, restore, delete', () => {
  it('archived entries leave the list unless include_archived; restore brings them back', async () => {
    const e = await t.req('POST', '/api/catalogs/generic/6', {
      token: tok.specialist,
      body: { title: 'Экономия X' },
    });
    const arch = await t.req('POST', `/api/catalogs/generic/6/${e.body.id}/archive`, {
      token: tok.specialist,
    });
    expect(arch.status).toBe(200);
    expect(arch.body.archived_at).not.toBeNull();
    const list = await t.req('GET', '/api/catalogs/generic/6?q=Экономия X', { token: tok.specialist });
    expect(list.body.total).toBe(0);
    const all = await t.req('GET', '/api/catalogs/generic/6?q=Экономия X&include_archived=true', {
      token: tok.specialist,
    });
    expect(all.body.total).toBe(1);
    const rest = await t.req('POST', `/api/catalogs/generic/6/${e.body.id}/restore`, {
      token: tok.specialist,
    });
    expect(rest.body.archived_at).toBeNull();
    const audit = await t.req('GET', `/api/audit?entity=catalog_entry&entity_id=${e.body.id}`, {
      token: tok.admin,
    });
    expect(audit.body.items.map((a: { action: string }) => a.action)).toEqual([
      'restore',
      'archive',
      'create',
    ]);
  });

  it('deletes an entry nothing uses; one in use answers 409 has_dependents and stays', async () => {
    const free = await t.req('POST', '/api/catalogs/generic/7', {
      token: tok.specialist,
      body: { title: 'Справка X' },
    });
    expect(
      (await t.req('DELETE', `/api/catalogs/generic/7/${free.body.id}`, { token: tok.specialist })).status,
    ).toBe(204);
    expect(
      (await t.req('GET', `/api/catalogs/generic/7/${free.body.id}`, { token: tok.specialist })).status,
    ).toBe(404);

    const used = await t.req('POST', '/api/catalogs/generic/9', {
      token: tok.specialist,
      body: { title: 'Основание Y' },
    });
    const unregister = registerCatalogUsage({
      name: 'Договоры',
      count: async (_db, entry) => (entry.id === used.body.id ? 3 : 0),
    });
    try {
      expect(await catalogEntryUsage(t.app.deps.db, used.body.id)).toEqual([{ name: 'Договоры', count: 3 }]);
      const del = await t.req('DELETE', `/api/catalogs/generic/9/${used.body.id}`, { token: tok.specialist });
      expect(del.status).toBe(409);
      expect(del.body.error.code).toBe('has_dependents');
      expect(del.body.error.message).toBe(
        'Запись «Основание Y» используется (Договоры: 3); её можно только перенести в архив',
      );
      expect(
        (await t.req('GET', `/api/catalogs/generic/9/${used.body.id}`, { token: tok.specialist })).status,
      ).toBe(200);
      const arch = await t.req('POST', `/api/catalogs/generic/9/${used.body.id}/archive`, {
        token: tok.specialist,
      });
      expect(arch.status).toBe(200);
    } finally {
      unregister();
    }
    expect(await catalogEntryUsage(t.app.deps.db, used.body.id)).toEqual([]);
  });
});

describe('ОКПД2 tree', () => {
  it('sections at the root, children by parent, a new code under its nearest ancestor', async () => {
    const roots = await t.req('GET', '/api/catalogs/okpd2/tree', { token: tok.specialist });
    expect(roots.body.map((n: Item) => n.code)).toEqual('ABCDEFGHIJKLMNOPQRSTU'.split(''));
    const c = roots.body.find((n: Item) => n.code === 'C');
    const classes = await t.req('GET', `/api/catalogs/okpd2/tree?parent_id=${c.id}`, {
      token: tok.specialist,
    });
    expect(classes.body.map((n: Item) => n.code)).toContain('26');
    expect(classes.body.every((n: Item) => n.parent_code === 'C' && n.level === 1)).toBe(true);

    const created = await t.req('POST', '/api/catalogs/okpd2', {
      token: tok.specialist,
      body: { code: '26.20.40.110', title: 'Устройства и блоки питания вычислительных машин' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ parent_code: '26.20.40', level: 6, has_children: false });
    const bad = await t.req('POST', '/api/catalogs/okpd2', {
      token: tok.specialist,
      body: { code: '26.2.1', title: 'Неверный код' },
    });
    expect(bad.status).toBe(400);

    const node = await t.req('GET', '/api/catalogs/okpd2?q=26.20.11&sort=code&limit=1', {
      token: tok.specialist,
    });
    expect(node.body.items[0]).toMatchObject({
      code: '26.20.11',
      has_children: true,
      parent_code: '26.20.1',
    });
    const del = await t.req('DELETE', `/api/catalogs/okpd2/${node.body.items[0].id}`, {
      token: tok.specialist,
    });
    expect(del.status).toBe(409);
    expect(del.body.error.message).toContain('Подчинённые коды ОКПД2: 1');
    const recode = await t.req('PUT', `/api/catalogs/okpd2/${node.body.items[0].id}`, {
      token: tok.specialist,
      body: { code: '26.20.12', title: 'Переименованный' },
    });
    expect(recode.status).toBe(409);

    const goodsCode = await t.req('GET', '/api/catalogs/okpd2?q=81.21.10&sort=code', {
      token: tok.specialist,
    });
    const leaf = goodsCode.body.items.find((i: Item) => i.code === '81.21.10');
    const inUse = await t.req('DELETE', `/api/catalogs/okpd2/${leaf.id}`, { token: tok.specialist });
    expect(inUse.body.error.message).toContain('Товары, работы, услуги: 1');
  });

  it('a found code carries the codes and titles of its ancestors, section first', async () => {
    const r = await t.req('GET', '/api/catalogs/okpd2?q=26.20.11.110', { token: tok.operator });
    const [found] = r.body.items;
    expect(found.code).toBe('26.20.11.110');
    const path = found.path as { id: number; code: string; title: string }[];
    expect(path.map((p) => p.code)).toEqual(['C', '26', '26.2', '26.20', '26.20.1', '26.20.11']);
    expect(path[0].title).toBe('Продукция обрабатывающих производств');
    expect(path[1].title).toBe('Оборудование компьютерное, электронное и оптическое');
    expect(path[4].title).toBe('Компьютеры, их части и принадлежности');
    expect(path.at(-1)?.id).toBe(found.parent_id);
    // the item and the tree answer the same path; a section has none
    const one = await t.req('GET', `/api/catalogs/okpd2/${found.id}`, { token: tok.operator });
    expect(one.body.path).toEqual(path);
    const roots = await t.req('GET', '/api/catalogs/okpd2/tree', { token: tok.operator });
    expect(roots.body.every((n: Item) => Array.isArray(n.path) && n.path.length === 0)).toBe(true);
    const children = await t.req('GET', `/api/catalogs/okpd2/tree?parent_id=${path[4].id}`, {
      token: tok.operator,
    });
    expect(children.body[0].path.map((p: { code: string }) => p.code)).toEqual(
      path.slice(0, 5).map((p) => p.code),
    );
  });
});
