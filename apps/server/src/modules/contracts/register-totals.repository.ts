import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { contractRegisterVersions } from '../../db/schema/index.js';

/**
 * Totals of the register counted once per filter (docs/server.md, the register): the exact
 * `count(*)` of a filter is the largest part of a page's cost (a year of one status is 14 000 index
 * entries, ≈ 3 ms), and the user pages, sorts and comes back to the same filter. A total is kept
 * per node with the company's register version it was counted at (`contract_register_versions`,
 * bumped at commit by every transaction that changes what a filter can match); every page reads the
 * version in its own statement, so a total is reused only when it is still exact, on any node.
 */
export type CachedTotal = { version: number; total: number };

const MAX_ENTRIES = 5_000;

/** One cache per database (the tests run many databases in one process). */
const caches = new WeakMap<Db, Map<string, CachedTotal>>();

function cacheOf(db: Db) {
  let c = caches.get(db);
  if (!c) {
    c = new Map();
    caches.set(db, c);
  }
  return c;
}

/** The company's register version, as a scalar subquery of the page statement (null: never written). */
export const registerVersion = (companyId: number): SQL<number | null> =>
  sql<
    number | null
  >`(select ${contractRegisterVersions.version} from ${contractRegisterVersions} where ${contractRegisterVersions.companyId} = ${companyId})`;

/** The totals this node keeps for a database (tests). */
export const cachedTotals = (db: Db): ReadonlyMap<string, CachedTotal> => cacheOf(db);

export function cachedTotal(db: Db, key: string): CachedTotal | undefined {
  return cacheOf(db).get(key);
}

/** Keeps a total counted at `version` (none for a company whose register was never written). */
export function keepTotal(db: Db, key: string, version: number | null, total: number) {
  if (version === null) return;
  const c = cacheOf(db);
  const old = c.get(key);
  if (old && old.version > version) return;
  c.delete(key); // re-inserted last: the oldest entries go first
  c.set(key, { version: Number(version), total });
  if (c.size > MAX_ENTRIES) c.delete(c.keys().next().value as string);
}
