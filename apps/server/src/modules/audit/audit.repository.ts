import type { Tx } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';

export type AuditRow = typeof auditLog.$inferInsert;

/** Inserts one audit entry (on the caller's transaction or the pool). */
export async function insertAuditEntry(tx: Tx, row: AuditRow): Promise<void> {
  await tx.insert(auditLog).values(row);
}

/** Inserts several audit entries in one statement, in their order. */
export async function insertAuditEntries(tx: Tx, rows: AuditRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(auditLog).values(rows);
}
