import { createHash } from 'node:crypto';
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

/**
 * The name a statement is prepared under on a connection: a hash of its SQL text, so the same
 * text always has the same name and two texts never share one (node-postgres refuses a name
 * reused for another text). At most 63 bytes, PostgreSQL's limit for an identifier.
 */
export function statementName(text: string): string {
  return `zk_${createHash('sha1').update(text).digest('hex')}`;
}

/**
 * A statement built per request whose text depends only on its shape (which filters are set, the
 * order, the page size's parameters — never the values): prepared NAMED by its text's hash, so each
 * pool connection parses and analyses a shape once and PostgreSQL can reuse its plan (after five
 * runs it keeps a generic plan when that is estimated no worse than the custom ones;
 * `plan_cache_mode`). Only for statements whose generic plan was checked (docs/benchmarks.md); a
 * shape stays prepared on every connection for the connection's life, so the process names at most
 * `MAX_NAMED` shapes and runs the rest unnamed. `named: false` runs the statement unnamed (planned
 * for its values each time): for a shape whose generic plan is bad.
 *
 * The statement is built once (`prepare('')`) and its node-postgres query configs are given the
 * name afterwards: asking drizzle for the text first (`toSQL()`) and then for a statement under
 * the name built the SQL twice, ≈ 0.12 ms of CPU on this host for the register's page. Those configs
 * are drizzle's own fields (`queryString`, `queryConfig`, `rawQueryConfig` of its node-postgres
 * prepared query; `contract-register.prepared.test.ts` checks the name reaches `pg`); a driver
 * without them (PGlite) runs the statement unnamed. Unlike `preparedOnce`, a PgBouncer in front
 * must keep protocol-level prepared statements (`max_prepared_statements`, 1.21+).
 */
export function namedByText<P>(query: { prepare(name: string): P }, named = true): P {
  const prepared = query.prepare('');
  const configs = prepared as unknown as {
    queryString?: unknown;
    queryConfig?: { name?: string };
    rawQueryConfig?: { name?: string };
  };
  if (!named || typeof configs.queryString !== 'string' || !configs.queryConfig || !configs.rawQueryConfig)
    return prepared;
  const name = statementName(configs.queryString);
  if (!namedShapes.has(name)) {
    // past the cap a new shape runs unnamed (planned each time), so a connection never holds more
    if (namedShapes.size >= MAX_NAMED) return prepared;
    namedShapes.add(name);
  }
  configs.queryConfig.name = name;
  configs.rawQueryConfig.name = name;
  return prepared;
}

/** The most shapes kept prepared per connection (each holds its parse tree and cached plan). */
export const MAX_NAMED = 200;
const namedShapes = new Set<string>();
