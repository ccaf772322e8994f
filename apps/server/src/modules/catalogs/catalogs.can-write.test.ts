import { type CatalogDescriptor, catalogByKey, catalogRoutes, systemRoutes } from '@zakupki/shared';
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/harness.js';
import { type Item, type ItemPage, screenCalls, screenOf } from './catalogs.factories.js';

/**
 * `can_write` of list and item answers is what a write of that entry would be allowed to do:
 * for each role, on a global and on a company entry, the flag is compared with a real PUT and
 * archive of the same entry.
 */
const t = testAppForFile();
const call = screenCalls(t);
const ROLES = ['admin', 'specialist', 'operator', 'client'] as const;
type Role = (typeof ROLES)[number];

/** A global and a client1 entry of the catalogue, created by the admin. */
async function entries(d: CatalogDescriptor, label: string) {
  const { r, params } = screenOf(d);
  const make = async (companyId: number | null) => {
    const res = await call(r.create, {
      params,
      body: { title: `${label} ${companyId ? 'компании' : 'общая'} cw`, company_id: companyId },
      as: 'admin',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };
  return { global: await make(null), company: await make(t.ids.companies.client1) };
}

/** The flag the role sees in the list and on the item, then what a write actually answers. */
async function check(d: CatalogDescriptor, role: Role, entry: Item, expected: boolean) {
  const { api } = d;
  const { r, params } = screenOf(d);
  const item = { ...params, id: entry.id };
  const list = await call<ItemPage>(r.list, {
    params,
    query: { company_id: t.ids.companies.client1, q: entry.title },
    as: role,
  });
  expect(list.status, `${role} lists ${api}`).toBe(200);
  const listed = list.body.items.find((i) => i.id === entry.id);
  expect(listed?.can_write, `${role}: can_write in the list of ${api}`).toBe(expected);
  const one = await call(r.get, { params: item, as: role });
  expect(one.body.can_write, `${role}: can_write of ${api}/${entry.id}`).toBe(expected);

  const put = await call(r.update, {
    params: item,
    body: { code: entry.code, title: entry.title },
    as: role,
  });
  expect(put.status, `${role}: PUT ${api}/${entry.id}`).toBe(expected ? 200 : 403);
  if (expected) expect(put.body.can_write).toBe(true);
  const archive = await call(r.archive, { params: item, as: role });
  expect(archive.status, `${role}: archive ${api}/${entry.id}`).toBe(expected ? 200 : 403);
  if (expected) {
    expect(archive.body.can_write).toBe(true);
    const restore = await call(r.restore, { params: item, as: role });
    expect(restore.status).toBe(200);
  }
}

type Expected = Partial<Record<Role, [boolean, boolean]>>;
/** Staff: admin and specialists write both owners (catalogs.write), operators neither. */
const STAFF: Expected = { admin: [true, true], specialist: [true, true], operator: [false, false] };
/** expected can_write of [global, company] entries per role; absent: the role may not open it */
const CASES: { key: string; expected: Expected }[] = [
  { key: 'generic_2', expected: STAFF },
  { key: 'generic_8', expected: { ...STAFF, client: [false, false] } },
  { key: 'exec_2', expected: { ...STAFF, client: [false, true] } },
];

describe('can_write follows the write policy', () => {
  for (const c of CASES) {
    const d = catalogByKey(c.key)!;
    it(`${d.route}: global and company entries for each role`, async () => {
      const { global, company } = await entries(d, d.element);
      for (const role of ROLES) {
        const exp = c.expected[role];
        if (!exp) {
          const { r, params } = screenOf(d);
          expect((await call(r.list, { params, as: role })).status).toBe(403);
          continue;
        }
        await check(d, role, global, exp[0]);
        await check(d, role, company, exp[1]);
      }
    });
  }

  it("a list without a company shows only global entries; a client's flag there is false", async () => {
    const r = await t.call(catalogRoutes.exec.list, {
      params: { type: 2 },
      query: { limit: 100 },
      as: 'client',
    });
    expect(r.body.items.length).toBeGreaterThan(0);
    expect(r.body.items.every((i) => i.company_id === null && i.can_write === false)).toBe(true);
  });

  it('ОКПД2 (global only): admin and specialists write, in the list, the tree and the item', async () => {
    const created = await t.call(catalogRoutes.okpd2.create, {
      body: { code: '26.20.40.120', title: 'Блоки питания cw' },
      as: 'admin',
    });
    expect(created.status).toBe(201);
    for (const role of ['admin', 'specialist', 'operator'] as const) {
      const expected = role !== 'operator';
      const tree = await t.call(catalogRoutes.okpd2.tree, { as: role });
      expect(
        tree.body.every((n) => n.can_write === expected),
        `${role} tree`,
      ).toBe(true);
      await check(catalogByKey('okpd2')!, role, created.body, expected);
    }
  });

  it('tariffs: the admin, who alone opens them, may write every tariff', async () => {
    const tr = catalogRoutes.tariffs;
    const list = await t.call(tr.list, { as: 'admin' });
    expect(list.body.items.length).toBeGreaterThan(0);
    expect(list.body.items.every((i) => i.can_write === true)).toBe(true);
    const first = { id: list.body.items[0].id };
    const one = await t.call(tr.get, { params: first, as: 'admin' });
    expect(one.body.can_write).toBe(true);
    const archived = await t.call(tr.archive, { params: first, as: 'admin' });
    expect(archived.body.can_write).toBe(true);
    await t.call(tr.restore, { params: first, as: 'admin' });
  });

  it('the audit keeps the entry, not the flag of whoever wrote it', async () => {
    const r = await t.call(catalogRoutes.generic.create, {
      params: { type: 6 },
      body: { title: 'Аудит cw' },
      as: 'specialist',
    });
    const audit = await t.call(systemRoutes.audit, {
      query: { entity: 'catalog_entry', entity_id: String(r.body.id) },
      as: 'admin',
    });
    const after = audit.body.items[0].after as Record<string, unknown>;
    expect(after.title).toBe('Аудит cw');
    expect('can_write' in after).toBe(false);
  });
});
