import type { Permission } from '@zakupki/shared';
import type { Db } from '../../db/client.js';
import { forbidden, notFound } from '../../lib/app-error.js';
import type { Actor } from '../../types.js';
import { audit } from '../audit/audit.service.js';
import { effectivePermissions, maySeeAllCompanies } from './access.policy.js';
import { findCompanyWithMember, memberCompanyIds } from './access.repository.js';

/*
 * The access checks run inside a caller's request, before (or outside) its write transaction, on
 * the pool: they take `db` (the pool), not `AppDeps`, so any service can call them with `deps.db`.
 */

/** Companies the actor may act for: null means every company (admin). Runs in the caller's request. */
export async function companyIdsFor(db: Db, actor: Actor): Promise<number[] | null> {
  if (maySeeAllCompanies(actor.role)) return null;
  const ids = new Set(await memberCompanyIds(db, actor.userId));
  if (actor.companyId) ids.add(actor.companyId);
  return [...ids];
}

/** The answer to a company, or a row, the caller may not reach: the same as to a missing one. */
export const NOT_FOUND = 'Запрашиваемый ресурс не найден';

/**
 * The company check. Routes scoped to a company by their path declare it (`company` in
 * packages/shared) and lib/route.ts runs this as their gate before anything else. Code that learns
 * the company later (a file or catalogue entry by id, a `company_id` in a query or body) calls it
 * explicitly, and says so in a comment. Answers 404 (never 403 with a hint) when the actor may not
 * act for the company, with `missing` as the message (the message of a missing row, so a foreign
 * id cannot be told from a missing one), and writes the attempt to the audit log. Returns the
 * actor's permissions in the company; 403 when `permission` is not among them. Runs in the
 * caller's request (the route's gate, or a service before its transaction): it keeps `db` first.
 */
export async function requireCompany(
  db: Db,
  actor: Actor,
  companyId: number,
  permission?: Permission,
  missing = NOT_FOUND,
  /** the company and membership as already read (with the session, plugins/auth.ts) */
  found?: { row: { id: number; member: number | null; permissions: string[] | null } | undefined },
): Promise<Permission[]> {
  // the company and the actor's membership in one statement: every company request passes here
  const company = found ? found.row : await findCompanyWithMember(db, companyId, actor.userId);
  let perms: Permission[] | null = null;
  if (company) {
    if (actor.role === 'admin') perms = effectivePermissions('admin', null);
    else if (company.member !== null) perms = effectivePermissions(actor.role, company.permissions);
    else if (actor.companyId === companyId) perms = effectivePermissions(actor.role, null);
  }
  if (!perms) {
    await audit(db, actor, { action: 'access_denied', entity: 'company', entityId: companyId, companyId });
    throw notFound(missing);
  }
  if (permission && !perms.includes(permission)) {
    throw forbidden('Недостаточно прав для этого действия в компании');
  }
  return perms;
}

/**
 * A row found by id (in the path or in a body) must belong to the company the caller acts for.
 * Missing (`owner` null or undefined) and foreign rows answer the same 404 with the row's own
 * message (`notFound`), so ids of other companies cannot be probed; a foreign one is audited
 * (`access_denied`, with the company that was asked for). Call outside the write transaction: the
 * audit entry must survive the refusal. Runs in the caller's request on the pool (`db`).
 */
export async function assertOwned(
  db: Db,
  actor: Actor,
  ref: {
    entity: string;
    id: number | string;
    owner: number | null | undefined;
    companyId: number;
    notFound: string;
  },
): Promise<void> {
  if (ref.owner === ref.companyId) return;
  if (ref.owner !== null && ref.owner !== undefined)
    await denyAndAudit(db, actor, ref.entity, ref.id, ref.owner, ref.notFound, ref.companyId);
  throw notFound(ref.notFound);
}

/**
 * The audit entry of a refused reference: the row's company, and the company that was asked for.
 * Runs in the caller's request on the pool (`db`), so the entry survives the refusal.
 */
export async function auditRefused(
  db: Db,
  actor: Actor,
  entity: string,
  entityId: number | string,
  companyId: number | null | undefined,
  requestedCompanyId?: number,
): Promise<void> {
  await audit(db, actor, {
    action: 'access_denied',
    entity,
    entityId,
    companyId: companyId ?? null,
    ...(requestedCompanyId !== undefined ? { after: { requested_company_id: requestedCompanyId } } : {}),
  });
}

/**
 * 404 with `missing` and an audit entry: a row out of the caller's reach, refused like a missing
 * one. Runs in the caller's request on the pool (`db`).
 */
export async function denyAndAudit(
  db: Db,
  actor: Actor,
  entity: string,
  entityId: number | string,
  companyId: number | null | undefined,
  missing = NOT_FOUND,
  requestedCompanyId?: number,
): Promise<never> {
  await auditRefused(db, actor, entity, entityId, companyId, requestedCompanyId);
  throw notFound(missing);
}
