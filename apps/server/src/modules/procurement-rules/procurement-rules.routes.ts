import { procurementRuleRoutes as r } from '@zakupki/shared';
import type { FastifyInstance } from 'fastify';
import { addRoute, addUploadRoute } from '../../lib/route.js';
import type { UploadedFile } from '../../lib/upload.js';
import { defineModule } from '../../plugins/module.js';
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
import { entriesUsage } from './procurement-rules.repository.js';
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

/** The Положение itself: one PDF, DOCX or ZIP within the upload limit. */
const RULE_FILE = {
  maxFiles: 1,
  what: 'файл',
  missing: 'Файл не загружен или пустой: прикрепите файл в поле file',
} as const;
/** A DOCX template: one file within the template's own limit. */
const TEMPLATE_FILE = {
  ...RULE_FILE,
  maxFileBytes: TEMPLATE_LIMITS.maxFileBytes,
  limitName: 'ограничение шаблона',
  noun: 'Шаблон',
} as const;

/** The one file of an upload, as the services take it (read when they ask for it). */
const oneFile = (upload: () => Promise<{ files: [UploadedFile] }>) => async () => {
  const [file] = (await upload()).files;
  return { name: file.name, content: file.data };
};

/**
 * Procurement rules (Положение о закупке): rules, versions, the 15-day EIS duty, documents rules
 * with DOCX templates, and copying a rule to another company (socket + job).
 */
function registerRoutes(app: FastifyInstance) {
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

  addUploadRoute(app, r.versionFile, RULE_FILE, async ({ actor, company, params, upload }) =>
    attachVersionFile(app.deps, actor, company.id, params.rule_id, params.version_id, oneFile(upload)),
  );
  addUploadRoute(app, r.template, TEMPLATE_FILE, async ({ actor, company, params, upload }) =>
    uploadTemplate(app.deps, actor, where(company.id, params), params.id, oneFile(upload)),
  );
}

export const procurementRulesModule = defineModule({
  name: 'procurement-rules',
  routes: registerRoutes,
  sockets: registerProcurementRuleSockets,
  catalogUsage: [{ name: 'Положения о закупке', count: entriesUsage }],
  onClose: closeTemplatePool,
  jobs: [copyProcurementRuleJob],
});
