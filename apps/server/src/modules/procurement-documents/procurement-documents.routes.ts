import { procurementDocumentRoutes as r } from '@zakupki/shared';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route.js';
import { defineModule } from '../../plugins/module.js';
import { generateDocumentsJob, startGeneration } from './procurement-documents.jobs.js';
import { procurementDocumentFileOwners } from './procurement-documents.repository.js';
import {
  assertProcurement,
  documentOutputs,
  getDocumentation,
  saveValues,
} from './procurement-documents.service.js';
import { registerProcurementDocumentSockets } from './procurement-documents.sockets.js';

/**
 * The documentation of a procurement (docs/procurement-documents.md): documents and their states,
 * the fields form, generation (HTTP and the readyDocumentRequest socket event), versions.
 */
function registerRoutes(app: FastifyInstance) {
  const deps = () => app.deps;

  addRoute(app, r.get, async ({ actor, company, params }) =>
    getDocumentation(deps(), actor, company.id, params.id),
  );
  addRoute(app, r.saveValues, async ({ actor, company, params, body }) =>
    saveValues(deps(), actor, company.id, params.id, body),
  );
  addRoute(app, r.generate, async ({ actor, company, params, body, reply }) => {
    await assertProcurement(deps(), actor, company.id, params.id);
    reply.status(202);
    return startGeneration(deps(), actor, params.id, body);
  });
  addRoute(app, r.outputs, async ({ actor, company, params }) =>
    documentOutputs(deps(), actor, company.id, params.id, params.document_id),
  );
}

export const procurementDocumentsModule = defineModule({
  name: 'procurement-documents',
  routes: registerRoutes,
  sockets: registerProcurementDocumentSockets,
  fileOwners: [procurementDocumentFileOwners],
  jobs: [generateDocumentsJob],
});
