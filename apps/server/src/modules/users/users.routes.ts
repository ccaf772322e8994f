import { userRoutes } from '@zakupki/shared';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route.js';
import { defineModule } from '../../plugins/module.js';
import { reviewRegistration, setBlocked } from './user-status.service.js';
import { sendUserMailJob } from './users.jobs.js';
import { createUser, getUser, listUsers, updateUser } from './users.service.js';

/** /api/users: staff manage accounts, review registration requests, block and unblock. */
function registerRoutes(app: FastifyInstance) {
  const deps = () => app.deps;

  addRoute(app, userRoutes.list, async ({ actor, query }) => listUsers(deps(), actor, query));
  addRoute(app, userRoutes.get, async ({ actor, params }) => getUser(deps(), actor, params.id));
  addRoute(app, userRoutes.create, async ({ actor, body }) => createUser(deps(), actor, body));
  addRoute(app, userRoutes.update, async ({ actor, params, body }) =>
    updateUser(deps(), actor, params.id, body),
  );
  addRoute(app, userRoutes.approve, async ({ actor, params }) =>
    reviewRegistration(deps(), actor, params.id, 'approve'),
  );
  addRoute(app, userRoutes.reject, async ({ actor, params }) =>
    reviewRegistration(deps(), actor, params.id, 'reject'),
  );
  addRoute(app, userRoutes.block, async ({ actor, params }) => setBlocked(deps(), actor, params.id, 'block'));
  addRoute(app, userRoutes.unblock, async ({ actor, params }) =>
    setBlocked(deps(), actor, params.id, 'unblock'),
  );
}

export const usersModule = defineModule({
  name: 'users',
  routes: registerRoutes,
  jobs: [sendUserMailJob],
});
