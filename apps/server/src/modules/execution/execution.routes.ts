import { paymentRoutes, performanceRoutes } from '@zakupki/shared';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route.js';
import { defineModule } from '../../plugins/module.js';
import { performanceJob } from './execution.jobs.js';
import { assignPayment, ignorePayment, listPayments } from './payments.service.js';
import { createPerformance, getPerformance, listPerformance } from './performance.service.js';

/**
 * Contract execution built from the imports: the payments of the bank statements (list, assign to
 * a contract, ignore) and the performance records for the EIS (sent as a job).
 */
function registerRoutes(app: FastifyInstance) {
  addRoute(app, paymentRoutes.list, ({ company, query }) => listPayments(app.deps, company.id, query));
  addRoute(app, paymentRoutes.assign, ({ actor, params, body }) =>
    assignPayment(app.deps, actor, params.company_id, params.id, body.contract_id),
  );
  addRoute(app, paymentRoutes.ignore, ({ actor, params }) =>
    ignorePayment(app.deps, actor, params.company_id, params.id),
  );

  addRoute(app, performanceRoutes.create, async ({ actor, params, body, reply }) => {
    const created = await createPerformance(app.deps, actor, params.company_id, params.id, body);
    reply.code(202);
    return created;
  });
  addRoute(app, performanceRoutes.list, ({ actor, params, query }) =>
    listPerformance(app.deps, actor, params.company_id, params.id, query),
  );
  addRoute(app, performanceRoutes.get, ({ actor, params }) =>
    getPerformance(app.deps, actor, params.company_id, params.id, params.performance_id),
  );
}

export const executionModule = defineModule({
  name: 'execution',
  routes: registerRoutes,
  jobs: [performanceJob],
});
