import { and, desc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { countOf, onPage, type Paging, paged } from '../../db/paging.js';
import { companies, notifications } from '../../db/schema/index.js';

export type NotificationRow = typeof notifications.$inferSelect;
export type NotificationWithCompany = NotificationRow & { companyTitle: string | null };

const withCompany = { ...getTableColumns(notifications), companyTitle: companies.title };

/** The title of the company of the row written (a subquery of RETURNING: no statement of its own). */
const writtenCompanyTitle = sql<
  string | null
>`(select ${companies.title} from ${companies} where ${companies.id} = ${notifications.companyId})`;

/** The title of a notification's company (null without one). */
export async function companyTitleOf(db: Tx, companyId: number | null): Promise<string | null> {
  if (companyId === null) return null;
  const [row] = await db
    .select({ title: companies.title })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.title ?? null;
}

/** A user's notifications, unread first, newest first; with the number of unread ones. */
export async function listNotifications(db: Tx, userId: number, q: Paging & { unreadOnly: boolean }) {
  const mine = eq(notifications.userId, userId);
  const unread = and(mine, isNull(notifications.readAt));
  const where = q.unreadOnly ? unread : mine;
  const rows = db
    .select(withCompany)
    .from(notifications)
    .leftJoin(companies, eq(companies.id, notifications.companyId))
    .where(where)
    .orderBy(sql`${notifications.readAt} is not null`, desc(notifications.createdAt), desc(notifications.id));
  const [page, unreadCount] = await Promise.all([
    paged(q, onPage(rows, q), countOf(db, notifications, where)),
    countOf(db, notifications, unread),
  ]);
  return { ...page, unread: unreadCount };
}

/** Marks one of the user's notifications read (kept when already read); null when it is not theirs. */
export async function markRead(db: Tx, userId: number, id: number): Promise<NotificationWithCompany | null> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ ...getTableColumns(notifications), companyTitle: writtenCompanyTitle });
  return row ?? null;
}

export async function markAllRead(db: Tx, userId: number): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

/** Whose notification is it (null: there is none). */
export async function notificationOwner(db: Tx, id: number) {
  const [row] = await db
    .select({ userId: notifications.userId, companyId: notifications.companyId })
    .from(notifications)
    .where(eq(notifications.id, id));
  return row ?? null;
}

/** Stores a notification; returns its id and its company's title (null: none), read by the same statement. */
export async function insertNotification(
  db: Tx,
  n: {
    userId: number;
    companyId: number | null;
    kind: string;
    status: 'pending' | 'success' | 'warning' | 'error';
    header: string;
    message: string;
    code?: string | null;
    payload?: Record<string, unknown>;
  },
) {
  const [row] = await db
    .insert(notifications)
    .values({
      userId: n.userId,
      companyId: n.companyId,
      kind: n.kind,
      status: n.status,
      header: n.header,
      message: n.message,
      code: n.code ?? null,
      payload: (n.payload ?? {}) as never,
    })
    .returning({ id: notifications.id, companyTitle: writtenCompanyTitle });
  return row;
}
