import { type NotificationKind, NS_AUTH, type Pushed } from '@zakupki/shared';
import type { Server as IoServer } from 'socket.io';
import type { Db } from '../../db/client.js';
import { notifications } from '../../db/schema/index.js';

export type NotifyInput = {
  userId: number;
  companyId: number | null;
  /** the socket event of seed.md §7, or 'notification' for kinds without one */
  kind: NotificationKind | string;
  status: 'pending' | 'success' | 'warning' | 'error';
  header: string;
  message: string;
  code?: string | null;
  payload?: Record<string, unknown>;
};

/**
 * Stores a notification (so a user who was away sees it later) and pushes it live to the
 * user's room on /auth. With the Redis adapter the push reaches every node.
 */
export class Notifier {
  constructor(
    private readonly db: Db,
    private readonly io: IoServer,
  ) {}

  async notify(n: NotifyInput): Promise<number> {
    const [row] = await this.db
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
      .returning({ id: notifications.id });
    const pushed: Pushed = {
      notification_id: row.id,
      status: n.status,
      header: n.header,
      message: n.message,
      code: n.code ?? null,
    };
    const known = n.kind !== 'notification' && /^[a-zA-Z]+$/.test(n.kind);
    const ns = this.io.of(NS_AUTH);
    if (known) ns.to(`user:${n.userId}`).emit(n.kind as 'notification', { ...n.payload, ...pushed } as never);
    else
      ns.to(`user:${n.userId}`).emit('notification', { ...pushed, kind: n.kind, payload: n.payload ?? {} });
    return row.id;
  }

  /** Small live event (progress and the like); not stored. */
  emitToUser(userId: number, event: string, payload: unknown) {
    this.io
      .of(NS_AUTH)
      .to(`user:${userId}`)
      .emit(event as 'jobProgress', payload as never);
  }
}
