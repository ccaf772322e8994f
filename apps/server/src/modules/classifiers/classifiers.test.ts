import { gunzipSync } from 'node:zlib';
import { type ClassifierName, classifierRoutes } from '@zakupki/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/harness.js';
import { catalogEntries, classifierEntries } from '../../db/schema/index.js';
import { parseOkpd2, parseOkved2, splitDelimited } from './classifiers.parser.js';
import { loadClassifier, loadShippedClassifiers, SHIPPED, shippedData } from './classifiers.service.js';

const t = testAppForFile();
let token: string;
let firstLoadMs = 0;

const count = async (c: string) =>
  Number(
    (
      await t.app.deps.db
        .select({ n: sql<number>`count(*)::int` })
        .from(classifierEntries)
        .where(eq(classifierEntries.classifier, c as 'okpd2'))
    )[0].n,
  );

beforeAll(async () => {
  const started = performance.now();
  await loadShippedClassifiers(t.app.deps);
  firstLoadMs = performance.now() - started;
  token = await t.login('client');
}, 120_000);

describe('shipped classifiers', () => {
  it('are complete: ОКПД2 20 328 codes, ОКЕИ 525 units, ОКВЭД2 3 043 codes', async () => {
    expect(await count('okpd2')).toBe(20_328);
    expect(await count('okei')).toBe(525);
    expect(await count('okved2')).toBe(3_043);
    console.info(`first load of the three classifiers: ${Math.round(firstLoadMs)} ms`);
  });

  it('a restart loads nothing again: no row is written', async () => {
    // the transaction id of each row's last write: a reload would rewrite them
    const lastWrite = async () =>
      (
        await t.app.deps.db
          .select({ v: sql<string>`string_agg(xmin::text, ',' order by classifier, code)` })
          .from(classifierEntries)
      )[0].v;
    const before = await lastWrite();
    const again = await loadShippedClassifiers(t.app.deps);
    expect(again.every((r) => !r.loaded)).toBe(true);
    expect(await lastWrite()).toBe(before);
  });

  it('the «Предметы закупки» catalogue holds every ОКПД2 code, each linked to its parent', async () => {
    const db = t.app.deps.db;
    const global = and(eq(catalogEntries.kind, 'okpd2'), isNull(catalogEntries.companyId));
    // the seed's own codes stay (a few older codes are not in the release)
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(catalogEntries).where(global);
    expect(Number(n)).toBeGreaterThanOrEqual(20_328);
    const [missing] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(classifierEntries)
      .where(
        sql`${classifierEntries.classifier} = 'okpd2' and not exists (select 1 from catalog_entries c
          where c.kind = 'okpd2' and c.company_id is null and c.code = ${classifierEntries.code})`,
      );
    expect(Number(missing.n)).toBe(0);
    const [orphans] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(catalogEntries)
      .where(
        and(
          global,
          isNull(catalogEntries.parentId),
          sql`length(${catalogEntries.code}) > 1`,
          sql`${catalogEntries.code} in (select code from classifier_entries where classifier = 'okpd2')`,
        ),
      );
    expect(Number(orphans.n)).toBe(0);
  });
});

describe('search', () => {
  const search = (c: string, q: string) =>
    t.call(classifierRoutes.search, {
      params: { classifier: c as ClassifierName },
      query: { q, limit: 20 },
      as: { token },
    });

  it('by words with Russian stems: «подгузники», «трубы», «трубы стальные»', async () => {
    const nappies = await search('okpd2', 'подгузники');
    expect(nappies.status).toBe(200);
    expect(nappies.body.items.map((i) => i.code)).toContain('17.22.12.120');
    const pipes = await search('okpd2', 'трубы');
    expect(pipes.body.items.length).toBeGreaterThanOrEqual(10);
    expect(pipes.body.items.every((i) => /труб/i.test(i.title))).toBe(true);
    const steel = await search('okpd2', 'трубы стальные');
    expect(steel.body.items.length).toBeGreaterThan(0);
    expect(steel.body.items.every((i) => /труб/i.test(i.title) && /стальн/i.test(i.title))).toBe(true);
  });

  it('by code prefix, ОКЕИ by name, ОКВЭД2 by code', async () => {
    const prefix = await search('okpd2', '01.11.11');
    expect(prefix.body.items[0]).toMatchObject({ code: '01.11.11', parent_code: '01.11.1' });
    expect(prefix.body.items.map((i) => i.code)).toContain('01.11.11.111');
    expect(prefix.body.items.every((i) => i.code.startsWith('01.11.11'))).toBe(true);
    const kg = await search('okei', 'килограмм');
    expect(kg.body.items.map((i) => i.code)).toContain('166');
    const okved = await search('okved2', '62.01');
    expect(okved.body.items[0]).toMatchObject({
      code: '62.01',
      title: 'Разработка компьютерного программного обеспечения',
    });
  });

  // its speed is measured by `npm run bench register` (Classifier search), not timed here
  it('a word search on 20 000 codes uses the index', async () => {
    const plan = await t.app.deps.database.query(
      "explain select code from classifier_entries where classifier = 'okpd2' and search @@ to_tsquery('russian', 'трубы:*')",
    );
    expect(JSON.stringify(plan)).toContain('classifier_entries_search_idx');
  });

  it('unknown query parameters are refused', async () => {
    const r = await t.call(classifierRoutes.search, {
      params: { classifier: 'okpd2' },
      query: { qq: 'трубы' },
      as: { token },
    });
    expect(r.status).toBe(400);
  });
});

describe('a newer release without a release of the product', () => {
  it('replaces the entries; an older one is refused unless forced; a broken file changes nothing', async () => {
    // the shipped file (gzip) with one more code, in its windows-1251
    const text = Buffer.concat([
      gunzipSync(shippedData('okved2')),
      iconv.encode('"U";"99.01";"Новая деятельность"\n', 'windows-1251'),
    ]);
    const r = await loadClassifier(t.app.deps, 'okved2', text, { release: '2026-08-01', source: 'test' });
    expect(r).toMatchObject({ loaded: true, rows: 3_044 });
    const old = await loadClassifier(t.app.deps, 'okved2', shippedData('okved2'), {
      release: SHIPPED.okved2.release,
      source: 'test',
    });
    expect(old.loaded).toBe(false);
    expect(await count('okved2')).toBe(3_044);
    await expect(
      loadClassifier(t.app.deps, 'okved2', Buffer.from('"A";"xx";"плохой код"\n'), {
        release: '2026-09-01',
        source: 't',
      }),
    ).rejects.toThrow('неверный код «xx»');
    expect(await count('okved2')).toBe(3_044);
  });

  it('parsers keep the official quirks: trailing spaces, quoted names, sections', () => {
    const rows = parseOkpd2(
      Buffer.from('68.20.12 \t"\tУслуги по сдаче в аренду"\n68.20 \tУслуги\nL \tУслуги L\n68 \tX\n'),
    );
    expect(rows.find((r) => r.code === '68.20.12')).toMatchObject({
      title: 'Услуги по сдаче в аренду',
      parentCode: '68.20',
    });
    expect(rows.find((r) => r.code === '68')?.parentCode).toBe('L');
    expect(parseOkved2(Buffer.from('"A";" ";"SECTION"\n')).map((r) => r.code)).toEqual(['A']);
    expect(splitDelimited('039,"Дюйм (25,4 мм)",дюйм', ',')).toEqual(['039', 'Дюйм (25,4 мм)', 'дюйм']);
  });
});
