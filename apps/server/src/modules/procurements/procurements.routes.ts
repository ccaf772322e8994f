import { procurementRoutes as r } from '@zakupki/shared';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route.js';
import { defineModule } from '../../plugins/module.js';
import { XLSX_TYPE } from '../catalogs/catalogs.xlsx.js';
import { contentDisposition } from '../files/files.service.js';
import { pinOptions, pinProcurement } from './procurement-pin.service.js';
import { createFromPlan } from './procurement-plan.service.js';
import { procurementsUsingEntries } from './procurement-register.repository.js';
import { addProtocol, changeStatus, removeProtocol, updateProtocol } from './procurement-status.service.js';
import { createProcurement, deleteProcurement, updateProcurement } from './procurements.service.js';
import { procurementsXlsx } from './procurements.xlsx.js';
import {
  getProcurement,
  listProcurements,
  procurementDeadlines,
  procurementHistory,
  procurementMethods,
} from './procurements-query.service.js';

/**
 * The procurement register (docs/procurements.md): list and XLSX export, cards with lots, items
 * and protocols, status moves with history, duties, and drafts from plan positions.
 */
function registerRoutes(app: FastifyInstance) {
  addRoute(app, r.list, ({ company, query }) => listProcurements(app.deps, company.id, query));
  addRoute(app, r.methods, ({ company }) => procurementMethods(app.deps, company.id));
  addRoute(app, r.exportXlsx, async ({ actor, company, query, reply }) => {
    const out = await procurementsXlsx(app.deps, actor, company.id, query);
    reply
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', contentDisposition(out.fileName))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .header('x-total-count', String(out.rows));
    return out.stream as unknown as string;
  });
  addRoute(app, r.deadlines, ({ company }) => procurementDeadlines(app.deps, company.id));
  addRoute(app, r.create, async ({ actor, company, body, reply }) => {
    reply.code(201);
    return createProcurement(app.deps, actor, company.id, body);
  });
  addRoute(app, r.fromPlan, async ({ actor, company, body, reply }) => {
    reply.code(201);
    return createFromPlan(app.deps, actor, company.id, body);
  });
  addRoute(app, r.get, ({ actor, company, params }) =>
    getProcurement(app.deps, actor, company.id, params.id),
  );
  addRoute(app, r.update, ({ actor, company, params, body }) =>
    updateProcurement(app.deps, actor, company.id, params.id, body),
  );
  addRoute(app, r.remove, async ({ actor, company, params, reply }) => {
    await deleteProcurement(app.deps, actor, company.id, params.id);
    reply.code(204);
    return null;
  });
  addRoute(app, r.status, ({ actor, company, params, body }) =>
    changeStatus(app.deps, actor, company.id, params.id, body),
  );
  addRoute(app, r.pinOptions, ({ actor, company, params }) =>
    pinOptions(app.deps, actor, company.id, params.id),
  );
  addRoute(app, r.pin, ({ actor, company, params, body }) =>
    pinProcurement(app.deps, actor, company.id, params.id, body),
  );
  addRoute(app, r.history, ({ actor, company, params }) =>
    procurementHistory(app.deps, actor, company.id, params.id),
  );
  addRoute(app, r.addProtocol, async ({ actor, company, params, body, reply }) => {
    reply.code(201);
    return addProtocol(app.deps, actor, company.id, params.id, body);
  });
  addRoute(app, r.updateProtocol, ({ actor, company, params, body }) =>
    updateProtocol(app.deps, actor, company.id, params.id, params.protocol_id, body),
  );
  addRoute(app, r.removeProtocol, ({ actor, company, params }) =>
    removeProtocol(app.deps, actor, company.id, params.id, params.protocol_id),
  );
}

export const procurementsModule = defineModule({
  name: 'procurements',
  routes: registerRoutes,
  // catalogue entries a procurement points at are archived, never deleted
  catalogUsage: [{ name: 'Закупки', count: procurementsUsingEntries }],
});
