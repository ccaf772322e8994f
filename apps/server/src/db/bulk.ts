import { getTableColumns, param, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from './client.js';

/**
 * Set-based writes for imports: many rows in one statement with one array parameter per column.
 * Drizzle's `values()` builds a parameter per value (an import of 50 000 payments spent most of
 * its time there) and stops at PostgreSQL's 65 535 parameters; these have neither cost nor limit.
 * Works on PostgreSQL and PGlite.
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

/** Rows per statement; this only bounds one message's size. */
const ROWS_PER_STATEMENT = 20_000;

/**
 * Insert statements for rows (Drizzle insert objects: property names of the table), built without
 * running them (an import prepares one chunk's statements while PostgreSQL runs the previous
 * chunk's, see `runStatements`). One statement per 20 000 rows, with one parameter per column:
 * the column's values as a PostgreSQL array literal, zipped back into rows by `unnest`. Rows as
 * JSON (`json_populate_recordset`) cost PostgreSQL three times as much to read and repeated every
 * column name in every row; a parameter per value cost JavaScript seconds for 50 000 payments and
 * stops at 65 535 parameters. Every row must carry the same properties (those of the first row
 * are written; a missing one is null, so columns with defaults are left to them only when no row
 * has the property).
 */
export function insertStatements<T extends PgTable>(table: T, rows: InsertRow<T>[]): SQL[] {
  const out: SQL[] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const { names, arrays } = columnArrays(table, rows.slice(i, i + ROWS_PER_STATEMENT));
    out.push(sql`insert into ${table} (${names}) select * from unnest(${arrays})`);
  }
  return out;
}

/** Runs statements one after the other in the caller's transaction. */
export async function runStatements(tx: Tx, statements: SQL[]): Promise<void> {
  for (const query of statements) await tx.execute(query);
}

/** Serial types have no arrays of their own. */
const ARRAY_OF: Record<string, string> = { serial: 'integer', bigserial: 'bigint', smallserial: 'smallint' };
const QUOTED = /["\\]/g;

/** Rows as one array parameter per column (in the rows' property order), with those columns. */
function columnArrays<T extends PgTable>(table: T, rows: InsertRow<T>[]): { names: SQL; arrays: SQL } {
  const all = getTableColumns(table) as Record<string, PgColumn>;
  // a column null in every row and without a default is left out: it is null all the same, and
  // neither side spends time on a list of NULLs (a bank statement's payments leave many empty)
  const empty = (key: string) =>
    !all[key].hasDefault && rows.every((r) => (r as Record<string, unknown>)[key] == null);
  const keys = rows.length ? Object.keys(rows[0]).filter((k) => k in all && !empty(k)) : [];
  if (rows.length > 0 && keys.length === 0) throw new Error('bulk insert: no column has a value');
  const arrays = keys.map((key) => {
    const column = all[key];
    const type = column.getSQLType();
    const jsonb = type === 'jsonb';
    const items = new Array<string>(rows.length);
    for (let i = 0; i < rows.length; i++) {
      const v = (rows[i] as Record<string, unknown>)[key];
      if (v === null || v === undefined) {
        items[i] = 'NULL';
        continue;
      }
      if (typeof v === 'number') {
        items[i] = String(v);
        continue;
      }
      const text = jsonb ? JSON.stringify(v) : driverText(column, v);
      // quoted, with " and \ escaped (two searches cost less than a regular expression on every value)
      items[i] =
        text.includes('"') || text.includes('\\') ? `"${text.replace(QUOTED, '\\$&')}"` : `"${text}"`;
    }
    return sql`${param(`{${items.join(',')}}`)}::${sql.raw(ARRAY_OF[type] ?? type)}[]`;
  });
  return {
    names: sql.join(
      keys.map((k) => sql.identifier(all[k].name)),
      sql`, `,
    ),
    arrays: sql.join(arrays, sql`, `),
  };
}

/** A value as the column's driver sends it, as text (Date -> ISO text). */
function driverText(column: PgColumn, v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  const driver = column.mapToDriverValue(v);
  if (typeof driver === 'string' || typeof driver === 'number') return String(driver);
  throw new Error(`bulk insert: ${column.name} has a value that is not text (${typeof driver})`);
}
