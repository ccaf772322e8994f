import { exportRoutes } from '@zakupki/shared';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route.js';
import { defineModule } from '../../plugins/module.js';
import { contentDisposition } from '../files/files.service.js';
import { reportJob } from './exports.jobs.js';
import {
  getReport,
  listReports,
  registerXlsx,
  startEisContract,
  startEisPerformance,
  startMonthly,
  startOcds,
} from './exports.service.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Exports and reports of the contract module: the register as XLSX (streamed), EIS XML of a
 * contract and of its execution, OCDS packages and the monthly report (jobs that store a file,
 * downloaded from GET /api/files/:id), and the company's list of reports.
 */
function registerRoutes(app: FastifyInstance) {
  const deps = () => app.deps;

  addRoute(app, exportRoutes.registerXlsx, async ({ actor, params, query, reply }) => {
    // access, filters and the row count come first: a failure there is the usual JSON error
    const out = await registerXlsx(app.deps, actor, params.company_id, query);
    reply
      .header('content-type', XLSX)
      .header('content-disposition', contentDisposition(out.fileName))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .header('x-total-count', String(out.rows));
    // Fastify pipes the stream (never serialised) and destroys it if the client goes away. The
    // workbook's first bytes are written at once, so the headers leave before the request time
    // budget and the 504 timer (plugins/errors.ts) leaves the download alone however long it runs.
    return out.stream as unknown as string;
  });
  addRoute(app, exportRoutes.eisContract, async ({ actor, params, body, reply }) => {
    reply.code(202);
    return startEisContract(deps(), actor, params.company_id, params.id, body);
  });
  addRoute(app, exportRoutes.eisPerformance, async ({ actor, params, body, reply }) => {
    reply.code(202);
    return startEisPerformance(deps(), actor, params.company_id, params.id, body);
  });
  addRoute(app, exportRoutes.ocds, async ({ actor, params, body, reply }) => {
    reply.code(202);
    return startOcds(deps(), actor, params.company_id, body);
  });
  addRoute(app, exportRoutes.monthly, async ({ actor, params, body, reply }) => {
    reply.code(202);
    return startMonthly(deps(), actor, params.company_id, body);
  });
  addRoute(app, exportRoutes.list, ({ company, query }) => listReports(app.deps, company.id, query));
  addRoute(app, exportRoutes.get, ({ actor, params }) =>
    getReport(app.deps, actor, params.company_id, params.report_id),
  );
}

export const exportsModule = defineModule({
  name: 'exports',
  routes: registerRoutes,
  jobs: [reportJob],
});
