import type { CatalogSort, Okpd2PathStep } from '@zakupki/shared';
import { and, asc, desc, eq, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { arrayParam } from '../../db/bulk.js';
import type { Tx } from '../../db/client.js';
import { containsText } from '../../db/like.js';
import { onPage, type Paging } from '../../db/paging.js';
import { catalogEntries, companies } from '../../db/schema/index.js';
import type { EntryListRow, EntryRow, View } from './catalog-kinds.js';

const parent = alias(catalogEntries, 'parent');

export type EntryFilter = {
  /** the selected company: its entries are listed with the global ones; null: global only */
  companyId: number | null;
  q?: string;
  sort: CatalogSort;
  order: 'asc' | 'desc';
  includeArchived: boolean;
  subjectType?: number | null;
  subjectKind?: string | null;
  parentId?: number | null;
  /** ОКПД2 tree: the roots (no parent) */
  rootsOnly?: boolean;
};

/** Rows of one catalogue view: kind, type code and (exec type 1) subject_type. */
export function viewCondition(view: View, subjectType?: number | null): SQL {
  const st = subjectType ?? null;
  return and(
    eq(catalogEntries.kind, view.kind),
    view.typeCode === null ? isNull(catalogEntries.typeCode) : eq(catalogEntries.typeCode, view.typeCode),
    st === null ? undefined : eq(catalogEntries.subjectType, st),
  ) as SQL;
}

export const ownerCondition = (companyId: number | null): SQL =>
  companyId === null
    ? isNull(catalogEntries.companyId)
    : (or(isNull(catalogEntries.companyId), eq(catalogEntries.companyId, companyId)) as SQL);

/** Numeric codes sort as numbers (2 before 10); the rest as text. */
const codeSortKey = sql`case when ${catalogEntries.code} ~ '^[0-9]+$' then lpad(${catalogEntries.code}, 20, '0') else ${catalogEntries.code} end`;

function orderOf(sort: CatalogSort, order: 'asc' | 'desc'): SQL[] {
  const dir = order === 'desc' ? desc : asc;
  const key =
    sort === 'title'
      ? sql`lower(${catalogEntries.title})`
      : sort === 'created_at'
        ? catalogEntries.createdAt
        : codeSortKey;
  return [dir(key), dir(catalogEntries.id)];
}

function filterCondition(view: View, f: EntryFilter): SQL {
  return and(
    viewCondition(view, f.subjectType ?? view.subjectType),
    ownerCondition(f.companyId),
    f.includeArchived ? undefined : isNull(catalogEntries.archivedAt),
    f.q ? or(containsText(catalogEntries.code, f.q), containsText(catalogEntries.title, f.q)) : undefined,
    f.subjectKind ? sql`${catalogEntries.extra}->>'subject_kind' = ${f.subjectKind}` : undefined,
    f.parentId ? eq(catalogEntries.parentId, f.parentId) : undefined,
    f.rootsOnly ? isNull(catalogEntries.parentId) : undefined,
  ) as SQL;
}

const listColumns = (includeArchivedChildren: boolean) => ({
  entry: catalogEntries,
  companyTitle: companies.title,
  parentCode: parent.code,
  hasChildren: sql<boolean>`exists (select 1 from catalog_entries c where c.parent_id = ${catalogEntries.id}${
    includeArchivedChildren ? sql`` : sql` and c.archived_at is null`
  })`,
});

type Joined = {
  entry: EntryRow;
  companyTitle: string | null;
  parentCode: string | null;
  hasChildren: boolean;
};
const flatten = (r: Joined): EntryListRow => ({
  ...r.entry,
  companyTitle: r.companyTitle,
  parentCode: r.parentCode,
  hasChildren: Boolean(r.hasChildren),
});

/** One page (or all rows when `page` is null) of a view with its total. */
export async function listEntries(
  db: Tx,
  view: View,
  f: EntryFilter,
  page: Paging | null,
): Promise<{ rows: EntryListRow[]; total: number }> {
  const where = filterCondition(view, f);
  const base = db
    .select(listColumns(f.includeArchived))
    .from(catalogEntries)
    .leftJoin(companies, eq(companies.id, catalogEntries.companyId))
    .leftJoin(parent, eq(parent.id, catalogEntries.parentId))
    .where(where)
    .orderBy(...orderOf(f.sort, f.order));
  const [rows, [{ total }]] = await Promise.all([
    page ? onPage(base, page) : base,
    db.select({ total: sql<number>`count(*)::int` }).from(catalogEntries).where(where),
  ]);
  return { rows: rows.map(flatten), total: Number(total) };
}

export async function findEntry(db: Tx, id: number): Promise<EntryListRow | null> {
  const [r] = await db
    .select(listColumns(false))
    .from(catalogEntries)
    .leftJoin(companies, eq(companies.id, catalogEntries.companyId))
    .leftJoin(parent, eq(parent.id, catalogEntries.parentId))
    .where(eq(catalogEntries.id, id))
    .limit(1);
  return r ? flatten(r) : null;
}

/** An entry of the view with this code owned by the company (or global when companyId is null). */
export async function findByCode(
  db: Tx,
  view: View,
  subjectType: number | null,
  companyId: number | null,
  code: string,
  exceptId?: number,
): Promise<EntryRow | null> {
  const [r] = await db
    .select()
    .from(catalogEntries)
    .where(
      and(
        viewCondition(view, subjectType),
        subjectType === null ? isNull(catalogEntries.subjectType) : undefined,
        companyId === null ? isNull(catalogEntries.companyId) : eq(catalogEntries.companyId, companyId),
        eq(catalogEntries.code, code),
        exceptId ? ne(catalogEntries.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return r ?? null;
}

/** Every entry of the view owned by the company or global (XLSX import compares against these). */
export async function entriesOfOwner(
  db: Tx,
  view: View,
  subjectType: number | null,
  companyId: number | null,
): Promise<EntryRow[]> {
  return db
    .select()
    .from(catalogEntries)
    .where(
      and(
        viewCondition(view, subjectType),
        companyId === null ? isNull(catalogEntries.companyId) : eq(catalogEntries.companyId, companyId),
      ),
    );
}

/** The next free number among the numeric codes of the view visible to the owner. */
export async function nextNumericCode(
  db: Tx,
  view: View,
  subjectType: number | null,
  companyId: number | null,
): Promise<string> {
  const [{ max }] = await db
    .select({
      max: sql<
        number | null
      >`max(case when ${catalogEntries.code} ~ '^[0-9]{1,9}$' then ${catalogEntries.code}::int end)`,
    })
    .from(catalogEntries)
    .where(and(viewCondition(view, subjectType), ownerCondition(companyId)));
  return String(Number(max ?? 0) + 1);
}

export type EntryInsert = typeof catalogEntries.$inferInsert;

export async function insertEntry(db: Tx, values: EntryInsert): Promise<EntryRow> {
  const [row] = await db.insert(catalogEntries).values(values).returning();
  return row;
}

export async function updateEntry(db: Tx, id: number, values: Partial<EntryInsert>): Promise<EntryRow> {
  const [row] = await db
    .update(catalogEntries)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(catalogEntries.id, id))
    .returning();
  return row;
}

export async function deleteEntry(db: Tx, id: number) {
  await db.delete(catalogEntries).where(eq(catalogEntries.id, id));
}

/** The nearest ОКПД2 entry among the candidate ancestor codes (closest first), global only. */
export async function nearestOkpd2(db: Tx, codes: string[]): Promise<EntryRow | null> {
  if (!codes.length) return null;
  const rows = await db
    .select()
    .from(catalogEntries)
    .where(
      and(
        eq(catalogEntries.kind, 'okpd2'),
        isNull(catalogEntries.companyId),
        sql`${catalogEntries.code} in (${sql.join(
          codes.map((c) => sql`${c}`),
          sql`, `,
        )})`,
      ),
    );
  for (const c of codes) {
    const hit = rows.find((r) => r.code === c);
    if (hit) return hit;
  }
  return null;
}

/**
 * The ancestors of each ОКПД2 entry along parent_id (the tree's own links, gaps skipped), from the
 * section down to the parent: one recursive query for the whole page.
 */
export async function okpd2Paths(db: Tx, ids: number[]): Promise<Map<number, Okpd2PathStep[]>> {
  const out = new Map<number, Okpd2PathStep[]>(ids.map((id) => [id, []]));
  if (!ids.length) return out;
  const result = (await db.execute(sql`
    with recursive anc(start_id, id, depth) as (
      select e.id, e.parent_id, 1 from catalog_entries e
      where e.parent_id is not null and e.id in (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )})
      union all
      select anc.start_id, p.parent_id, anc.depth + 1 from anc join catalog_entries p on p.id = anc.id
      where p.parent_id is not null and anc.depth < 10
    )
    select anc.start_id, c.id, c.code, c.title from anc join catalog_entries c on c.id = anc.id
    order by anc.start_id, anc.depth desc`)) as unknown as {
    rows: { start_id: number; id: number; code: string; title: string }[];
  };
  for (const r of result.rows)
    out.get(Number(r.start_id))?.push({ id: Number(r.id), code: r.code, title: r.title });
  return out;
}

/** An entry as stored (no joins). */
export async function findEntryRow(db: Tx, id: number): Promise<EntryRow | null> {
  const [r] = await db.select().from(catalogEntries).where(eq(catalogEntries.id, id)).limit(1);
  return r ?? null;
}

/** Entries whose parent is this one (the ОКПД2 tree). */
export async function countChildren(db: Tx, id: number): Promise<number> {
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(catalogEntries)
    .where(eq(catalogEntries.parentId, id));
  return Number(n);
}

/** Sub-entries of each of these entries, by parent id (none: absent), in one query. */
export async function childrenOf(db: Tx, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: catalogEntries.parentId, n: sql<number>`count(*)::int` })
    .from(catalogEntries)
    .where(sql`${catalogEntries.parentId} = any(${arrayParam(ids, 'integer')})`)
    .groupBy(catalogEntries.parentId);
  return new Map(rows.map((r) => [r.id as number, Number(r.n)]));
}

/** Goods, works and services that name each of these ОКПД2 codes, by code, in one query. */
export async function goodsWithOkpd2(db: Tx, codes: string[]): Promise<Map<string, number>> {
  if (codes.length === 0) return new Map();
  const code = sql<string>`${catalogEntries.extra}->>'okpd2_code'`;
  const rows = await db
    .select({ code, n: sql<number>`count(*)::int` })
    .from(catalogEntries)
    .where(and(eq(catalogEntries.kind, 'goods'), sql`${code} = any(${arrayParam(codes, 'text')})`))
    .groupBy(code);
  return new Map(rows.map((r) => [r.code, Number(r.n)]));
}

/** Whether a global ОКПД2 entry has this code. */
export async function okpd2CodeExists(db: Tx, code: string): Promise<boolean> {
  const [r] = await db
    .select({ id: catalogEntries.id })
    .from(catalogEntries)
    .where(
      and(eq(catalogEntries.kind, 'okpd2'), isNull(catalogEntries.companyId), eq(catalogEntries.code, code)),
    )
    .limit(1);
  return Boolean(r);
}

/** Every code of the global ОКПД2 entries (the XLSX import of goods checks against them). */
export async function globalOkpd2Codes(db: Tx): Promise<Set<string>> {
  const rows = await db
    .select({ code: catalogEntries.code })
    .from(catalogEntries)
    .where(and(eq(catalogEntries.kind, 'okpd2'), isNull(catalogEntries.companyId)));
  return new Set(rows.map((r) => r.code));
}
