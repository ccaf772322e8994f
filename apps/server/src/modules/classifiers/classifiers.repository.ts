import { eq, sql } from 'drizzle-orm';
import { arrayParam, insertStatements, rowsOf, runStatements } from '../../db/bulk.js';
import type { Db, Tx } from '../../db/client.js';
import { prefixPattern } from '../../db/like.js';
import {
  catalogEntries,
  catalogSeedMarks,
  classifierEntries,
  classifierReleases,
} from '../../db/schema/index.js';
import type { Classifier, ClassifierRow } from './classifiers.parser.js';

export type EntryRow = {
  code: string;
  title: string;
  parent_code: string | null;
  extra: Record<string, string>;
};

/** Replaces every entry of a classifier with a release's rows (set-wise, one statement). */
export async function replaceEntries(tx: Tx, classifier: Classifier, rows: ClassifierRow[]) {
  await tx.execute(sql`delete from classifier_entries where classifier = ${classifier}`);
  await runStatements(
    tx,
    insertStatements(
      classifierEntries,
      rows.map((r) => ({
        classifier,
        code: r.code,
        title: r.title,
        parentCode: r.parentCode,
        extra: r.extra,
      })),
    ),
  );
}

/**
 * ОКПД2 in the «Предметы закупки» catalogue (global entries, a tree through parent_id): codes of
 * the release it lacks are added, unless the catalogue's seeder added a code once before (a
 * code staff deleted stays deleted); names already there, edited or not, are kept. Then every
 * global ОКПД2 entry without a parent is linked to its parent's entry. The matching is done here
 * over maps (the catalogue's unique index is on coalesced columns, so a join would scan).
 */
export async function syncOkpd2Catalogue(tx: Tx, rows: ClassifierRow[]): Promise<number> {
  const globalOkpd2 = sql`kind = 'okpd2' and company_id is null`;
  const existing = await rowsOf<{ code: string }>(
    tx,
    sql`select code from catalog_entries where ${globalOkpd2}`,
  );
  const marks = await rowsOf<{ key: string }>(
    tx,
    sql`select key from catalog_seed_marks where key like 'okpd2:0:0:%'`,
  );
  const skip = new Set([
    ...existing.map((r) => r.code),
    ...marks.map((r) => r.key.slice('okpd2:0:0:'.length)),
  ]);
  const fresh = rows.filter((r) => !skip.has(r.code));
  await runStatements(
    tx,
    insertStatements(
      catalogEntries,
      fresh.map((r) => ({ kind: 'okpd2' as const, code: r.code, title: r.title })),
    ),
  );
  await runStatements(
    tx,
    insertStatements(
      catalogSeedMarks,
      fresh.map((r) => ({ key: `okpd2:0:0:${r.code}` })),
    ),
  );
  const entries = await rowsOf<{ id: number; code: string; parent_id: number | null }>(
    tx,
    sql`select id, code, parent_id from catalog_entries where ${globalOkpd2}`,
  );
  const idOf = new Map(entries.map((e) => [e.code, e.id]));
  const parentOf = new Map(rows.map((r) => [r.code, r.parentCode]));
  const ids: number[] = [];
  const parents: number[] = [];
  for (const e of entries) {
    if (e.parent_id !== null) continue;
    const parent = parentOf.get(e.code);
    const parentId = parent ? idOf.get(parent) : undefined;
    if (parentId === undefined) continue;
    ids.push(e.id);
    parents.push(parentId);
  }
  if (ids.length)
    await tx.execute(sql`update catalog_entries c set parent_id = v.parent_id
      from unnest(${arrayParam(ids, 'int')}, ${arrayParam(parents, 'int')}) as v(id, parent_id)
      where c.id = v.id`);
  return fresh.length;
}

/** A code prefix: `01.11` finds 01.11 and every code below it. */
export async function searchByPrefix(db: Db, classifier: Classifier, prefix: string, limit: number) {
  const like = prefixPattern(prefix);
  return rowsOf<EntryRow>(
    db,
    sql`select code, title, parent_code, extra from classifier_entries
      where classifier = ${classifier} and code like ${like}
      order by code limit ${limit}`,
  );
}

/**
 * Words: every word must match the beginning of a word of the code's name after Russian stemming
 * («трубы» finds «Трубы, трубки…», «подгузники» «Подгузники и пеленки…»); best matches first,
 * then the shorter (higher) codes.
 */
export async function searchByWords(db: Db, classifier: Classifier, words: string[], limit: number) {
  const query = words.map((w) => `${w}:*`).join(' & ');
  return rowsOf<EntryRow>(
    db,
    sql`select code, title, parent_code, extra from classifier_entries
      where classifier = ${classifier} and search @@ to_tsquery('russian', ${query})
      order by ts_rank(search, to_tsquery('russian', ${query})) desc, length(code), code
      limit ${limit}`,
  );
}

export async function childrenOf(db: Db, classifier: Classifier, parent: string | null, limit: number) {
  return rowsOf<EntryRow>(
    db,
    sql`select code, title, parent_code, extra from classifier_entries
      where classifier = ${classifier}
        and ${parent === null ? sql`parent_code is null` : sql`parent_code = ${parent}`}
      order by code limit ${limit}`,
  );
}

export type ReleaseRow = typeof classifierReleases.$inferSelect;

/** Loads of classifiers take turns (several nodes starting together) until the transaction ends. */
export async function lockClassifierLoads(tx: Tx) {
  await tx.execute(sql`select pg_advisory_xact_lock(727200)`);
}

/** The release of a classifier loaded now, if any. */
export async function findRelease(db: Tx, classifier: Classifier): Promise<ReleaseRow | undefined> {
  const [row] = await db
    .select()
    .from(classifierReleases)
    .where(eq(classifierReleases.classifier, classifier));
  return row;
}

/** Records the release just loaded (one row per classifier). */
export async function saveRelease(
  tx: Tx,
  classifier: Classifier,
  values: Omit<typeof classifierReleases.$inferInsert, 'classifier'>,
) {
  await tx
    .insert(classifierReleases)
    .values({ classifier, ...values })
    .onConflictDoUpdate({ target: classifierReleases.classifier, set: values });
}

export async function listReleaseRows(db: Tx): Promise<ReleaseRow[]> {
  return db.select().from(classifierReleases).orderBy(classifierReleases.classifier);
}
