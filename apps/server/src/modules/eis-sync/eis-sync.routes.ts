import { eisSyncRoutes } from '@zakupki/shared';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route.js';
import { defineModule } from '../../plugins/module.js';
import { eisSyncNightlyJob, eisSyncRunJob } from './eis-sync.jobs.js';
import {
  checkConnection,
  dutyEisMarks,
  getOverview,
  listConfirmations,
  saveSyncSettings,
  syncNow,
} from './eis-sync.service.js';

/** The EIS connector (docs/eis-sync.md): settings, «Проверить подключение», runs, confirmation marks. */
function registerRoutes(app: FastifyInstance) {
  const r = eisSyncRoutes;
  addRoute(app, r.overview, ({ company }) => getOverview(app.deps, company.id));
  addRoute(app, r.save, ({ actor, company, body }) => saveSyncSettings(app.deps, actor, company.id, body));
  addRoute(app, r.check, ({ company }) => checkConnection(app.deps, company.id));
  addRoute(app, r.run, async ({ actor, company, reply }) => {
    reply.code(202);
    return syncNow(app.deps, actor, company.id);
  });
  addRoute(app, r.confirmations, ({ company, query }) =>
    listConfirmations(app.deps, company.id, query.entity, query.ids),
  );
}

export const eisSyncModule = defineModule({
  name: 'eis-sync',
  routes: registerRoutes,
  jobs: [eisSyncRunJob, eisSyncNightlyJob],
  // the compliance calendar shows a duty's object as confirmed in the EIS or not found there
  dutyEisMarks,
});
