import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from './client.js';

/** The page asked for (`page` from 1). */
export type Paging = { page: number; limit: number };
/** One page of a list as every list route answers it. */
export type Page<T> = { items: T[]; total: number; page: number; limit: number };

export const offsetOf = (q: Paging) => (q.page - 1) * q.limit;

/** Limits a select to the rows of one page. */
export function onPage<R>(query: { limit(n: number): { offset(n: number): R } }, q: Paging): R {
  return query.limit(q.limit).offset(offsetOf(q));
}

/** `count(*)` of a table under a condition. */
export async function countOf(db: Tx, table: PgTable, where?: SQL): Promise<number> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(table).where(where);
  return Number(n);
}

/** One page and its total, read in parallel. */
export async function paged<T>(
  q: Paging,
  rows: PromiseLike<T[]>,
  total: PromiseLike<number>,
): Promise<Page<T>> {
  const [items, n] = await Promise.all([rows, total]);
  return { items, total: n, page: q.page, limit: q.limit };
}

/** A page from rows already presented and their total. */
export const pageResult = <T>(items: T[], total: number, q: Paging): Page<T> => ({
  items,
  total,
  page: q.page,
  limit: q.limit,
});

/** The same page with each row presented. */
export const mapPage = <T, U>(p: Page<T>, present: (row: T) => U): Page<U> => ({
  ...p,
  items: p.items.map(present),
});

/** A page of whole rows of one table under a condition, in the given order, and their total. */
export function tablePage<T extends PgTable>(
  db: Tx,
  table: T,
  where: SQL | undefined,
  order: (SQL | AnyPgColumn)[],
  q: Paging,
): Promise<Page<T['$inferSelect']>> {
  const rows = db
    .select()
    .from(table as PgTable)
    .where(where)
    .orderBy(...order);
  return paged(q, onPage(rows, q) as Promise<T['$inferSelect'][]>, countOf(db, table, where));
}
