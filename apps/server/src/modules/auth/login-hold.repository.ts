import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditLog, users } from '../../db/schema/index.js';

/** The audit action that marks the start of a global login hold (its alarm was raised). */
export const HOLD_ACTION = 'login_hold';

/**
 * Claims the alarm of a global login hold: true for the one caller (on any node) that finds no
 * alarm within the window, which records it (an audit entry) in the same transaction; the
 * advisory lock serialises the check and the insert across nodes.
 */
export async function claimHoldAlarm(db: Db, windowMs: number, failures: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('zakupki:login-hold-alarm'))`);
    const [recent] = await tx
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.action, HOLD_ACTION), gt(auditLog.at, new Date(Date.now() - windowMs))))
      .limit(1);
    if (recent) return false;
    await tx.insert(auditLog).values({
      action: HOLD_ACTION,
      entity: 'login',
      after: { failures, window_minutes: Math.round(windowMs / 60000) },
    });
    return true;
  });
}

/** Active administrators: whom the alarm reaches. */
export async function activeAdmins(db: Db): Promise<{ id: number; login: string }[]> {
  return db
    .select({ id: users.id, login: users.login })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, 'active')));
}
