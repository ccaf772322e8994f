import type { Tx } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';

export type AuditRow = typeof auditLog.$inferInsert;

/** Inserts one audit entry (on the caller's transaction or the pool). */
export async function insertAuditEntry(tx: Tx, row: AuditRow): Promise<void> {
  await tx.insert(auditLog).values(row);
}
