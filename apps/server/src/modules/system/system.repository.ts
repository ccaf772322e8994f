import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { countOf, onPage, type Paging, paged } from '../../db/paging.js';
import { auditLog, errorEvents } from '../../db/schema/index.js';
import type { AppDeps } from '../../types.js';
import { companyCondition } from '../access/access.repository.js';

/** 'ok' when PostgreSQL answers a trivial query. */
export const pingDatabase = (deps: Pick<AppDeps, 'database'>) =>
  deps.database
    .query('select 1')
    .then(() => 'ok' as const)
    .catch(() => 'down' as const);

export type AuditFilter = Paging & {
  entity?: string;
  entity_id?: string;
  company_id?: number;
  action?: string;
};

/** A page of the audit log, newest first; `reach` limits it (staff other than the admin). */
export function listAudit(db: Tx, q: AuditFilter, reach: SQL | undefined) {
  const where = and(
    q.entity ? eq(auditLog.entity, q.entity) : undefined,
    q.entity_id ? eq(auditLog.entityId, q.entity_id) : undefined,
    q.company_id ? eq(auditLog.companyId, q.company_id) : undefined,
    q.action ? eq(auditLog.action, q.action) : undefined,
    reach,
  );
  return paged(
    q,
    onPage(db.select().from(auditLog).where(where).orderBy(desc(auditLog.id)), q),
    countOf(db, auditLog, where),
  );
}

/** Audit entries of these companies (null: every company) or by this user. */
/** The audit entries a user may read: of the companies it reaches (`companyIdsFor`), and its own. */
export const auditReach = (reach: number[] | null, userId: number) =>
  sql`(${companyCondition(auditLog.companyId, reach) ?? sql`true`} or ${auditLog.userId} = ${userId})`;

export async function findErrorEvent(db: Tx, code: string) {
  const [e] = await db.select().from(errorEvents).where(eq(errorEvents.code, code));
  return e ?? null;
}
