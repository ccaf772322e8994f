import { okpd2ParentCode } from '@zakupki/shared';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.js';
import { catalogEntries, catalogSeedMarks, tariffs } from '../../../db/schema/index.js';
import { CATALOG_SEED, type SeedEntry, TARIFF_SEED } from './catalogs.data.js';
import { GOODS_SEED, SUBJECT_DOCUMENTS_SEED } from './goods.data.js';
import { OKPD2_CLASSES_DATA, OKPD2_SECTIONS_DATA } from './okpd2-classes.data.js';
import { OKPD2_CODES_DATA } from './okpd2-codes.data.js';

/** ОКПД2 first (goods refer to its codes), then the rest; every ancestor before its children. */
export const OKPD2_SEED: SeedEntry[] = [
  ...OKPD2_SECTIONS_DATA,
  ...OKPD2_CLASSES_DATA,
  ...OKPD2_CODES_DATA,
].map(([code, title]) => ({ kind: 'okpd2', code, title }));
export const ALL_SEED: SeedEntry[] = [
  ...OKPD2_SEED,
  ...CATALOG_SEED,
  ...SUBJECT_DOCUMENTS_SEED,
  ...GOODS_SEED,
];

/** The natural key of a seeded value: kind, type, subject_type and code. */
export const seedKey = (e: SeedEntry) => `${e.kind}:${e.typeCode ?? 0}:${e.subjectType ?? 0}:${e.code}`;
const tariffKey = (code: string) => `tariff:${code}`;

const CHUNK = 500;
async function inChunks<T>(items: T[], run: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += CHUNK) await run(items.slice(i, i + CHUNK));
}

/** Parents of new ОКПД2 rows: the nearest ancestor code present among the global entries. */
async function linkOkpd2Parents(tx: Tx, inserted: { id: number; code: string }[]) {
  if (!inserted.length) return;
  const all = await tx
    .select({ id: catalogEntries.id, code: catalogEntries.code })
    .from(catalogEntries)
    .where(and(eq(catalogEntries.kind, 'okpd2'), isNull(catalogEntries.companyId)));
  const byCode = new Map(all.map((r) => [r.code, r.id]));
  const links: { id: number; parentId: number }[] = [];
  for (const row of inserted) {
    for (let p = okpd2ParentCode(row.code); p; p = okpd2ParentCode(p)) {
      const parentId = byCode.get(p);
      if (parentId) {
        links.push({ id: row.id, parentId });
        break;
      }
    }
  }
  await inChunks(links, (chunk) =>
    tx.execute(sql`update catalog_entries set parent_id = v.parent_id
      from (values ${sql.join(
        chunk.map((l) => sql`(${l.id}::int, ${l.parentId}::int)`),
        sql`, `,
      )}) as v(id, parent_id)
      where catalog_entries.id = v.id`),
  );
}

/**
 * Reference seeder of the catalogues and tariffs, run on every start. A value is added once, by
 * its natural key; the key is then remembered, so a value a user edits, re-codes or deletes is
 * never overwritten nor brought back. Several nodes starting together take turns.
 */
export async function seedCatalogs(db: Db) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727100)`);
    const marks = new Set(
      (await tx.select({ key: catalogSeedMarks.key }).from(catalogSeedMarks)).map((r) => r.key),
    );
    const fresh = ALL_SEED.filter((e) => !marks.has(seedKey(e)));
    const inserted: { id: number; kind: string; code: string }[] = [];
    await inChunks(fresh, async (chunk) => {
      const rows = await tx
        .insert(catalogEntries)
        .values(
          chunk.map((e) => ({
            kind: e.kind,
            typeCode: e.typeCode ?? null,
            subjectType: e.subjectType ?? null,
            code: e.code,
            title: e.title,
            description: e.description ?? null,
            extra: e.extra ?? {},
          })),
        )
        // the same code added by hand before the seed knew it: kept as it is
        .onConflictDoNothing()
        .returning({ id: catalogEntries.id, kind: catalogEntries.kind, code: catalogEntries.code });
      inserted.push(...rows);
    });
    await linkOkpd2Parents(
      tx,
      inserted.filter((r) => r.kind === 'okpd2'),
    );

    const freshTariffs = TARIFF_SEED.filter((t) => !marks.has(tariffKey(t.code)));
    if (freshTariffs.length) {
      const taken = await tx
        .select({ code: tariffs.code, name: tariffs.name })
        .from(tariffs)
        .where(
          inArray(
            tariffs.name,
            freshTariffs.map((t) => t.name),
          ),
        );
      const toAdd = freshTariffs.filter((t) => !taken.some((x) => x.name === t.name));
      if (toAdd.length) await tx.insert(tariffs).values(toAdd).onConflictDoNothing();
    }

    const newMarks = [...fresh.map(seedKey), ...freshTariffs.map((t) => tariffKey(t.code))];
    await inChunks(newMarks, (chunk) =>
      tx
        .insert(catalogSeedMarks)
        .values(chunk.map((key) => ({ key })))
        .onConflictDoNothing(),
    );
  });
}
