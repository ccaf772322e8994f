import type { SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { Actor } from '../../types.js';
import { audit } from '../audit/audit.service.js';
import type { CompanyStatus } from './companies.policy.js';
import { keptByNobodyElse, moveCompanyStatus } from './companies.repository.js';

/**
 * The status of a company that a registration request brought: pending while the request waits,
 * active once approved, rejected once refused (and pending again with a new request). Each
 * change is conditional on the status it leaves, audited, and answers whether it happened. These
 * run in the caller's transaction (`tx`: the registration, the review of a request).
 */
async function move(
  tx: Tx,
  actor: Actor | null,
  companyId: number,
  change: { from: CompanyStatus; to: CompanyStatus; action: string; unless?: SQL },
): Promise<boolean> {
  if (!(await moveCompanyStatus(tx, companyId, change))) return false;
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
    unless: keptByNobodyElse(companyId, requestUserId),
  });

/** A new request for a rejected company: it waits for a decision again (no actor: the public registration). */
export const reopenRejectedCompany = (tx: Tx, companyId: number) =>
  move(tx, null, companyId, { from: 'rejected', to: 'pending', action: 'register' });
