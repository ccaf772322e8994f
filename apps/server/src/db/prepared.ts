import type { Tx } from './client.js';

/**
 * Statements built once. Drizzle builds a statement's SQL text anew on every call (50 µs for the
 * session lookup, 40 µs for the tenancy check, measured unloaded: every API request pays both);
 * a statement whose shape never changes is built once per database handle with placeholders
 * (`sql.placeholder`) and run with `.execute({...})`. It is prepared unnamed (`prepare('')`), so
 * nothing is kept per connection and a PgBouncer in transaction mode is no problem; a
 * transaction handle gets its own (it lives only as long as the transaction).
 */
const built = new WeakMap<Tx, Map<string, unknown>>();

export function preparedOnce<T>(db: Tx, key: string, build: (db: Tx) => T): T {
  let statements = built.get(db);
  if (!statements) {
    statements = new Map();
    built.set(db, statements);
  }
  let statement = statements.get(key) as T | undefined;
  if (statement === undefined) {
    statement = build(db);
    statements.set(key, statement);
  }
  return statement;
}
