import multipart from '@fastify/multipart';
import { procurementRuleRoutes as r } from '@zakupki/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { cleanFileName } from '../../lib/file-name.js';
import { addRoute } from '../../lib/route.js';
import type { ModuleJobs } from '../../plugins/jobs.js';
import { registerCatalogUsage } from '../catalogs/catalogs.service.js';
import { contentDisposition } from '../files/files.service.js';
import {
  createDocRule,
  DOCX_MIME,
  deleteDocRule,
  getDocRule,
  listDocRules,
  orderDocRules,
  previewTemplate,
  templateFields,
  updateDocRule,
  uploadTemplate,
} from './documents-rules.service.js';
import { copyProcurementRuleJob } from './procurement-rules.jobs.js';
import { entryUsage } from './procurement-rules.repository.js';
import {
  approveVersion,
  attachVersionFile,
  createRule,
  createVersion,
  deleteRule,
  getRule,
  getVersion,
  listRules,
  listVersions,
  newDraft,
  publishVersion,
  ruleDeadlines,
  updateRule,
  updateVersion,
} from './procurement-rules.service.js';
import { registerProcurementRuleSockets } from './procurement-rules.sockets.js';
import { TEMPLATE_LIMITS } from './templates/template-limits.policy.js';
import { closeTemplatePool } from './templates/template-pool.js';

/** The one file of a multipart upload (field `file`); `maxBytes` names a lower limit of the route. */
async function oneFile(req: FastifyRequest, maxBytes?: number): Promise<{ name: string; content: Buffer }> {
  if (!req.isMultipart())
    throw new AppError('unsupported_media_type', 'Загрузите файл как multipart/form-data');
  const part = await req.file(maxBytes ? { limits: { fileSize: maxBytes, files: 1 } } : undefined);
  if (part?.fieldname !== 'file') throw new AppError('invalid_file', 'Прикрепите файл в поле file');
  const tooLarge = () =>
    new AppError(
      'payload_too_large',
      `Шаблон «${part.filename}» не принят: файл больше ${Math.round((maxBytes ?? 0) / 1048576)} МБ (ограничение шаблона)`,
    );
  const content = await part.toBuffer().catch((err: { code?: string }) => {
    if (maxBytes && err.code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw err;
  });
  // toBuffer checks the cut only between chunks: a stream whose last chunk came before busboy
  // marked it cut ends without that error, with the bytes up to the limit
  if (maxBytes && part.file.truncated) throw tooLarge();
  if (content.length === 0) throw new AppError('invalid_file', 'Файл пустой');
  return { name: cleanFileName(part.filename), content };
}

/**
 * Procurement rules (Положение о закупке): rules, versions, the 15-day EIS duty, documents rules
 * with DOCX templates, and copying a rule to another company (socket + job).
 */
export function procurementRulesModule(app: FastifyInstance): ModuleJobs {
  registerProcurementRuleSockets(app);
  const offUsage = registerCatalogUsage({
    name: 'Положения о закупке',
    count: (tx, entry) => entryUsage(tx, entry.id, entry.kind),
  });
  app.addHook('onClose', async () => offUsage());
  app.addHook('onClose', closeTemplatePool);

  addRoute(app, r.list, ({ company, query }) => listRules(app.deps, company.id, query));
  addRoute(app, r.create, async ({ actor, company, body, reply }) => {
    reply.code(201);
    return createRule(app.deps, actor, company.id, body);
  });
  addRoute(app, r.deadlines, ({ company }) => ruleDeadlines(app.deps, company.id));
  addRoute(app, r.systemFields, ({ actor, company }) => templateFields(app.deps, actor, company.id));
  addRoute(app, r.get, ({ actor, company, params }) => getRule(app.deps, actor, company.id, params.rule_id));
  addRoute(app, r.update, ({ actor, company, params, body }) =>
    updateRule(app.deps, actor, company.id, params.rule_id, body),
  );
  addRoute(app, r.remove, async ({ actor, company, params, reply }) => {
    await deleteRule(app.deps, actor, company.id, params.rule_id);
    reply.code(204);
    return null;
  });

  addRoute(app, r.versions, ({ actor, company, params }) =>
    listVersions(app.deps, actor, company.id, params.rule_id),
  );
  addRoute(app, r.createVersion, async ({ actor, company, params, body, reply }) => {
    reply.code(201);
    return createVersion(app.deps, actor, company.id, params.rule_id, body);
  });
  addRoute(app, r.getVersion, ({ actor, company, params }) =>
    getVersion(app.deps, actor, company.id, params.rule_id, params.version_id),
  );
  addRoute(app, r.updateVersion, ({ actor, company, params, body }) =>
    updateVersion(app.deps, actor, company.id, params.rule_id, params.version_id, body),
  );
  addRoute(app, r.approve, ({ actor, company, params, body }) =>
    approveVersion(app.deps, actor, company.id, params.rule_id, params.version_id, body),
  );
  addRoute(app, r.publish, ({ actor, company, params, body }) =>
    publishVersion(app.deps, actor, company.id, params.rule_id, params.version_id, body),
  );
  addRoute(app, r.newDraft, async ({ actor, company, params, reply }) => {
    reply.code(201);
    return newDraft(app.deps, actor, company.id, params.rule_id, params.version_id);
  });

  const where = (companyId: number, p: { rule_id: number; version_id: number }) => ({
    companyId,
    ruleId: p.rule_id,
    versionId: p.version_id,
  });
  addRoute(app, r.documentsRules, ({ actor, company, params }) =>
    listDocRules(app.deps, actor, where(company.id, params)),
  );
  addRoute(app, r.createDocumentsRule, async ({ actor, company, params, body, reply }) => {
    reply.code(201);
    return createDocRule(app.deps, actor, where(company.id, params), body);
  });
  addRoute(app, r.orderDocumentsRules, ({ actor, company, params, body }) =>
    orderDocRules(app.deps, actor, where(company.id, params), body),
  );
  addRoute(app, r.getDocumentsRule, ({ actor, company, params }) =>
    getDocRule(app.deps, actor, where(company.id, params), params.id),
  );
  addRoute(app, r.updateDocumentsRule, ({ actor, company, params, body }) =>
    updateDocRule(app.deps, actor, where(company.id, params), params.id, body),
  );
  addRoute(app, r.removeDocumentsRule, async ({ actor, company, params, reply }) => {
    await deleteDocRule(app.deps, actor, where(company.id, params), params.id);
    reply.code(204);
    return null;
  });
  addRoute(app, r.preview, async ({ actor, company, params, reply }) => {
    const file = await previewTemplate(app.deps, actor, where(company.id, params), params.id);
    reply
      .header('content-type', DOCX_MIME)
      .header('content-disposition', contentDisposition(file.name))
      .header('cache-control', 'private, no-store');
    return file.content as unknown as string;
  });

  app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: app.deps.config.uploadLimit, files: 1 } });
    addRoute(scope, r.versionFile, async ({ actor, company, params, req }) =>
      attachVersionFile(app.deps, actor, company.id, params.rule_id, params.version_id, () => oneFile(req)),
    );
    addRoute(scope, r.template, async ({ actor, company, params, req }) =>
      uploadTemplate(app.deps, actor, where(company.id, params), params.id, () =>
        oneFile(req, Math.min(app.deps.config.uploadLimit, TEMPLATE_LIMITS.maxFileBytes)),
      ),
    );
  });
  return [copyProcurementRuleJob];
}
