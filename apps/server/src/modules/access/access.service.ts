import type { Permission } from '@zakupki/shared';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { preparedOnce } from '../../db/prepared.js';
import { companies, companyMembers } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import type { Actor } from '../../types.js';
import { audit } from '../audit/audit.service.js';
import { effectivePermissions, maySeeAllCompanies } from './access.policy.js';

/** Companies the actor may act for: null means every company (admin). */
export async function companyIdsFor(db: Db, actor: Actor): Promise<number[] | null> {
  if (maySeeAllCompanies(actor.role)) return null;
  const rows = await db
    .select({ id: companyMembers.companyId })
    .from(companyMembers)
    .where(eq(companyMembers.userId, actor.userId));
  const ids = new Set(rows.map((r) => r.id));
  if (actor.companyId) ids.add(actor.companyId);
  return [...ids];
}

/** A SQL condition limiting `column` (a company id column) to what the actor may see. */
export async function companyScope(db: Db, actor: Actor, column: AnyPgColumn): Promise<SQL | undefined> {
  const ids = await companyIdsFor(db, actor);
  if (ids === null) return undefined;
  if (ids.length === 0) return sql`false`;
  return inArray(column, ids);
}

const companyWithMember = (db: Db) =>
  preparedOnce(db, 'company-with-member', (d) =>
    d
      .select({ id: companies.id, member: companyMembers.userId, permissions: companyMembers.permissions })
      .from(companies)
      .leftJoin(
        companyMembers,
        and(eq(companyMembers.companyId, companies.id), eq(companyMembers.userId, sql.placeholder('userId'))),
      )
      .where(eq(companies.id, sql.placeholder('companyId')))
      .limit(1)
      .prepare(''),
  );

/** The answer to a company, or a row, the caller may not reach: the same as to a missing one. */
export const NOT_FOUND = 'Запрашиваемый ресурс не найден';

/**
 * The company check. Routes scoped to a company by their path declare it (`company` in
 * packages/shared) and lib/route.ts runs this as their gate before anything else. Code that learns
 * the company later (a file or catalogue entry by id, a `company_id` in a query or body) calls it
 * explicitly, and says so in a comment. Answers 404 (never 403 with a hint) when the actor may not
 * act for the company, with `notFound` as the message (the message of a missing row, so a foreign
 * id cannot be told from a missing one), and writes the attempt to the audit log. Returns the
 * actor's permissions in the company; 403 when `permission` is not among them.
 */
export async function requireCompany(
  db: Db,
  actor: Actor,
  companyId: number,
  permission?: Permission,
  notFound = NOT_FOUND,
): Promise<Permission[]> {
  // the company and the actor's membership in one statement: every company request passes here
  const [company] = await companyWithMember(db).execute({ companyId, userId: actor.userId });
  let perms: Permission[] | null = null;
  if (company) {
    if (actor.role === 'admin') perms = effectivePermissions('admin', null);
    else if (company.member !== null) perms = effectivePermissions(actor.role, company.permissions);
    else if (actor.companyId === companyId) perms = effectivePermissions(actor.role, null);
  }
  if (!perms) {
    await audit(db, actor, { action: 'access_denied', entity: 'company', entityId: companyId, companyId });
    throw new AppError('not_found', notFound);
  }
  if (permission && !perms.includes(permission)) {
    throw new AppError('forbidden', 'Недостаточно прав для этого действия в компании');
  }
  return perms;
}

/**
 * A row found by id (in the path or in a body) must belong to the company the caller acts for.
 * Missing (`owner` null or undefined) and foreign rows answer the same 404 with the row's own
 * message (`notFound`), so ids of other companies cannot be probed; a foreign one is audited
 * (`access_denied`, with the company that was asked for). Call outside the write transaction: the
 * audit entry must survive the refusal.
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
  throw new AppError('not_found', ref.notFound);
}

/** The audit entry of a refused reference: the row's company, and the company that was asked for. */
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

/** 404 with `notFound` and an audit entry: a row out of the caller's reach, refused like a missing one. */
export async function denyAndAudit(
  db: Db,
  actor: Actor,
  entity: string,
  entityId: number | string,
  companyId: number | null | undefined,
  notFound = NOT_FOUND,
  requestedCompanyId?: number,
): Promise<never> {
  await auditRefused(db, actor, entity, entityId, companyId, requestedCompanyId);
  throw new AppError('not_found', notFound);
}
