import { classifierRoutes } from '@zakupki/shared';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route.js';
import { listReleases, searchClassifier } from './classifiers.service.js';

export function classifiersModule(app: FastifyInstance) {
  addRoute(app, classifierRoutes.releases, async () => listReleases(app.deps));
  addRoute(app, classifierRoutes.search, async ({ params, query }) => ({
    items: await searchClassifier(app.deps, params.classifier, query),
  }));
}
