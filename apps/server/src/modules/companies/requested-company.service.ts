import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { companies, companyMembers, users } from '../../db/schema/index.js';
import type { Actor } from '../../types.js';
import { audit } from '../audit/audit.service.js';
import type { CompanyStatus } from './companies.policy.js';

/**
 * The status of a company that a registration request brought: pending while the request waits,
 * active once approved, rejected once refused (and pending again with a new request). Each
 * change is conditional on the status it leaves, audited, and answers whether it happened.
 */
async function move(
  tx: Tx,
  actor: Actor | null,
  companyId: number,
  change: { from: CompanyStatus; to: CompanyStatus; action: string; unless?: SQL },
): Promise<boolean> {
  const rows = await tx
    .update(companies)
    .set({ status: change.to, updatedAt: new Date() })
    .where(and(eq(companies.id, companyId), eq(companies.status, change.from), change.unless))
    .returning({ id: companies.id });
  if (rows.length === 0) return false;
  await audit(tx, actor, {
    action: change.action,
    entity: 'company',
    entityId: companyId,
    companyId,
    before: { status: change.from },
    after: { status: change.to },
  });
  return true;
}

/** Approval of the request: a pending company becomes active. */
export const activateRequestedCompany = (tx: Tx, actor: Actor, companyId: number) =>
  move(tx, actor, companyId, { from: 'pending', to: 'active', action: 'approve' });

/**
 * Rejection of the request: the pending company is rejected unless somebody else still keeps it
 * (another user whose request is not rejected, or any membership).
 */
export const rejectRequestedCompany = (tx: Tx, actor: Actor, companyId: number, requestUserId: number) =>
  move(tx, actor, companyId, {
    from: 'pending',
    to: 'rejected',
    action: 'reject',
    unless: sql`not exists (select 1 from ${users} u where u.company_id = ${companyId} and u.id <> ${requestUserId} and u.status <> 'rejected')
      and not exists (select 1 from ${companyMembers} m where m.company_id = ${companyId})`,
  });

/** A new request for a rejected company: it waits for a decision again (no actor: the public registration). */
export const reopenRejectedCompany = (tx: Tx, companyId: number) =>
  move(tx, null, companyId, { from: 'rejected', to: 'pending', action: 'register' });
