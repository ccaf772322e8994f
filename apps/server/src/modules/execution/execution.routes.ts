import { paymentRoutes, performanceRoutes } from '@zakupki/shared';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route.js';
import type { ModuleJobs } from '../index.js';
import { performanceJob } from './execution.jobs.js';
import { assignPayment, ignorePayment, listPayments } from './payments.service.js';
import { createPerformance, getPerformance, listPerformance } from './performance.service.js';

/**
 * Contract execution built from the imports: the payments of the bank statements (list, assign to
 * a contract, ignore) and the performance records for the EIS (sent as a job).
 */
export function executionModule(app: FastifyInstance): ModuleJobs {
  const db = () => app.deps.db;

  addRoute(app, paymentRoutes.list, ({ company, query }) => listPayments(db(), company.id, query));
  addRoute(app, paymentRoutes.assign, ({ actor, params, body }) =>
    assignPayment(db(), actor, params.company_id, params.id, body.contract_id),
  );
  addRoute(app, paymentRoutes.ignore, ({ actor, params }) =>
    ignorePayment(db(), actor, params.company_id, params.id),
  );

  addRoute(app, performanceRoutes.create, async ({ actor, params, body, reply }) => {
    const row = await createPerformance(db(), actor, params.company_id, params.id, body);
    await app.deps.jobs.send(performanceJob, { performance_id: row.id });
    reply.code(202);
    return { performance_id: row.id, performance_contract_guid: row.guid };
  });
  addRoute(app, performanceRoutes.list, ({ actor, params, query }) =>
    listPerformance(db(), actor, params.company_id, params.id, query),
  );
  addRoute(app, performanceRoutes.get, ({ actor, params }) =>
    getPerformance(db(), actor, params.company_id, params.id, params.performance_id),
  );

  return [performanceJob];
}
