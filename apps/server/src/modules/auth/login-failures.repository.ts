import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { loginFailures, sessions } from '../../db/schema/index.js';
import { addressKey } from '../../lib/client-address.js';

export type FailureCounts = { login: number; address: number; total: number };

/**
 * Failed logins within the window: of this login, from this address, in all. One statement on
 * the rows of the window (the limits keep them few: refused attempts are not recorded).
 */
export async function failureCounts(
  db: Db,
  login: string,
  address: string,
  windowMs: number,
): Promise<FailureCounts> {
  const [row] = await db
    .select({
      login: sql<number>`count(*) filter (where ${loginFailures.login} = ${login})::int`,
      address: sql<number>`count(*) filter (where ${loginFailures.ip} = ${address})::int`,
      total: sql<number>`count(*)::int`,
    })
    .from(loginFailures)
    .where(gt(loginFailures.at, new Date(Date.now() - windowMs)));
  return {
    login: Number(row?.login ?? 0),
    address: Number(row?.address ?? 0),
    total: Number(row?.total ?? 0),
  };
}

export async function recordFailure(db: Db, login: string, address: string, windowMs: number) {
  await db.insert(loginFailures).values({ login, ip: address });
  // keep the table small: forget failures older than the window
  await db.delete(loginFailures).where(lt(loginFailures.at, new Date(Date.now() - windowMs)));
}

/**
 * Forgets a login's failures: those from one address (the owner logged in from it: their own
 * typing mistakes), or all of them (the owner proved the mailbox with a reset code).
 */
export async function clearFailures(db: Db, login: string, address?: string) {
  await db
    .delete(loginFailures)
    .where(and(eq(loginFailures.login, login), address ? eq(loginFailures.ip, address) : undefined));
}

/**
 * Whether the user logged in successfully from this address (`addressKey`: an IPv6 address by its
 * /64) within `knownMs`: their usual address.
 */
export async function isKnownAddress(
  db: Db,
  userId: number,
  address: string,
  knownMs: number,
): Promise<boolean> {
  const rows = await db
    .selectDistinct({ ip: sessions.ip })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.createdAt, new Date(Date.now() - knownMs))))
    .limit(200);
  return rows.some((r) => addressKey(r.ip) === address);
}
