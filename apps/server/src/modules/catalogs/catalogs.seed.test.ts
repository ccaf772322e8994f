import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { catalogRoutes, OKPD2_CODE_RE, okpd2ParentCode, USERFIELD_CODE_RE } from '@zakupki/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/harness.js';
import { catalogEntries, tariffs } from '../../db/schema/index.js';
import { seedReference } from '../../db/seed/index.js';
import { MIGRATIONS_DIR } from '../../paths.js';
import { FIELD_ALIASES } from '../procurement-rules/procurement-rules.policy.js';
import { CATALOG_SEED } from './seed/catalogs.data.js';
import { ALL_SEED, OKPD2_SEED, seedKey } from './seed/catalogs.seed.js';
import { GOODS_SEED } from './seed/goods.data.js';

const t = testAppForFile();
const counts = async () => {
  const db = t.app.deps.db;
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(catalogEntries);
  const [{ m }] = await db.select({ m: sql<number>`count(*)::int` }).from(tariffs);
  return { entries: Number(n), tariffs: Number(m) };
};

describe('seed data', () => {
  it('natural keys are unique; codes are valid', () => {
    const keys = ALL_SEED.map(seedKey);
    expect(new Set(keys).size).toBe(keys.length);
    for (const e of OKPD2_SEED) expect(e.code, e.code).toMatch(OKPD2_CODE_RE);
    for (const e of CATALOG_SEED.filter((x) => x.kind === 'userfield'))
      expect(e.code).toMatch(USERFIELD_CODE_RE);
  });

  it('ОКПД2: every parent comes before its children; a few hundred codes, all 21 sections', () => {
    const seen = new Set<string>();
    for (const { code } of OKPD2_SEED) {
      const parent = okpd2ParentCode(code);
      if (parent) expect(seen.has(parent), `${code} needs ${parent}`).toBe(true);
      seen.add(code);
    }
    expect(OKPD2_SEED.filter((e) => /^[A-U]$/.test(e.code))).toHaveLength(21);
    expect(OKPD2_SEED.length).toBeGreaterThan(300);
    for (const c of [
      '26.20',
      '31.01',
      '41',
      '42',
      '43',
      '62',
      '81.21',
      '19.20',
      '21.20',
      '10',
      '29.10',
      '35.11',
      '17.23',
    ])
      expect(seen.has(c), c).toBe(true);
  });

  it('goods refer to seeded ОКПД2 codes', () => {
    const codes = new Set(OKPD2_SEED.map((e) => e.code));
    for (const g of GOODS_SEED) expect(codes.has(String(g.extra?.okpd2_code)), g.title).toBe(true);
  });

  it('docs/domain.md §2 values: 17 procurement methods (4 SME-only), КВФО 1–9, 6 НМЦД methods', () => {
    const methods = CATALOG_SEED.filter((e) => e.kind === 'method');
    expect(methods).toHaveLength(17);
    expect(methods.filter((m) => m.extra?.sme_only)).toHaveLength(4);
    expect(methods.filter((m) => !m.extra?.competitive).map((m) => m.title)).toEqual([
      'Закупка у единственного поставщика (исполнителя, подрядчика)',
    ]);
    const kvfo = CATALOG_SEED.filter((e) => e.kind === 'generic' && e.typeCode === 8);
    expect(kvfo.map((k) => k.code)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(CATALOG_SEED.filter((e) => e.kind === 'generic' && e.typeCode === 1)).toHaveLength(6);
  });
});

describe('the reference seeder', () => {
  it('seeding again adds nothing and keeps an edited title; a deleted value stays deleted', async () => {
    const db = t.app.deps.db;
    const before = await counts();
    expect(before.entries).toBe(ALL_SEED.length);
    expect(before.tariffs).toBe(3);

    const kvfo = and(
      eq(catalogEntries.kind, 'generic'),
      eq(catalogEntries.typeCode, 8),
      eq(catalogEntries.code, '2'),
    );
    await db.update(catalogEntries).set({ title: 'Приносящая доход деятельность (изменено)' }).where(kvfo);
    await db.update(tariffs).set({ pricePerMonth: '5900.00' }).where(eq(tariffs.code, 'basic'));
    const place = and(
      eq(catalogEntries.kind, 'exec'),
      eq(catalogEntries.typeCode, 2),
      eq(catalogEntries.code, '7'),
    );
    await db.delete(catalogEntries).where(place);

    await seedReference(db);
    await seedReference(db);

    expect(await counts()).toEqual({ entries: before.entries - 1, tariffs: 3 });
    const [row] = await db.select().from(catalogEntries).where(kvfo);
    expect(row.title).toBe('Приносящая доход деятельность (изменено)');
    const [basic] = await db.select().from(tariffs).where(eq(tariffs.code, 'basic'));
    expect(basic.pricePerMonth).toBe('5900.00');
    expect(await db.select().from(catalogEntries).where(place)).toHaveLength(0);
  });

  it('one naming scheme: the older names of system fields are not seeded; the migration archives them, keeping rows', async () => {
    const db = t.app.deps.db;
    const older = Object.keys(FIELD_ALIASES);
    expect(older).toHaveLength(12);
    const seeded = CATALOG_SEED.filter((e) => e.kind === 'userfield').map((e) => e.code);
    for (const code of older) expect(seeded).not.toContain(code);
    // a database seeded before: the shared older-name fields exist (and one company's own field)
    const company = t.ids.companies.client1;
    const made = await db
      .insert(catalogEntries)
      .values([
        ...older.map((code) => ({
          kind: 'userfield' as const,
          code,
          title: code,
          extra: { required: true },
        })),
        { kind: 'userfield' as const, code: 'nmcd', title: 'НМЦД компании', companyId: company },
      ])
      .returning({ id: catalogEntries.id, companyId: catalogEntries.companyId });
    const sqlText = await readFile(
      path.join(MIGRATIONS_DIR, '0031_userfields_older_names_archived.sql'),
      'utf8',
    );
    for (const statement of sqlText.split('--> statement-breakpoint')) await t.db.database.query(statement);
    const rows = await db
      .select()
      .from(catalogEntries)
      .where(
        inArray(
          catalogEntries.id,
          made.map((m) => m.id),
        ),
      );
    expect(rows).toHaveLength(13);
    expect(
      rows
        .filter((r) => r.archivedAt !== null)
        .map((r) => r.code)
        .sort(),
    ).toEqual([...older].sort());
    expect(rows.find((r) => r.companyId === company)?.archivedAt).toBeNull();
    // the user-field list offers one name per value; seeding again does not bring them back
    await seedReference(db);
    const list = await t.call(catalogRoutes.userfields.list, { query: { limit: 200 }, as: 'specialist' });
    expect(list.status).toBe(200);
    const listed = list.body.items.filter((i) => i.company_id === null).map((i) => i.code);
    expect(listed).toContain('delivery_place');
    for (const code of older) expect(listed).not.toContain(code);
    await db.delete(catalogEntries).where(
      inArray(
        catalogEntries.id,
        made.map((m) => m.id),
      ),
    );
  });

  it('ОКПД2 entries are linked to their parents', async () => {
    const r = await t.call(catalogRoutes.okpd2.list, { query: { q: '26.20.11.110' }, as: 'specialist' });
    expect(r.body.items[0]).toMatchObject({ code: '26.20.11.110', parent_code: '26.20.11', level: 6 });
    const [{ orphans }] = await t.app.deps.db
      .select({ orphans: sql<number>`count(*)::int` })
      .from(catalogEntries)
      .where(
        sql`${catalogEntries.kind} = 'okpd2' and ${catalogEntries.parentId} is null and length(${catalogEntries.code}) > 1`,
      );
    expect(Number(orphans)).toBe(0);
  });
});
