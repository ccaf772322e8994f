import type { Tx } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';
import type { Actor } from '../../types.js';

export type AuditAction =
  | 'create'
  | 'update'
  | 'delete'
  | 'archive'
  | 'restore'
  | 'approve'
  | 'reject'
  | 'block'
  | 'unblock'
  | 'login'
  | 'logout'
  | 'import'
  | 'access_denied'
  | 'password_change'
  | 'password_reset'
  | 'register'
  | string;

/** Writes one audit entry inside the caller's transaction (so a rolled-back write leaves none). */
export async function audit(
  tx: Tx,
  actor: Actor | null,
  entry: {
    action: AuditAction;
    entity: string;
    entityId?: string | number | null;
    companyId?: number | null;
    before?: unknown;
    after?: unknown;
  },
) {
  await tx.insert(auditLog).values({
    userId: actor?.userId ?? null,
    companyId: entry.companyId ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    before: (entry.before ?? null) as never,
    after: (entry.after ?? null) as never,
    requestId: actor?.requestId ?? null,
  });
}
