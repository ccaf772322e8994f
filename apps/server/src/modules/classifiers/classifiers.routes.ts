import { classifierRoutes } from '@zakupki/shared';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route.js';
import { listReleases, searchClassifier } from './classifiers.service.js';

export function classifiersModule(app: FastifyInstance) {
  addRoute(app, classifierRoutes.releases, async () => ({
    items: (await listReleases(app.deps.db)).map((r) => ({
      classifier: r.classifier as 'okpd2',
      release: r.release,
      source: r.source,
      rows: r.rows,
      loaded_at: r.loadedAt.toISOString(),
    })),
  }));
  addRoute(app, classifierRoutes.search, async ({ params, query }) => ({
    items: await searchClassifier(app.deps.db, params.classifier, query),
  }));
}
