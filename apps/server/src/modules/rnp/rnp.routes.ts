import { rnpRoutes } from '@zakupki/shared';
import type { FastifyInstance } from 'fastify';
import { addRoute, addUploadRoute } from '../../lib/route.js';
import { defineModule } from '../../plugins/module.js';
import { lookupRnp, rnpStatusFor, uploadRnp } from './rnp.service.js';

/** A register file: one XML, CSV or ZIP; the law for a file that does not name it. */
const RNP_FILE = {
  maxFiles: 1,
  fields: ['law'],
  what: 'файл реестра недобросовестных поставщиков (XML, ZIP или CSV)',
  missing: 'Прикрепите файл реестра недобросовестных поставщиков',
} as const;

function registerRoutes(app: FastifyInstance) {
  addRoute(app, rnpRoutes.status, async ({ actor }) => rnpStatusFor(app.deps, actor));
  addRoute(app, rnpRoutes.lookup, async ({ actor, query }) => lookupRnp(app.deps, actor, query));
  addUploadRoute(app, rnpRoutes.load, RNP_FILE, async ({ actor, upload }) =>
    uploadRnp(app.deps, actor, async () => {
      const { files, fields } = await upload();
      return { file: files[0], law: fields.law?.trim() || undefined };
    }),
  );
}

export const rnpModule = defineModule({ name: 'rnp', routes: registerRoutes });
