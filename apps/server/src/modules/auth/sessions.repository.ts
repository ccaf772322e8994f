import type { Role } from '@zakupki/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { preparedOnce } from '../../db/prepared.js';
import { companies, companyMembers, sessions, users } from '../../db/schema/index.js';
import { newToken, sha256 } from '../../lib/ids.js';

export type SessionRow = {
  sessionId: number;
  userId: number;
  role: Role;
  companyId: number | null;
  title: string;
  login: string;
  status: string;
  lastSeenAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
};

export async function createSession(
  db: Db,
  userId: number,
  maxMs: number,
  meta: { ip?: string; userAgent?: string },
) {
  const token = newToken();
  const [row] = await db
    .insert(sessions)
    .values({
      userId,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + maxMs),
      ip: meta.ip ?? null,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
    })
    .returning({ id: sessions.id });
  return { token, sessionId: row.id };
}

/** What a session row holds of the session and its user (both session look-ups select these). */
const SESSION_COLUMNS = {
  sessionId: sessions.id,
  userId: users.id,
  role: users.role,
  companyId: users.companyId,
  title: users.title,
  login: users.login,
  status: users.status,
  lastSeenAt: sessions.lastSeenAt,
  expiresAt: sessions.expiresAt,
  revokedAt: sessions.revokedAt,
};

const sessionByHash = (db: Db) =>
  preparedOnce(db, 'session-by-token', (d) =>
    d
      .select(SESSION_COLUMNS)
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.tokenHash, sql.placeholder('hash')))
      .limit(1)
      .prepare(''),
  );

/** The session of a bearer token with its user (every authenticated request asks). */
export async function findSessionByToken(db: Db, token: string): Promise<SessionRow | null> {
  const rows = await sessionByHash(db).execute({ hash: sha256(token) });
  return rows[0] ?? null;
}

/** A company and the session user's membership in it, as the company gate reads them. */
export type CompanyMemberRow = { id: number; member: number | null; permissions: string[] | null };

const sessionAndCompany = (db: Db) =>
  preparedOnce(db, 'session-and-company', (d) =>
    d
      .select({
        ...SESSION_COLUMNS,
        company: companies.id,
        member: companyMembers.userId,
        permissions: companyMembers.permissions,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(companies, eq(companies.id, sql.placeholder('companyId')))
      .leftJoin(
        companyMembers,
        and(eq(companyMembers.companyId, companies.id), eq(companyMembers.userId, users.id)),
      )
      .where(eq(sessions.tokenHash, sql.placeholder('hash')))
      .limit(1)
      .prepare(''),
  );

/**
 * The session of a token and, in the same statement, the company a route acts on with the user's
 * membership in it (`company` undefined when no such company): a company route's request needs
 * both, so it asks once instead of twice (issue 27).
 */
export async function findSessionWithCompany(
  db: Db,
  token: string,
  companyId: number,
): Promise<(SessionRow & { company: CompanyMemberRow | undefined }) | null> {
  const [row] = await sessionAndCompany(db).execute({ hash: sha256(token), companyId });
  if (!row) return null;
  const { company, member, permissions, ...session } = row;
  return {
    ...session,
    company: company === null ? undefined : { id: company, member, permissions },
  };
}

export async function touchSession(db: Db, sessionId: number) {
  await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, sessionId));
}

export async function revokeSession(db: Db, sessionId: number) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revokes every live session of a user (blocked, password changed); returns their ids. */
export async function revokeUserSessions(
  db: Tx,
  userId: number,
  exceptSessionId?: number,
): Promise<number[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptSessionId ? sql`${sessions.id} <> ${exceptSessionId}` : undefined,
      ),
    )
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}
