import type { Readable } from 'node:stream';
import { NMCK_OFFER_FILE_MAX_BYTES, nmckRoutes } from '@zakupki/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { addRoute, addUploadRoute } from '../../lib/route.js';
import { defineModule } from '../../plugins/module.js';
import { contentDisposition } from '../files/files.service.js';
import { nmckOfferFileOwners } from './nmck.repository.js';
import { addRequest, addSource, comparable, getJustification, removeSource } from './nmck.service.js';
import {
  applyJustification,
  documentDocx,
  documentPdf,
  generateDocument,
  requestLetter,
} from './nmck-apply.service.js';
import { NMCK_DOCUMENT_KIND, NMCK_REQUEST_KIND, nmckDocumentBuild } from './nmck-document.service.js';
import { attachOfferFile, removeOfferFile } from './nmck-files.service.js';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

function sendFile(reply: FastifyReply, mime: string, file: { fileName: string; content: Buffer | Readable }) {
  reply
    .header('content-type', mime)
    .header('content-disposition', contentDisposition(file.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store');
  return file.content as unknown as string;
}

/** A commercial offer's file: one PDF, DOC(X), XLS(X), JPG, PNG or ZIP up to 20 MB. */
const OFFER_FILE = {
  maxFiles: 1,
  maxFileBytes: NMCK_OFFER_FILE_MAX_BYTES,
  limitName: 'ограничение файла коммерческого предложения',
  what: 'файл коммерческого предложения',
  missing: 'Прикрепите файл коммерческого предложения',
} as const;

/** The НМЦД justification of a procurement (docs/nmck.md). */
function registerRoutes(app: FastifyInstance) {
  const d = app.deps;
  addRoute(app, nmckRoutes.get, ({ actor, company, params }) =>
    getJustification(d, actor, company.id, params.id),
  );
  addRoute(app, nmckRoutes.addSource, async ({ actor, company, params, body, reply }) => {
    reply.code(201);
    return addSource(d, actor, company.id, params.id, body);
  });
  addRoute(app, nmckRoutes.removeSource, ({ actor, company, params }) =>
    removeSource(d, actor, company.id, params.id, params.source_id),
  );
  addUploadRoute(app, nmckRoutes.offerFile, OFFER_FILE, ({ actor, company, params, upload }) =>
    attachOfferFile(d, actor, company.id, params.id, params.source_id, async () => (await upload()).files[0]),
  );
  addRoute(app, nmckRoutes.removeOfferFile, ({ actor, company, params }) =>
    removeOfferFile(d, actor, company.id, params.id, params.source_id),
  );
  addRoute(app, nmckRoutes.comparable, ({ actor, company, params, query }) =>
    comparable(d, actor, company.id, params.id, query),
  );
  addRoute(app, nmckRoutes.apply, ({ actor, company, params, body }) =>
    applyJustification(d, actor, company.id, params.id, body),
  );
  addRoute(app, nmckRoutes.generate, ({ actor, company, params }) =>
    generateDocument(d, actor, company.id, params.id),
  );
  addRoute(app, nmckRoutes.docx, async ({ actor, company, params, reply }) =>
    sendFile(reply, DOCX, await documentDocx(d, actor, company.id, params.id)),
  );
  addRoute(app, nmckRoutes.pdf, async ({ actor, company, params, reply }) =>
    sendFile(reply, 'application/pdf', await documentPdf(d, actor, company.id, params.id)),
  );
  addRoute(app, nmckRoutes.addRequest, async ({ actor, company, params, body, reply }) => {
    reply.code(201);
    return addRequest(d, actor, company.id, params.id, body);
  });
  addRoute(app, nmckRoutes.requestDocx, async ({ actor, company, params, reply }) =>
    sendFile(reply, DOCX, await requestLetter(d, actor, company.id, params.id, params.request_id)),
  );
}

export const nmckModule = defineModule({
  name: 'nmck',
  routes: registerRoutes,
  generatedDocuments: { [NMCK_DOCUMENT_KIND]: nmckDocumentBuild },
  templateKinds: [NMCK_REQUEST_KIND],
  fileOwners: [nmckOfferFileOwners],
});
