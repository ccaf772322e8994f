import type { Tx } from '../../db/client.js';
import type { Actor } from '../../types.js';
import { insertAuditEntries, insertAuditEntry } from './audit.repository.js';

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

/**
 * Writes one audit entry. Runs in the caller's transaction (`tx`; so a rolled-back write leaves
 * none), or on the pool for an entry that must survive a refusal: it takes `tx`, not `AppDeps`.
 */
export async function audit(tx: Tx, actor: Actor | null, entry: AuditEntry) {
  await insertAuditEntry(tx, auditRow(actor, entry));
}

/** Writes several audit entries of one actor in one statement, as `audit` writes each. */
export async function auditAll(tx: Tx, actor: Actor | null, entries: AuditEntry[]) {
  await insertAuditEntries(
    tx,
    entries.map((e) => auditRow(actor, e)),
  );
}

export type AuditEntry = {
  action: AuditAction;
  entity: string;
  entityId?: string | number | null;
  companyId?: number | null;
  before?: unknown;
  after?: unknown;
};

const auditRow = (actor: Actor | null, entry: AuditEntry) => ({
  userId: actor?.userId ?? null,
  companyId: entry.companyId ?? null,
  action: entry.action,
  entity: entry.entity,
  entityId: entry.entityId == null ? null : String(entry.entityId),
  before: (entry.before ?? null) as never,
  after: (entry.after ?? null) as never,
  requestId: actor?.requestId ?? null,
});
