import { procurementRoutes as r } from '@zakupki/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { procurements } from '../../db/schema/index.js';
import { addRoute } from '../../lib/route.js';
import { registerCatalogUsage } from '../catalogs/catalogs.service.js';
import { XLSX_TYPE } from '../catalogs/catalogs.xlsx.js';
import { contentDisposition } from '../files/files.service.js';
import { createFromPlan } from './procurement-plan.service.js';
import { addProtocol, changeStatus, removeProtocol, updateProtocol } from './procurement-status.service.js';
import { createProcurement, deleteProcurement, updateProcurement } from './procurements.service.js';
import { procurementsXlsx } from './procurements.xlsx.js';
import {
  getProcurement,
  listProcurements,
  procurementDeadlines,
  procurementHistory,
} from './procurements-query.service.js';

/**
 * The procurement register (docs/procurements.md): list and XLSX export, cards with lots, items
 * and protocols, status moves with history, duties, and drafts from plan positions.
 */
export function procurementsModule(app: FastifyInstance) {
  const db = () => app.deps.db;
  // catalogue entries a procurement points at are archived, never deleted
  const offUsage = registerCatalogUsage({
    name: 'Закупки',
    count: async (tx, entry) => {
      const [{ n }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(procurements)
        .where(
          sql`${procurements.methodId} = ${entry.id} or ${procurements.nmcdMethodId} = ${entry.id} or ${procurements.fundingSourceId} = ${entry.id}`,
        );
      return Number(n);
    },
  });
  app.addHook('onClose', async () => offUsage());

  addRoute(app, r.list, ({ company, query }) => listProcurements(db(), company.id, query));
  addRoute(app, r.exportXlsx, async ({ actor, company, query, reply }) => {
    const out = await procurementsXlsx(db(), actor, company.id, query);
    reply
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', contentDisposition(out.fileName))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .header('x-total-count', String(out.rows));
    return out.stream as unknown as string;
  });
  addRoute(app, r.deadlines, ({ company }) => procurementDeadlines(db(), company.id));
  addRoute(app, r.create, async ({ actor, company, body, reply }) => {
    reply.code(201);
    return createProcurement(db(), actor, company.id, body);
  });
  addRoute(app, r.fromPlan, async ({ actor, company, body, reply }) => {
    reply.code(201);
    return createFromPlan(db(), actor, company.id, body);
  });
  addRoute(app, r.get, ({ actor, company, params }) => getProcurement(db(), actor, company.id, params.id));
  addRoute(app, r.update, ({ actor, company, params, body }) =>
    updateProcurement(db(), actor, company.id, params.id, body),
  );
  addRoute(app, r.remove, async ({ actor, company, params, reply }) => {
    await deleteProcurement(db(), actor, company.id, params.id);
    reply.code(204);
    return null;
  });
  addRoute(app, r.status, ({ actor, company, params, body }) =>
    changeStatus(db(), actor, company.id, params.id, body),
  );
  addRoute(app, r.history, ({ actor, company, params }) =>
    procurementHistory(db(), actor, company.id, params.id),
  );
  addRoute(app, r.addProtocol, async ({ actor, company, params, body, reply }) => {
    reply.code(201);
    return addProtocol(db(), actor, company.id, params.id, body);
  });
  addRoute(app, r.updateProtocol, ({ actor, company, params, body }) =>
    updateProtocol(db(), actor, company.id, params.id, params.protocol_id, body),
  );
  addRoute(app, r.removeProtocol, ({ actor, company, params }) =>
    removeProtocol(db(), actor, company.id, params.id, params.protocol_id),
  );
}
