import { fileRoutes } from '@zakupki/shared';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route.js';
import { defineModule } from '../../plugins/module.js';
import { fileMeta } from './file-meta.service.js';
import { contentDisposition, mayShowInline } from './files.policy.js';
import { fileForActor } from './files.service.js';

/**
 * A PDF shown in the file page's <iframe>: the app's own pages may frame it (the app's CSP says
 * `frame-ancestors 'none'` everywhere else) and it may load nothing of its own. Chromium's PDF
 * viewer shows it under exactly this policy; the page's CSP needs nothing more (`default-src
 * 'self'` covers a same-origin frame).
 */
const INLINE_CSP = "default-src 'none'; frame-ancestors 'self'";

/** GET /api/files/:id (uploads, reports, documents, after the access check) and its page's metadata. */
function registerRoutes(app: FastifyInstance) {
  addRoute(app, fileRoutes.get, async ({ actor, params, query, reply }) => {
    const file = await fileForActor(app.deps, actor, params.id);
    const inline = query.inline === '1' && mayShowInline(file.mime);
    reply
      .header('content-type', file.mime)
      .header('content-disposition', contentDisposition(file.name, inline ? 'inline' : 'attachment'))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store');
    if (inline) reply.header('content-security-policy', INLINE_CSP).header('x-frame-options', 'SAMEORIGIN');
    // a Buffer goes out as it is: Fastify does not serialise it
    return file.content as unknown as string;
  });

  addRoute(app, fileRoutes.meta, async ({ actor, params }) => fileMeta(app.deps, actor, params.id));
}

export const filesModule = defineModule({
  name: 'files',
  routes: registerRoutes,
});
