import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isStaff, systemRoutes } from '@zakupki/shared';
import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { auditLog, errorEvents, notifications } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { addRoute } from '../../lib/route.js';
import { companyScope } from '../access/access.service.js';
import { testNotificationJob } from '../notifications/notifications.jobs.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function systemModule(app: FastifyInstance) {
  void app.deps.jobs.register(testNotificationJob);
  // how long the event loop was held at worst: what every request waited on top of its own work
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  app.addHook('onClose', async () => delay.disable());

  addRoute(app, systemRoutes.health, async () => {
    const { database, jobs, sockets } = app.deps;
    const db = await database
      .query('select 1')
      .then(() => 'ok')
      .catch(() => 'down');
    const queue = (await jobs.healthy()) ? 'ok' : 'down';
    const redis = await sockets.redisHealthy();
    const status = db === 'ok' && queue === 'ok' && redis !== 'down' ? 'ok' : 'degraded';
    const event_loop_delay_ms = Math.round(delay.max / 1e6);
    delay.reset();
    return { status: status as 'ok' | 'degraded', db, queue, redis, event_loop_delay_ms };
  });

  addRoute(app, systemRoutes.publicConfig, async () => {
    const { support, analytics, env } = app.deps.config;
    return {
      support_phones: support.phones,
      support_email: support.email,
      partner_links: support.partnerLinks,
      yandex_metrika_id: analytics.yandexMetrikaId,
      sentry_dsn: analytics.sentryDsn,
      environment: env,
    };
  });

  addRoute(app, systemRoutes.notifications, async ({ actor, query }) => {
    const { db } = app.deps;
    const where = and(
      eq(notifications.userId, actor.userId),
      query.unread === 'true' ? isNull(notifications.readAt) : undefined,
    );
    const [rows, [{ total }], [{ unread }]] = await Promise.all([
      db
        .select()
        .from(notifications)
        .where(where)
        .orderBy(
          sql`${notifications.readAt} is not null`,
          desc(notifications.createdAt),
          desc(notifications.id),
        )
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
      db.select({ total: sql<number>`count(*)::int` }).from(notifications).where(where),
      db
        .select({ unread: sql<number>`count(*)::int` })
        .from(notifications)
        .where(and(eq(notifications.userId, actor.userId), isNull(notifications.readAt))),
    ]);
    return {
      items: rows.map(toNotification),
      total: Number(total),
      unread: Number(unread),
      page: query.page,
      limit: query.limit,
    };
  });

  addRoute(app, systemRoutes.readNotification, async ({ actor, params }) => {
    const [row] = await app.deps.db
      .update(notifications)
      .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
      .where(and(eq(notifications.id, params.id), eq(notifications.userId, actor.userId)))
      .returning();
    if (!row) throw new AppError('not_found', 'Уведомление не найдено');
    return toNotification(row);
  });

  addRoute(app, systemRoutes.readAllNotifications, async ({ actor }) => {
    const rows = await app.deps.db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(eq(notifications.userId, actor.userId), isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    return { updated: rows.length };
  });

  addRoute(app, systemRoutes.testNotification, async ({ actor, body }) => {
    if (!isStaff(actor.role)) throw new AppError('forbidden', 'Доступно только сотрудникам');
    if (body.user_id && body.user_id !== actor.userId && actor.role !== 'admin') {
      throw new AppError(
        'forbidden',
        'Отправить проверочное уведомление другому пользователю может только администратор',
      );
    }
    const jobId = await app.deps.jobs.send(testNotificationJob, {
      user_id: body.user_id ?? actor.userId,
      requested_by: actor.userId,
      node: String(process.pid),
    });
    return { job_id: String(jobId) };
  });

  addRoute(app, systemRoutes.audit, async ({ actor, query }) => {
    if (!isStaff(actor.role)) throw new AppError('forbidden', 'Журнал аудита доступен только сотрудникам');
    const { db } = app.deps;
    const conds: (SQL | undefined)[] = [
      query.entity ? eq(auditLog.entity, query.entity) : undefined,
      query.entity_id ? eq(auditLog.entityId, query.entity_id) : undefined,
      query.company_id ? eq(auditLog.companyId, query.company_id) : undefined,
      query.action ? eq(auditLog.action, query.action) : undefined,
    ];
    if (actor.role !== 'admin') {
      // staff see entries of the companies they act for, and their own actions
      const scope = await companyScope(db, actor, auditLog.companyId);
      conds.push(sql`(${scope ?? sql`true`} or ${auditLog.userId} = ${actor.userId})`);
    }
    const where = and(...conds);
    const [rows, [{ total }]] = await Promise.all([
      db
        .select()
        .from(auditLog)
        .where(where)
        .orderBy(desc(auditLog.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
      db.select({ total: sql<number>`count(*)::int` }).from(auditLog).where(where),
    ]);
    return {
      items: rows.map((r) => ({
        id: r.id,
        at: r.at.toISOString(),
        user_id: r.userId,
        company_id: r.companyId,
        action: r.action,
        entity: r.entity,
        entity_id: r.entityId,
        before: r.before,
        after: r.after,
        request_id: r.requestId,
      })),
      total: Number(total),
      page: query.page,
      limit: query.limit,
    };
  });

  addRoute(app, systemRoutes.errorEvent, async ({ actor, params }) => {
    if (!isStaff(actor.role)) throw new AppError('forbidden', 'Доступно только сотрудникам');
    const [e] = await app.deps.db
      .select()
      .from(errorEvents)
      .where(eq(errorEvents.code, params.code.toUpperCase()));
    if (!e) throw new AppError('not_found', 'Ошибка с таким кодом не найдена');
    return {
      code: e.code,
      at: e.at.toISOString(),
      method: e.method,
      route: e.route,
      user_id: e.userId,
      message: e.message,
      stack: e.stack,
      request_id: e.requestId,
    };
  });
}

export function toNotification(r: typeof notifications.$inferSelect) {
  return {
    id: r.id,
    user_id: r.userId,
    company_id: r.companyId,
    kind: r.kind,
    status: r.status,
    header: r.header,
    message: r.message,
    code: r.code,
    payload: r.payload,
    created_at: r.createdAt.toISOString(),
    read_at: iso(r.readAt),
  };
}
