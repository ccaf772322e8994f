import { fileRoutes } from '@zakupki/shared';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route.js';
import { contentDisposition, fileForActor } from './files.service.js';

/** GET /api/files/:id: uploads and generated reports, after the access check. */
export function filesModule(app: FastifyInstance) {
  addRoute(app, fileRoutes.get, async ({ actor, params, reply }) => {
    const file = await fileForActor(app.deps.db, actor, params.id);
    reply
      .header('content-type', file.mime)
      .header('content-disposition', contentDisposition(file.name))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store');
    // a Buffer goes out as it is: Fastify does not serialise it
    return file.content as unknown as string;
  });
}
