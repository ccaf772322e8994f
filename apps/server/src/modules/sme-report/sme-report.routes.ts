import type { Readable } from 'node:stream';
import { smeReportRoutes } from '@zakupki/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { addRoute } from '../../lib/route.js';
import { defineModule } from '../../plugins/module.js';
import { contentDisposition } from '../files/files.service.js';
import {
  fileSmeReport,
  smeReport,
  smeReportFilings,
  smeReportPdfFile,
  smeReportXlsxFile,
} from './sme-report.service.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A built file as the answer (a Buffer or a stream goes out as it is: Fastify does not serialise it). */
function sendFile(reply: FastifyReply, mime: string, file: { fileName: string; content: Buffer | Readable }) {
  reply
    .header('content-type', mime)
    .header('content-disposition', contentDisposition(file.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store');
  return file.content as unknown as string;
}

/** The annual SME report (ПП РФ № 1352): its figures, XLSX and PDF, and its filing. */
function registerRoutes(app: FastifyInstance) {
  addRoute(app, smeReportRoutes.get, ({ company, params }) => smeReport(app.deps, company.id, params.year));
  addRoute(app, smeReportRoutes.xlsx, async ({ company, params, reply }) =>
    sendFile(reply, XLSX, await smeReportXlsxFile(app.deps, company.id, params.year)),
  );
  addRoute(app, smeReportRoutes.pdf, async ({ company, params, reply }) =>
    sendFile(reply, 'application/pdf', await smeReportPdfFile(app.deps, company.id, params.year)),
  );
  addRoute(app, smeReportRoutes.file, ({ actor, company, params, body }) =>
    fileSmeReport(app.deps, actor, company.id, params.year, body),
  );
  addRoute(app, smeReportRoutes.filings, ({ company }) => smeReportFilings(app.deps, company.id));
}

export const smeReportModule = defineModule({ name: 'sme-report', routes: registerRoutes });
