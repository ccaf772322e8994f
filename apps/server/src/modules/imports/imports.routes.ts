import { eisPlanRoutes, eisProcurementImportRoutes, ImportUploadFields, importRoutes } from '@zakupki/shared';
import type { FastifyInstance } from 'fastify';
import { invalid } from '../../lib/app-error.js';
import { addRoute, addUploadRoute } from '../../lib/route.js';
import { defineModule } from '../../plugins/module.js';
import { eisPlanImportJob } from './eis/eis-plans.jobs.js';
import { eisImportJob, eisProcurementImportJob, paymentsImportJob, updImportJob } from './imports.jobs.js';
import { getImport, listImports, startImport } from './imports.service.js';
import { updDocumentsRoutes } from './upd/upd.routes.js';

const MAX_FILES = 100;

/** Every import takes one or more files in the field `file`, together within the upload limit. */
const importUpload = (limit: number) =>
  ({
    maxFiles: MAX_FILES,
    maxTotalBytes: limit,
    fields: ['date_from', 'date_to'],
    what: 'файлы',
    missing: 'Файл не загружен или пустой: выберите файл XML, TXT или архив ZIP',
    notMultipart: {
      code: 'bad_request',
      message: 'Загрузите файл: ожидается форма multipart/form-data с полем file',
    },
  }) as const;

/**
 * Imports (EIS contracts and notices, УПД, bank statements): the upload, the runs and the УПД
 * documents they produce. The execution built from them (payments, performance records) is the
 * `execution` module.
 */
function registerRoutes(app: FastifyInstance) {
  const spec = importUpload(app.deps.config.uploadLimit);
  addUploadRoute(app, importRoutes.start, spec, async ({ actor, params, upload, reply }) => {
    const { files: uploads, fields } = await upload();
    const parsed = ImportUploadFields.safeParse({
      date_from: fields.date_from || undefined,
      date_to: fields.date_to || undefined,
    });
    if (!parsed.success) {
      throw invalid(
        parsed.error.issues.map((i) => ({ path: `body.${i.path.join('.')}`, message: i.message })),
      );
    }
    const { date_from = null, date_to = null } = parsed.data;
    if (date_from && date_to && date_from > date_to) {
      throw invalid([{ path: 'body.date_to', message: 'Конец периода раньше его начала' }]);
    }
    const options: Record<string, string | null> =
      params.kind === 'eis-contracts' ? { date_from, date_to } : {};
    reply.code(202);
    return startImport(app.deps, actor, params.company_id, params.kind, uploads, options);
  });
  // EIS notices and protocols into the procurement register: its own route, since it needs
  // procurements.write (the generic route above answers imports.run)
  addUploadRoute(app, eisProcurementImportRoutes.start, spec, async ({ actor, company, upload, reply }) => {
    const { files: uploads } = await upload();
    reply.code(202);
    return startImport(app.deps, actor, company.id, 'eis-procurements', uploads, {});
  });
  // EIS procurement plans (the eis-plans module shows them)
  addUploadRoute(app, eisPlanRoutes.import, spec, async ({ actor, company, upload, reply }) => {
    const { files: uploads } = await upload();
    reply.code(202);
    return startImport(app.deps, actor, company.id, 'eis-plans', uploads, {});
  });

  addRoute(app, importRoutes.get, ({ actor, params }) =>
    getImport(app.deps, actor, params.company_id, params.import_id),
  );
  addRoute(app, importRoutes.list, ({ company, query }) => listImports(app.deps, company.id, query));

  updDocumentsRoutes(app);
}

export const importsModule = defineModule({
  name: 'imports',
  routes: registerRoutes,
  jobs: [eisImportJob, updImportJob, paymentsImportJob, eisProcurementImportJob, eisPlanImportJob],
});
