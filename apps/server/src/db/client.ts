import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { countWrites, guardTransactions, requestQueryGuard } from '../lib/request-scope.js';
import { MIGRATIONS_DIR } from '../paths.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  pglite: PGlite | null;
  pool: pg.Pool | null;
  /** raw parameterised query; rows as plain objects */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  migrate(): Promise<void>;
  close(): Promise<void>;
};

// numeric -> string, bigint count -> number for consistent results across drivers
pg.types.setTypeParser(20, (v) => Number(v));

const LZ4 = 'set default_toast_compression = lz4';

/**
 * A pool whose sessions compress the values PostgreSQL compresses with lz4 where the server has it
 * (uploads above all: a 45 MB bank statement is stored in half the time of the default pglz and
 * read back faster). The first connection asks whether it has; every connection is set by the
 * pool's `onConnect` hook, which the pool awaits before it hands the connection out. A failed
 * question is asked again by the next connection.
 */
function lz4Pool(config: pg.PoolConfig): pg.Pool {
  let has: Promise<boolean> | null = null;
  const onConnect = async (c: pg.ClientBase) => {
    has ??= c
      .query(`select 1 from pg_settings where name = 'default_toast_compression' and 'lz4' = any(enumvals)`)
      .then((r) => r.rows.length > 0)
      .catch((err: unknown) => {
        has = null;
        throw err;
      });
    if (await has) await c.query(LZ4);
  };
  // @types/pg types the hook as returning void; pg-pool awaits the promise it returns
  return new pg.Pool({ ...config, onConnect });
}

/** PostgreSQL when a URL is given, otherwise PGlite (file-backed at `dataDir`, or in memory for `memory://`). */
export async function openDatabase(opts: { url: string | null; dataDir?: string }): Promise<Database> {
  if (opts.url) {
    // a database that cannot be reached fails a request in seconds (503), not at the request timeout
    const pool = lz4Pool({ connectionString: opts.url, max: 20, connectionTimeoutMillis: 5000 });
    // an idle client dropped by the server (restart, a test database dropped) must not crash the process
    pool.on('error', (err) => console.warn('[db] idle client error:', err.message));
    // a client checked out (inside a transaction, between its statements) has no listener of the
    // pool's: when the server cuts its connection, node-postgres emits 'error' on the client
    // itself, which would end the process. The statement in flight, or the next one, is refused
    // anyway (503); the client is then discarded by the pool on release.
    pool.on('connect', (client) =>
      client.on('error', (err) => console.warn('[db] connection lost in use:', err.message)),
    );
    // a request that ran out of time writes nothing more (lib/request-scope.ts)
    pool.query = countWrites(pool.query);
    const db = guardTransactions(drizzlePg(pool, { schema, logger: requestQueryGuard }) as unknown as Db);
    return {
      db,
      kind: 'postgres',
      pglite: null,
      pool,
      async query(sql, params) {
        const r = await pool.query(sql, params as unknown[]);
        return r.rows;
      },
      async migrate() {
        // several nodes may start together: one migrates at a time
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock(727001)');
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
        } finally {
          await client.query('select pg_advisory_unlock(727001)').catch(() => {});
          client.release();
        }
      },
      async close() {
        await pool.end();
      },
    };
  }
  let dir: string | undefined;
  if (opts.dataDir && opts.dataDir !== 'memory://') {
    dir = path.join(opts.dataDir, 'pg');
    fs.mkdirSync(dir, { recursive: true });
  }
  // pg_trgm: the trigram indexes of the migrations (drizzle/0022_pg_trgm.sql)
  const pglite = new PGlite({ dataDir: dir, extensions: { pg_trgm } });
  await pglite.waitReady;
  const db = guardTransactions(drizzlePglite(pglite, { schema, logger: requestQueryGuard }) as unknown as Db);
  return {
    db,
    kind: 'pglite',
    pglite,
    pool: null,
    async query(sql, params) {
      const r = await pglite.query(sql, params as unknown[]);
      return r.rows as never[];
    },
    async migrate() {
      await migratePglite(drizzlePglite(pglite, { schema }), { migrationsFolder: MIGRATIONS_DIR });
    },
    async close() {
      await pglite.close();
    },
  };
}
