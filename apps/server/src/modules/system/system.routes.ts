import { monitorEventLoopDelay } from 'node:perf_hooks';
import { systemRoutes } from '@zakupki/shared';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route.js';
import { defineModule } from '../../plugins/module.js';
import { testNotificationJob } from '../notifications/notifications.jobs.js';
import {
  listMyNotifications,
  readAllNotifications,
  readNotification,
} from '../notifications/notifications.service.js';
import { auditEntries, errorEvent, health, sendTestNotification } from './system.service.js';

function registerRoutes(app: FastifyInstance) {
  // how long the event loop was held at worst: what every request waited on top of its own work
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  app.addHook('onClose', async () => delay.disable());

  addRoute(app, systemRoutes.health, async () => {
    const answer = await health(app.deps, () => Math.round(delay.max / 1e6));
    delay.reset();
    return answer;
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

  addRoute(app, systemRoutes.testNotification, async ({ actor, body }) =>
    sendTestNotification(app.deps, actor, body.user_id ?? undefined),
  );

  addRoute(app, systemRoutes.audit, ({ actor, query }) => auditEntries(app.deps, actor, query));
  addRoute(app, systemRoutes.errorEvent, ({ actor, params }) => errorEvent(app.deps, actor, params.code));
}

export const systemModule = defineModule({
  name: 'system',
  routes: registerRoutes,
  jobs: [testNotificationJob],
});
