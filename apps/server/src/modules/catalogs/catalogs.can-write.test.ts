import { catalogByKey } from '@zakupki/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';

/**
 * `can_write` of list and item answers is what a write of that entry would be allowed to do:
 * for each role, on a global and on a company entry, the flag is compared with a real PUT and
 * archive of the same entry.
 */
let t: TestApp;
const tok: Record<string, string> = {};
const ROLES = ['admin', 'specialist', 'operator', 'client'] as const;
type Role = (typeof ROLES)[number];
type Item = { id: number; code: string; title: string; company_id: number | null; can_write: boolean };

beforeAll(async () => {
  t = await createTestApp();
  for (const r of ROLES) tok[r] = await t.login(r);
});
afterAll(async () => {
  await t?.close();
});

/** A global and a client1 entry of the catalogue, created by the admin. */
async function entries(api: string, label: string) {
  const make = async (companyId: number | null) => {
    const r = await t.req('POST', api, {
      token: tok.admin,
      body: { title: `${label} ${companyId ? 'компании' : 'общая'} cw`, company_id: companyId },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body as Item;
  };
  return { global: await make(null), company: await make(t.ids.companies.client1) };
}

/** The flag the role sees in the list and on the item, then what a write actually answers. */
async function check(api: string, role: Role, entry: Item, expected: boolean) {
  const list = await t.req(
    'GET',
    `${api}?company_id=${t.ids.companies.client1}&q=${encodeURIComponent(entry.title)}`,
    { token: tok[role] },
  );
  expect(list.status, `${role} lists ${api}`).toBe(200);
  const listed = (list.body.items as Item[]).find((i) => i.id === entry.id);
  expect(listed?.can_write, `${role}: can_write in the list of ${api}`).toBe(expected);
  const one = await t.req('GET', `${api}/${entry.id}`, { token: tok[role] });
  expect(one.body.can_write, `${role}: can_write of ${api}/${entry.id}`).toBe(expected);

  const put = await t.req('PUT', `${api}/${entry.id}`, {
    token: tok[role],
    body: { code: entry.code, title: entry.title },
  });
  expect(put.status, `${role}: PUT ${api}/${entry.id}`).toBe(expected ? 200 : 403);
  if (expected) expect(put.body.can_write).toBe(true);
  const archive = await t.req('POST', `${api}/${entry.id}/archive`, { token: tok[role] });
  expect(archive.status, `${role}: archive ${api}/${entry.id}`).toBe(expected ? 200 : 403);
  if (expected) {
    expect(archive.body.can_write).toBe(true);
    const restore = await t.req('POST', `${api}/${entry.id}/restore`, { token: tok[role] });
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
      const { global, company } = await entries(d.api, d.element);
      for (const role of ROLES) {
        const exp = c.expected[role];
        if (!exp) {
          expect((await t.req('GET', d.api, { token: tok[role] })).status).toBe(403);
          continue;
        }
        await check(d.api, role, global, exp[0]);
        await check(d.api, role, company, exp[1]);
      }
    });
  }

  it("a list without a company shows only global entries; a client's flag there is false", async () => {
    const r = await t.req('GET', '/api/catalogs/exec/2?limit=100', { token: tok.client });
    expect(r.body.items.length).toBeGreaterThan(0);
    expect(r.body.items.every((i: Item) => i.company_id === null && i.can_write === false)).toBe(true);
  });

  it('ОКПД2 (global only): admin and specialists write, in the list, the tree and the item', async () => {
    const created = await t.req('POST', '/api/catalogs/okpd2', {
      token: tok.admin,
      body: { code: '26.20.40.120', title: 'Блоки питания cw' },
    });
    expect(created.status).toBe(201);
    for (const role of ['admin', 'specialist', 'operator'] as const) {
      const expected = role !== 'operator';
      const tree = await t.req('GET', '/api/catalogs/okpd2/tree', { token: tok[role] });
      expect(
        tree.body.every((n: Item) => n.can_write === expected),
        `${role} tree`,
      ).toBe(true);
      await check('/api/catalogs/okpd2', role, created.body, expected);
    }
  });

  it('tariffs: the admin, who alone opens them, may write every tariff', async () => {
    const list = await t.req('GET', '/api/catalogs/tariffs', { token: tok.admin });
    expect(list.body.items.length).toBeGreaterThan(0);
    expect(list.body.items.every((i: Item) => i.can_write === true)).toBe(true);
    const one = await t.req('GET', `/api/catalogs/tariffs/${list.body.items[0].id}`, { token: tok.admin });
    expect(one.body.can_write).toBe(true);
    const archived = await t.req('POST', `/api/catalogs/tariffs/${list.body.items[0].id}/archive`, {
      token: tok.admin,
    });
    expect(archived.body.can_write).toBe(true);
    await t.req('POST', `/api/catalogs/tariffs/${list.body.items[0].id}/restore`, { token: tok.admin });
  });

  it('the audit keeps the entry, not the flag of whoever wrote it', async () => {
    const r = await t.req('POST', '/api/catalogs/generic/6', {
      token: tok.specialist,
      body: { title: 'Аудит cw' },
    });
    const audit = await t.req('GET', `/api/audit?entity=catalog_entry&entity_id=${r.body.id}`, {
      token: tok.admin,
    });
    expect(audit.body.items[0].after.title).toBe('Аудит cw');
    expect('can_write' in audit.body.items[0].after).toBe(false);
  });
});
