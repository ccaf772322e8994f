import multipart from '@fastify/multipart';
import { eisPlanRoutes } from '@zakupki/shared';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route.js';
import { contentDisposition } from '../files/files.service.js';
import { readUpload } from '../imports/imports.routes.js';
import { startImport } from '../imports/imports.service.js';
import { eisPlanImportJob } from './eis-plans.jobs.js';
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

/** EIS procurement plans: import, plans and versions, positions, changes, XLSX of a version. */
export function eisPlansModule(app: FastifyInstance) {
  void app.deps.jobs.register(eisPlanImportJob);

  app.register(async (scope) => {
    const limit = app.deps.config.uploadLimit;
    await scope.register(multipart, {
      limits: { fileSize: limit, files: 100, fields: 20, fieldSize: 1000, parts: 120 },
    });
    addRoute(scope, eisPlanRoutes.import, async ({ actor, company, req, reply }) => {
      const { uploads } = await readUpload(req, limit);
      reply.code(202);
      return startImport(app.deps, actor, company.id, 'eis-plans', uploads, {});
    });
  });

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
