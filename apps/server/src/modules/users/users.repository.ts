import { PERMISSIONS, type Permission, type Role, type UserStatus } from '@zakupki/shared';
import { and, asc, desc, eq, inArray, isNull, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { containsText } from '../../db/like.js';
import { countOf, onPage, paged } from '../../db/paging.js';
import { companies, companyMembers, sessions, users } from '../../db/schema/index.js';

/** Companies an actor acts for: null means every company (admin). */
export type Scope = number[] | null;

export type UserRecord = {
  id: number;
  login: string;
  title: string;
  role: Role;
  companyId: number | null;
  companyTitle: string | null;
  status: UserStatus;
  registrationNumber: string | null;
  earlyAccess: boolean;
  createdAt: Date;
};

export type MembershipRecord = {
  userId: number;
  companyId: number;
  companyTitle: string | null;
  permissions: Permission[] | null;
};

export type MembershipInput = { company_id: number; permissions?: Permission[] | null };

const columns = {
  id: users.id,
  login: users.login,
  title: users.title,
  role: users.role,
  companyId: users.companyId,
  companyTitle: companies.title,
  status: users.status,
  registrationNumber: users.registrationNumber,
  earlyAccess: users.earlyAccess,
  createdAt: users.createdAt,
};

/**
 * Users an actor with this scope may see: everyone for an admin; for other staff, users whose
 * home company or memberships meet the scope, plus pending registration requests (new
 * companies belong to nobody yet, and every staff member reviews requests).
 */
export function visibleUsers(db: Tx, scope: Scope): SQL | undefined {
  if (scope === null) return undefined;
  if (scope.length === 0) return eq(users.status, 'pending');
  return or(
    eq(users.status, 'pending'),
    inArray(users.companyId, scope),
    inArray(
      users.id,
      db
        .select({ id: companyMembers.userId })
        .from(companyMembers)
        .where(inArray(companyMembers.companyId, scope)),
    ),
  );
}

export type UserFilters = {
  status?: UserStatus;
  role?: Role;
  company_id?: number;
  q?: string;
};

export async function listUsers(
  db: Db,
  scope: Scope,
  f: UserFilters,
  page: { page: number; limit: number },
): Promise<{ rows: UserRecord[]; total: number }> {
  const where = and(
    visibleUsers(db, scope),
    f.status ? eq(users.status, f.status) : undefined,
    f.role ? eq(users.role, f.role) : undefined,
    f.company_id
      ? or(
          eq(users.companyId, f.company_id),
          inArray(
            users.id,
            db
              .select({ id: companyMembers.userId })
              .from(companyMembers)
              .where(eq(companyMembers.companyId, f.company_id)),
          ),
        )
      : undefined,
    f.q ? or(containsText(users.login, f.q), containsText(users.title, f.q)) : undefined,
  );
  const { items: rows, total } = await paged(
    page,
    onPage(
      db
        .select(columns)
        .from(users)
        .leftJoin(companies, eq(companies.id, users.companyId))
        .where(where)
        // registration requests first: they wait for someone's decision
        .orderBy(desc(sql`${users.status} = 'pending'`), desc(users.id)),
      page,
    ),
    countOf(db, users, where),
  );
  return { rows, total: Number(total) };
}

/** One user with whether this scope may see it; null when there is no such user. */
export async function findUser(
  db: Tx,
  id: number,
  scope: Scope,
): Promise<(UserRecord & { visible: boolean }) | null> {
  const visible = visibleUsers(db, scope);
  const [row] = await db
    .select({ ...columns, visible: visible ? sql<boolean>`(${visible})` : sql<boolean>`true` })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, id))
    .limit(1);
  return row ? { ...row, visible: Boolean(row.visible) } : null;
}

const isPermission = (p: string): p is Permission => (PERMISSIONS as readonly string[]).includes(p);

/** Memberships of these users; with a scope, only those in companies the scope covers. */
export async function membershipsOf(db: Tx, userIds: number[], scope: Scope): Promise<MembershipRecord[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({
      userId: companyMembers.userId,
      companyId: companyMembers.companyId,
      companyTitle: companies.title,
      permissions: companyMembers.permissions,
    })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(
      and(
        inArray(companyMembers.userId, userIds),
        scope === null ? undefined : scope.length ? inArray(companyMembers.companyId, scope) : sql`false`,
      ),
    )
    .orderBy(asc(companyMembers.companyId));
  return rows.map((r) => ({ ...r, permissions: r.permissions ? r.permissions.filter(isPermission) : null }));
}

export async function loginTaken(db: Tx, login: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.login, login)).limit(1);
  return Boolean(row);
}

export async function insertUser(
  tx: Tx,
  values: {
    login: string;
    title: string;
    passwordHash: string;
    role: Role;
    companyId: number;
  },
): Promise<number> {
  const [row] = await tx
    .insert(users)
    .values({ ...values, status: 'active' })
    .returning({ id: users.id });
  return row.id;
}

export async function updateUser(
  tx: Tx,
  id: number,
  patch: Partial<{ title: string; role: Role; companyId: number; earlyAccess: boolean }>,
) {
  await tx
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, id));
}

/** Moves a user from one status to the next; false when someone changed it first. */
export async function changeStatus(tx: Tx, id: number, from: UserStatus, to: UserStatus): Promise<boolean> {
  const rows = await tx
    .update(users)
    .set({ status: to, updatedAt: new Date() })
    .where(and(eq(users.id, id), eq(users.status, from)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Replaces a user's memberships among the companies of `scope` (all of them for null) with
 * `list`; memberships in companies outside the scope stay as they are.
 */
export async function replaceMemberships(tx: Tx, userId: number, scope: Scope, list: MembershipInput[]) {
  const keep = list.map((m) => m.company_id);
  await tx
    .delete(companyMembers)
    .where(
      and(
        eq(companyMembers.userId, userId),
        scope === null ? undefined : inArray(companyMembers.companyId, scope.length ? scope : [0]),
        keep.length ? notInArray(companyMembers.companyId, keep) : undefined,
      ),
    );
  for (const m of list) {
    await tx
      .insert(companyMembers)
      .values({ userId, companyId: m.company_id, permissions: m.permissions ?? null })
      .onConflictDoUpdate({
        target: [companyMembers.userId, companyMembers.companyId],
        set: { permissions: m.permissions ?? null },
      });
  }
}

/** Adds a membership with the role's default permissions unless one exists; true when added. */
export async function ensureMembership(tx: Tx, userId: number, companyId: number): Promise<boolean> {
  const rows = await tx
    .insert(companyMembers)
    .values({ userId, companyId, permissions: null })
    .onConflictDoNothing()
    .returning({ userId: companyMembers.userId });
  return rows.length > 0;
}

/** Ids of a user's sessions that are not revoked (their sockets are to be reconnected). */
export async function liveSessionIds(db: Tx, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  return rows.map((r) => r.id);
}
