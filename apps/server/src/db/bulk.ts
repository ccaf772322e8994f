import { getTableColumns, getTableName, param, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from './client.js';

/**
 * Set-based writes for imports: many rows in one statement whose parameters are one array per
 * column (`insert … select * from unnest($1::int[], $2::text[], …)`). Drizzle's `values()` builds
 * a parameter per value (an import of 50 000 payments spent most of its time there) and stops at
 * PostgreSQL's 65 535 parameters; arrays have neither cost nor limit. Works on PostgreSQL and PGlite.
 */

/** Rows of a raw statement, whichever driver runs it. */
export async function rowsOf<T>(tx: Tx, query: SQL): Promise<T[]> {
  const r = (await tx.execute(query)) as unknown as { rows: T[] };
  return r.rows;
}

/** A JS array as ONE parameter of the given PostgreSQL array type (`= any(…)`, `unnest(…)`). */
export function arrayParam(values: readonly unknown[], type: string): SQL {
  return sql`${param(values)}::${sql.raw(type)}[]`;
}

/** The SQL type of a column as an array element type: serial types are their integers. */
function elementType(column: PgColumn): string {
  const type = column.getSQLType();
  if (type === 'serial') return 'integer';
  if (type === 'bigserial') return 'bigint';
  return type;
}

type InsertRow<T extends PgTable> = T['$inferInsert'];

/** Rows per statement: arrays have no parameter limit, this only bounds one message's size. */
const ROWS_PER_STATEMENT = 20_000;

/**
 * Inserts rows (Drizzle insert objects: property names of the table) with one statement per
 * 20 000 rows. Every row must carry the same properties (those of the first row are written; a
 * missing one is null — columns with defaults are left to them only when no row has the property).
 * `tail` follows the select: `on conflict … do nothing`, `returning …`; the returned rows are
 * those of every statement, in order.
 */
export async function bulkInsert<T extends PgTable, R = never>(
  tx: Tx,
  table: T,
  rows: InsertRow<T>[],
  tail?: SQL,
): Promise<R[]> {
  if (rows.length === 0) return [];
  const all = getTableColumns(table) as Record<string, PgColumn>;
  const keys = Object.keys(rows[0]).filter((k) => k in all);
  const out: R[] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(i, i + ROWS_PER_STATEMENT) as Record<string, unknown>[];
    const arrays = keys.map((key) => {
      const column = all[key];
      const values = chunk.map((row) => {
        const v = row[key];
        return v === null || v === undefined ? null : column.mapToDriverValue(v);
      });
      return arrayParam(values, elementType(column));
    });
    const names = sql.join(
      keys.map((k) => sql.identifier(all[k].name)),
      sql`, `,
    );
    const query = sql`insert into ${sql.identifier(getTableName(table))} (${names})
      select * from unnest(${sql.join(arrays, sql`, `)}) ${tail ?? sql``}`;
    out.push(...(await rowsOf<R>(tx, query)));
  }
  return out;
}
