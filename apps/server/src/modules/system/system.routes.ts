import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isStaff, systemRoutes } from '@zakupki/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { addRoute } from '../../lib/route.js';
import type { ModuleJobs } from '../index.js';
import { testNotificationJob } from '../notifications/notifications.jobs.js';
import {
  listMyNotifications,
  readAllNotifications,
  readNotification,
} from '../notifications/notifications.service.js';
import { pingDatabase } from './system.repository.js';
import { auditEntries, errorEvent } from './system.service.js';

export function systemModule(app: FastifyInstance): ModuleJobs {
  // how long the event loop was held at worst: what every request waited on top of its own work
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  app.addHook('onClose', async () => delay.disable());

  addRoute(app, systemRoutes.health, async () => {
    const { jobs, sockets } = app.deps;
    const db = await pingDatabase(app.deps);
    const queue = (await jobs.healthy()) ? 'ok' : 'down';
    const redis = await sockets.redisHealthy();
    const status = db === 'ok' && queue === 'ok' && redis !== 'down' ? 'ok' : 'degraded';
    const event_loop_delay_ms = Math.round(delay.max / 1e6);
    delay.reset();
    return { status: status as 'ok' | 'degraded', db, queue, redis, event_loop_delay_ms };
  });

  addRoute(app, systemRoutes.publicConfig, async () => {
    const { support, analytics, env } = app.deps.config;
    const pdfReason = await app.deps.pdf.unavailableReason();
    return {
      support_phones: support.phones,
      support_email: support.email,
      partner_links: support.partnerLinks,
      yandex_metrika_id: analytics.yandexMetrikaId,
      sentry_dsn: analytics.sentryDsn,
      environment: env,
      pdf_available: pdfReason === null,
      pdf_unavailable_reason: pdfReason,
    };
  });

  addRoute(app, systemRoutes.notifications, ({ actor, query }) =>
    listMyNotifications(app.deps, actor, query),
  );
  addRoute(app, systemRoutes.readNotification, ({ actor, params }) =>
    readNotification(app.deps, actor, params.id),
  );
  addRoute(app, systemRoutes.readAllNotifications, ({ actor }) => readAllNotifications(app.deps, actor));

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

  addRoute(app, systemRoutes.audit, ({ actor, query }) => auditEntries(app.deps, actor, query));
  addRoute(app, systemRoutes.errorEvent, ({ actor, params }) => errorEvent(app.deps, actor, params.code));
  return [testNotificationJob];
}
