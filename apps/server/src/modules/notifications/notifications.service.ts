import { type NotificationKind, NS_AUTH, type Pushed } from '@zakupki/shared';
import type { Server as IoServer } from 'socket.io';
import type { Db, Tx } from '../../db/client.js';
import { mapPage, type Paging } from '../../db/paging.js';
import { notFound } from '../../lib/app-error.js';
import type { Actor, AppDeps } from '../../types.js';
import { denyAndAudit } from '../access/access.service.js';
import { notificationLink } from './notifications.policy.js';
import { companyTitle, toNotification } from './notifications.presenter.js';
import {
  companyTitleOf,
  insertNotification,
  listNotifications,
  markAllRead,
  markRead,
  notificationOwner,
} from './notifications.repository.js';

export type NotifyInput = {
  userId: number;
  companyId: number | null;
  /** the socket event of docs/product.md §7, or 'notification' for kinds without one */
  kind: NotificationKind | string;
  status: 'pending' | 'success' | 'warning' | 'error';
  header: string;
  message: string;
  code?: string | null;
  payload?: Record<string, unknown>;
};

/**
 * Stores a notification (so a user who was away sees it later) and pushes it live to the
 * user's room on /auth. With the Redis adapter the push reaches every node. The push names its
 * company and its link as the stored one does (`toNotification`): a live notice says which
 * company it is about and leads to it.
 */
export class Notifier {
  constructor(
    private readonly db: Db,
    private readonly io: IoServer,
  ) {}

  async notify(n: NotifyInput): Promise<number> {
    // the company's title comes back with the stored row: the push reads nothing more
    const row = await insertNotification(this.db, n);
    await this.push(row.id, n, row.companyTitle);
    return row.id;
  }

  /**
   * Pushes a notification already stored (by `storeNotification` in a transaction that has
   * committed); its company's title is read unless given.
   */
  async push(id: number, n: NotifyInput, title?: string | null): Promise<void> {
    const known = title !== undefined ? title : await companyTitleOf(this.db, n.companyId);
    const pushed: Pushed = {
      notification_id: id,
      status: n.status,
      header: n.header,
      message: n.message,
      code: n.code ?? null,
      company_id: n.companyId,
      company_title: companyTitle(n.companyId, known),
      link: notificationLink(n.kind, n.payload ?? {}),
    };
    const named = n.kind !== 'notification' && /^[a-zA-Z]+$/.test(n.kind);
    const ns = this.io.of(NS_AUTH);
    if (named) ns.to(`user:${n.userId}`).emit(n.kind as 'notification', { ...n.payload, ...pushed } as never);
    else
      ns.to(`user:${n.userId}`).emit('notification', { ...pushed, kind: n.kind, payload: n.payload ?? {} });
  }

  /** Small live event (progress and the like); not stored. */
  emitToUser(userId: number, event: string, payload: unknown) {
    this.io
      .of(NS_AUTH)
      .to(`user:${userId}`)
      .emit(event as 'jobProgress', payload as never);
  }
}

/**
 * Stores a notification in the caller's transaction, so it lands with the write it reports; push
 * it with `deps.notifier.push` after the commit.
 */
export async function storeNotification(tx: Tx, n: NotifyInput): Promise<number> {
  return (await insertNotification(tx, n)).id;
}

const NOTIFICATION_NOT_FOUND = 'Уведомление не найдено';

export async function listMyNotifications(
  deps: AppDeps,
  actor: Actor,
  q: Paging & { unread?: 'true' | 'false' },
) {
  const page = await listNotifications(deps.db, actor.userId, { ...q, unreadOnly: q.unread === 'true' });
  return { ...mapPage(page, toNotification), unread: page.unread };
}

/**
 * Marks one of the caller's notifications read. Another user's answers like a missing one and
 * is audited (`access_denied`).
 */
export async function readNotification(deps: AppDeps, actor: Actor, id: number) {
  const { db } = deps;
  const row = await markRead(db, actor.userId, id);
  if (row) return toNotification(row);
  const owner = await notificationOwner(db, id);
  if (owner) await denyAndAudit(db, actor, 'notification', id, owner.companyId, NOTIFICATION_NOT_FOUND);
  throw notFound(NOTIFICATION_NOT_FOUND);
}

export async function readAllNotifications(deps: AppDeps, actor: Actor) {
  return { updated: await markAllRead(deps.db, actor.userId) };
}
