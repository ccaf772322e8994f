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

/**
 * The gate of every company-scoped call: answers 404 (never 403 with a hint) when the actor may
 * not act for the company, and writes the attempt to the audit log. Returns the permissions.
 */
export async function requireCompany(
  db: Db,
  actor: Actor,
  companyId: number,
  permission?: Permission,
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
    throw new AppError('not_found', 'Запрашиваемый ресурс не найден');
  }
  if (permission && !perms.includes(permission)) {
    throw new AppError('forbidden', 'Недостаточно прав для этого действия в компании');
  }
  return perms;
}

/** Same gate for a row found by id: 404 and an audit entry when it belongs to a company out of reach. */
export async function denyAndAudit(
  db: Db,
  actor: Actor,
  entity: string,
  entityId: number | string,
  companyId?: number | null,
): Promise<never> {
  await audit(db, actor, { action: 'access_denied', entity, entityId, companyId: companyId ?? null });
  throw new AppError('not_found', 'Запрашиваемый ресурс не найден');
}
