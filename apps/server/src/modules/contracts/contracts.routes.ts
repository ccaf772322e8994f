import { contractRoutes } from '@zakupki/shared';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route.js';
import { registerContractReferences } from './contract-references.js';
import { changeStatus, recordPublication, setArchived } from './contract-status.service.js';
import { createContract, updateContract } from './contracts.service.js';
import {
  contractEventsList,
  contractHistory,
  getContract,
  listContracts,
  listDeadlines,
} from './contracts-query.service.js';

/** The contract register: cards, statuses, history, events and the deadline list. */
export function contractsModule(app: FastifyInstance) {
  const db = () => app.deps.db;
  const unregister = registerContractReferences();
  app.addHook('onClose', async () => unregister());
  addRoute(app, contractRoutes.list, ({ company, query }) => listContracts(db(), company.id, query));
  addRoute(app, contractRoutes.create, async ({ actor, params, body, reply }) => {
    reply.code(201);
    return createContract(db(), actor, params.company_id, body);
  });
  addRoute(app, contractRoutes.get, ({ actor, params }) =>
    getContract(db(), actor, params.company_id, params.id),
  );
  addRoute(app, contractRoutes.update, ({ actor, params, body }) =>
    updateContract(db(), actor, params.company_id, params.id, body),
  );
  addRoute(app, contractRoutes.status, ({ actor, params, body }) =>
    changeStatus(db(), actor, params.company_id, params.id, body),
  );
  addRoute(app, contractRoutes.archive, ({ actor, params, body }) =>
    setArchived(db(), actor, params.company_id, params.id, body.archived),
  );
  addRoute(app, contractRoutes.publication, ({ actor, params, body }) =>
    recordPublication(db(), actor, params.company_id, params.id, body),
  );
  addRoute(app, contractRoutes.history, ({ actor, params, query }) =>
    contractHistory(db(), actor, params.company_id, params.id, query),
  );
  addRoute(app, contractRoutes.events, ({ actor, params, query }) =>
    contractEventsList(db(), actor, params.company_id, params.id, query),
  );
  addRoute(app, contractRoutes.deadlines, ({ company, query }) => listDeadlines(db(), company.id, query));
}
