import type { User, UserCreate, UserListQuery, UserUpdate } from '@zakupki/shared';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { duplicate, forbidden, invalid, notFound } from '../../lib/app-error.js';
import type { Actor, AppDeps } from '../../types.js';
import { companyIdsFor, requireCompany } from '../access/access.service.js';
import { audit } from '../audit/audit.service.js';
import { hashPassword } from '../auth/auth.service.js';
import { assertTariffAllows } from '../tariffs/tariffs.service.js';
import {
  createRoleDenial,
  type Denial,
  editDenial,
  roleChangeDenial,
  usersSectionDenial,
} from './users.policy.js';
import { snapshot, toUser } from './users.presenter.js';
import {
  ensureMembership,
  findUser,
  insertUser,
  listUsers as listUserRows,
  liveSessionIds,
  loginTaken,
  type MembershipInput,
  membershipsOf,
  replaceMemberships,
  type Scope,
  type UserRecord,
  updateUser as updateUserRow,
} from './users.repository.js';

export const NOT_FOUND = 'Пользователь не найден';

export function deny(reason: Denial) {
  if (reason) throw forbidden(reason);
}

export function requireStaff(actor: Actor) {
  deny(usersSectionDenial(actor.role));
}

/**
 * A user the actor may see. Unknown ids and users out of reach answer the same 404; reaching
 * for one out of reach is written to the audit log.
 */
export async function loadVisible(deps: AppDeps, actor: Actor, id: number): Promise<UserRecord> {
  const { db } = deps;
  const u = await findUser(db, id, await companyIdsFor(db, actor));
  if (!u) throw notFound(NOT_FOUND);
  if (!u.visible) {
    await audit(db, actor, { action: 'access_denied', entity: 'user', entityId: id, companyId: u.companyId });
    throw notFound(NOT_FOUND);
  }
  return u;
}

/** The user as the actor sees it (memberships limited to the actor's companies), without a visibility check. */
export async function viewUser(deps: AppDeps, scope: Scope, id: number): Promise<User> {
  const u = await findUser(deps.db, id, null);
  if (!u) throw notFound(NOT_FOUND);
  return toUser(u, await membershipsOf(deps.db, [id], scope));
}

/** Full state for the audit log; runs in the caller's transaction (`tx`: the state before and after its write). */
export async function auditState(tx: Tx, id: number) {
  const u = await findUser(tx, id, null);
  if (!u) throw notFound(NOT_FOUND);
  return snapshot(u, await membershipsOf(tx, [id], null));
}

export async function listUsers(deps: AppDeps, actor: Actor, query: z.output<typeof UserListQuery>) {
  requireStaff(actor);
  const { db } = deps;
  const scope = await companyIdsFor(db, actor);
  // who serves a company the caller does not act for is not the caller's to learn: no one listed
  if (query.company_id && scope && !scope.includes(query.company_id))
    return { items: [], total: 0, page: query.page, limit: query.limit };
  const { rows, total } = await listUserRows(db, scope, query, query);
  const memberships = await membershipsOf(
    db,
    rows.map((r) => r.id),
    scope,
  );
  return { items: rows.map((r) => toUser(r, memberships)), total, page: query.page, limit: query.limit };
}

export async function getUser(deps: AppDeps, actor: Actor, id: number): Promise<User> {
  requireStaff(actor);
  await loadVisible(deps, actor, id);
  return viewUser(deps, await companyIdsFor(deps.db, actor), id);
}

/** Every company of the list once, and each one the actor may manage users in (else 404). */
async function checkMemberships(db: Tx, actor: Actor, list: MembershipInput[]) {
  const seen = new Set<number>();
  const issues = list.flatMap((m, i) => {
    if (seen.has(m.company_id)) {
      return [{ path: `body.memberships.${i}.company_id`, message: 'Компания указана в списке дважды' }];
    }
    seen.add(m.company_id);
    return [];
  });
  if (issues.length) throw invalid(issues, 'Проверьте список компаний');
  // companies named in a body, not a path: the explicit company check
  for (const m of list) await requireCompany(db, actor, m.company_id, 'users.manage');
}

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
};
const duplicateLogin = () => duplicate('Пользователь с таким логином (e-mail) уже существует');

export async function createUser(deps: AppDeps, actor: Actor, body: z.output<typeof UserCreate>) {
  requireStaff(actor);
  deny(createRoleDenial(actor.role, body.role));
  const { db } = deps;
  // the company is in the body, not the path: the explicit company check
  await requireCompany(db, actor, body.company_id, 'users.manage');
  await checkMemberships(db, actor, body.memberships);
  if (await loginTaken(db, body.login)) throw duplicateLogin();
  const passwordHash = await hashPassword(body.password);
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      await assertTariffAllows(deps, tx, body.company_id, 'users');
      const userId = await insertUser(tx, {
        login: body.login,
        title: body.title,
        passwordHash,
        role: body.role,
        companyId: body.company_id,
      });
      await replaceMemberships(tx, userId, null, body.memberships);
      await ensureMembership(tx, userId, body.company_id);
      await audit(tx, actor, {
        action: 'create',
        entity: 'user',
        entityId: userId,
        companyId: body.company_id,
        after: await auditState(tx, userId),
      });
      return userId;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateLogin();
    throw err;
  }
  return viewUser(deps, await companyIdsFor(db, actor), id);
}

export async function updateUser(deps: AppDeps, actor: Actor, id: number, body: z.output<typeof UserUpdate>) {
  requireStaff(actor);
  const { db } = deps;
  const target = await loadVisible(deps, actor, id);
  deny(editDenial(actor, target));
  deny(roleChangeDenial(actor, target, body.role));
  const scope = await companyIdsFor(db, actor);
  const roleChanged = body.role !== undefined && body.role !== target.role;
  const companyChanged = body.company_id !== undefined && body.company_id !== target.companyId;
  if (companyChanged) {
    if (scope !== null && target.companyId !== null && !scope.includes(target.companyId)) {
      throw forbidden(
        'Перевести пользователя из компании, за которую вы не отвечаете, может только администратор',
      );
    }
    // the company is in the body, not the path: the explicit company check
    await requireCompany(db, actor, body.company_id as number, 'users.manage');
  }
  if (body.memberships) await checkMemberships(db, actor, body.memberships);

  await db.transaction(async (tx) => {
    const before = await auditState(tx, id);
    // moving a user who counts in the tariff's user limit (active or pending) into another company
    if (companyChanged && (target.status === 'active' || target.status === 'pending')) {
      await assertTariffAllows(deps, tx, body.company_id as number, 'users');
    }
    await updateUserRow(tx, id, {
      ...(body.title !== undefined ? { title: body.title } : {}),
      ...(roleChanged ? { role: body.role } : {}),
      ...(companyChanged ? { companyId: body.company_id } : {}),
      ...(body.early_access !== undefined ? { earlyAccess: body.early_access } : {}),
    });
    if (body.memberships) await replaceMemberships(tx, id, scope, body.memberships);
    // the home company always stays among the memberships
    const home = companyChanged ? (body.company_id as number) : target.companyId;
    if (home !== null && (companyChanged || body.memberships)) await ensureMembership(tx, id, home);
    await audit(tx, actor, {
      action: 'update',
      entity: 'user',
      entityId: id,
      companyId: home,
      before,
      after: await auditState(tx, id),
    });
  });
  // open sockets carry the old role and company rooms: make them reconnect with the new ones
  if (roleChanged || companyChanged) {
    for (const sessionId of await liveSessionIds(db, id)) deps.sockets.disconnectSession(sessionId);
  }
  return viewUser(deps, scope, id);
}
