import multipart from '@fastify/multipart';
import { eisPlanRoutes, eisProcurementImportRoutes, ImportUploadFields, importRoutes } from '@zakupki/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { cleanFileName } from '../../lib/file-name.js';
import { addRoute } from '../../lib/route.js';
import type { ModuleJobs } from '../../plugins/jobs.js';
import { eisPlanImportJob } from './eis/eis-plans.jobs.js';
import { eisImportJob, eisProcurementImportJob, paymentsImportJob, updImportJob } from './imports.jobs.js';
import { getImport, listImports, startImport, type Upload } from './imports.service.js';
import { updDocumentsRoutes } from './upd/upd.routes.js';

const MAX_FILES = 100;

/** Reads the multipart upload: every `file` part (one or more) and the text fields. */
async function readUpload(req: FastifyRequest, limit: number) {
  if (!req.isMultipart()) {
    throw new AppError('bad_request', 'Загрузите файл: ожидается форма multipart/form-data с полем file');
  }
  const uploads: Upload[] = [];
  const fields: Record<string, string> = {};
  let total = 0;
  for await (const part of req.parts()) {
    if (part.type === 'file') {
      const data = await part.toBuffer();
      if (part.fieldname !== 'file') continue;
      total += data.length;
      if (total > limit) {
        throw new AppError(
          'payload_too_large',
          `Файлы вместе больше допустимых ${Math.round(limit / 1048576)} МБ`,
        );
      }
      if (data.length > 0) uploads.push({ name: cleanFileName(part.filename), mime: part.mimetype, data });
    } else {
      fields[part.fieldname] = String(part.value ?? '');
    }
  }
  if (uploads.length === 0) {
    throw new AppError('bad_request', 'Файл не загружен или пустой: выберите файл XML, TXT или архив ZIP');
  }
  return { uploads, fields };
}

/**
 * Imports (EIS contracts and notices, УПД, bank statements): the upload, the runs and the УПД
 * documents they produce. The execution built from them (payments, performance records) is the
 * `execution` module.
 */
export function importsModule(app: FastifyInstance): ModuleJobs {
  app.register(async (scope) => {
    const limit = app.deps.config.uploadLimit;
    await scope.register(multipart, {
      limits: { fileSize: limit, files: MAX_FILES, fields: 20, fieldSize: 1000, parts: MAX_FILES + 20 },
    });
    addRoute(scope, importRoutes.start, async ({ actor, params, req, reply }) => {
      const { uploads, fields } = await readUpload(req, limit);
      const parsed = ImportUploadFields.safeParse({
        date_from: fields.date_from || undefined,
        date_to: fields.date_to || undefined,
      });
      if (!parsed.success) {
        throw new AppError('validation_failed', 'Проверьте введённые данные', {
          issues: parsed.error.issues.map((i) => ({ path: `body.${i.path.join('.')}`, message: i.message })),
        });
      }
      const { date_from = null, date_to = null } = parsed.data;
      if (date_from && date_to && date_from > date_to) {
        throw new AppError('validation_failed', 'Проверьте введённые данные', {
          issues: [{ path: 'body.date_to', message: 'Конец периода раньше его начала' }],
        });
      }
      const options: Record<string, string | null> =
        params.kind === 'eis-contracts' ? { date_from, date_to } : {};
      reply.code(202);
      return startImport(app.deps, actor, params.company_id, params.kind, uploads, options);
    });
    // EIS notices and protocols into the procurement register: its own route, since it needs
    // procurements.write (the generic route above answers imports.run)
    addRoute(scope, eisProcurementImportRoutes.start, async ({ actor, company, req, reply }) => {
      const { uploads } = await readUpload(req, limit);
      reply.code(202);
      return startImport(app.deps, actor, company.id, 'eis-procurements', uploads, {});
    });
    // EIS procurement plans (the eis-plans module shows them)
    addRoute(scope, eisPlanRoutes.import, async ({ actor, company, req, reply }) => {
      const { uploads } = await readUpload(req, limit);
      reply.code(202);
      return startImport(app.deps, actor, company.id, 'eis-plans', uploads, {});
    });
  });

  addRoute(app, importRoutes.get, ({ actor, params }) =>
    getImport(app.deps, actor, params.company_id, params.import_id),
  );
  addRoute(app, importRoutes.list, ({ company, query }) => listImports(app.deps, company.id, query));

  updDocumentsRoutes(app);

  return [eisImportJob, updImportJob, paymentsImportJob, eisProcurementImportJob, eisPlanImportJob];
}
