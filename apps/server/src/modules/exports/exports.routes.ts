import { pipeline } from 'node:stream/promises';
import { exportRoutes } from '@zakupki/shared';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route.js';
import { contentDisposition } from '../files/files.service.js';
import { reportJob } from './exports.jobs.js';
import {
  getReport,
  listReports,
  startEisContract,
  startEisPerformance,
  startMonthly,
  startOcds,
} from './exports.service.js';
import { registerXlsx } from './register-xlsx.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Exports and reports of the contract module: the register as XLSX (streamed), EIS XML of a
 * contract and of its execution, OCDS packages and the monthly report (jobs that store a file,
 * downloaded from GET /api/files/:id), and the company's list of reports.
 */
export function exportsModule(app: FastifyInstance) {
  const deps = () => app.deps;
  void app.deps.jobs.register(reportJob);

  addRoute(app, exportRoutes.registerXlsx, async ({ actor, params, query, reply }) => {
    const out = await registerXlsx(app.deps.db, actor, params.company_id, query);
    // A long register streams for longer than the request time budget: the reply is taken over
    // (so the 504 timer leaves it alone) and the workbook is piped as it is written.
    reply.hijack();
    const inherited = Object.entries(reply.getHeaders()).filter(
      (e): e is [string, string | number | string[]] => e[1] !== undefined,
    );
    reply.raw.writeHead(200, {
      ...Object.fromEntries(inherited),
      'content-type': XLSX,
      'content-disposition': contentDisposition(out.fileName),
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
      'x-total-count': String(out.rows),
    });
    try {
      await pipeline(out.stream, reply.raw);
    } catch (err) {
      // the client went away or the database failed mid-file: the response is cut, nothing to answer
      app.log.warn({ err, company_id: params.company_id }, 'register export interrupted');
      reply.raw.destroy();
    }
    return null;
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
  addRoute(app, exportRoutes.list, ({ actor, params, query }) =>
    listReports(app.deps.db, actor, params.company_id, query),
  );
  addRoute(app, exportRoutes.get, ({ actor, params }) =>
    getReport(app.deps.db, actor, params.company_id, params.report_id),
  );
}
