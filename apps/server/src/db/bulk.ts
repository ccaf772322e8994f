import { getTableColumns, param, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from './client.js';

/**
 * Set-based writes for imports: many rows in one statement with one parameter (JSON rows) or one
 * array parameter per column. Drizzle's `values()` builds a parameter per value (an import of
 * 50 000 payments spent most of its time there) and stops at PostgreSQL's 65 535 parameters;
 * these have neither cost nor limit. Works on PostgreSQL and PGlite.
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

type InsertRow<T extends PgTable> = T['$inferInsert'];

/** Rows per statement: one JSON text parameter each; this only bounds one message's size. */
const ROWS_PER_STATEMENT = 20_000;

/**
 * Inserts rows (Drizzle insert objects: property names of the table) with one statement per
 * 20 000 rows, whose one parameter is the rows as JSON, read by `json_populate_recordset` into
 * the table's own row type (so every column gets its type, jsonb included, with no list of types
 * to keep). Serialising JSON is native work, where a parameter per value cost an import of 50 000
 * payments seconds of JavaScript. Every row must carry the same properties (those of the first
 * row are written; a missing one is null — columns with defaults are left to them only when no
 * row has the property). `tail` follows the select: `on conflict … do nothing`, `returning …`;
 * the returned rows are those of every statement, in order.
 */
export async function bulkInsert<T extends PgTable, R = never>(
  tx: Tx,
  table: T,
  rows: InsertRow<T>[],
  tail?: SQL,
): Promise<R[]> {
  const out: R[] = [];
  for (const query of insertStatements(table, rows, tail)) out.push(...(await rowsOf<R>(tx, query)));
  return out;
}

/**
 * The statements of `bulkInsert`, built (JSON and all) without running them: an import prepares
 * one chunk's statements while PostgreSQL runs the previous chunk's (`runStatements`).
 */
export function insertStatements<T extends PgTable>(table: T, rows: InsertRow<T>[], tail?: SQL): SQL[] {
  const out: SQL[] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const { names, json } = jsonRows(table, rows.slice(i, i + ROWS_PER_STATEMENT));
    out.push(sql`insert into ${table} (${names})
      select ${names} from json_populate_recordset(null::${table}, ${json})
      ${tail ?? sql``}`);
  }
  return out;
}

/** Runs statements one after the other in the caller's transaction. */
export async function runStatements(tx: Tx, statements: SQL[]): Promise<void> {
  for (const query of statements) await tx.execute(query);
}

/** Rows (Drizzle insert objects) as one JSON parameter keyed by column names, with those columns. */
function jsonRows<T extends PgTable>(table: T, rows: InsertRow<T>[]): { names: SQL; json: SQL } {
  const all = getTableColumns(table) as Record<string, PgColumn>;
  const keys = rows.length ? Object.keys(rows[0]).filter((k) => k in all) : [];
  const columns = keys.map((k) => all[k]);
  const names = columns.map((c) => c.name);
  const jsonb = columns.map((c) => c.getSQLType() === 'jsonb');
  const records = (rows as Record<string, unknown>[]).map((row) => {
    const record: Record<string, unknown> = {};
    for (let j = 0; j < keys.length; j++) {
      const v = row[keys[j]];
      // dates and the like as the driver would send them; jsonb stays an object in the JSON
      record[names[j]] = v === null || v === undefined ? null : jsonb[j] ? v : toJsonValue(columns[j], v);
    }
    return record;
  });
  return {
    names: sql.join(
      columns.map((c) => sql.identifier(c.name)),
      sql`, `,
    ),
    json: sql`${param(JSON.stringify(records))}::json`,
  };
}

/** A value as the column's driver form when that is not already JSON-ready (Date -> ISO text). */
function toJsonValue(column: PgColumn, v: unknown): unknown {
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean'
    ? v
    : column.mapToDriverValue(v);
}
