import { classifierRoutes } from '@zakupki/shared';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route.js';
import { defineModule } from '../../plugins/module.js';
import { listReleases, searchClassifier } from './classifiers.service.js';

function registerRoutes(app: FastifyInstance) {
  addRoute(app, classifierRoutes.releases, async () => listReleases(app.deps));
  addRoute(app, classifierRoutes.search, async ({ params, query }) => ({
    items: await searchClassifier(app.deps, params.classifier, query),
  }));
}

export const classifiersModule = defineModule({
  name: 'classifiers',
  routes: registerRoutes,
});
