import { eisPlanRoutes } from '@zakupki/shared';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route.js';
import { defineModule } from '../../plugins/module.js';
import { contentDisposition } from '../files/files.service.js';
import {
  diffVersions,
  exportPlanVersion,
  getEisPlan,
  getPlanItem,
  listEisPlans,
  listPositions,
  searchPlanPositions,
} from './eis-plans.service.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * EIS procurement plans: plans and versions, positions, changes, XLSX of a version. Their upload
 * is an import (imports.routes.ts), since the imports module sits above this one.
 */
function registerRoutes(app: FastifyInstance) {
  addRoute(app, eisPlanRoutes.list, ({ company, query }) => listEisPlans(app.deps, company.id, query));
  addRoute(app, eisPlanRoutes.get, ({ company, params }) => getEisPlan(app.deps, company.id, params.plan_id));
  addRoute(app, eisPlanRoutes.positions, ({ company, params, query }) =>
    listPositions(app.deps, company.id, params.plan_id, params.version, query),
  );
  addRoute(app, eisPlanRoutes.diff, ({ company, params, query }) =>
    diffVersions(app.deps, company.id, params.plan_id, query.from, query.to),
  );
  addRoute(app, eisPlanRoutes.searchPositions, ({ company, query }) =>
    searchPlanPositions(app.deps, company.id, query),
  );
  addRoute(app, eisPlanRoutes.item, ({ company, params }) =>
    getPlanItem(app.deps, company.id, params.number),
  );
  addRoute(app, eisPlanRoutes.xlsx, async ({ actor, company, params, reply }) => {
    const out = await exportPlanVersion(app.deps, actor, company.id, params.plan_id, params.version);
    reply
      .header('content-type', XLSX)
      .header('content-disposition', contentDisposition(out.fileName))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store');
    return out.content as unknown as string;
  });
}

export const eisPlansModule = defineModule({
  name: 'eis-plans',
  routes: registerRoutes,
});
