import { contractRoutes } from '@zakupki/shared';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route.js';
import { defineModule } from '../../plugins/module.js';
import { contractsAddedSince, contractsUsingEntries } from './contract-references.repository.js';
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
function registerRoutes(app: FastifyInstance) {
  addRoute(app, contractRoutes.list, ({ company, query }) => listContracts(app.deps, company.id, query));
  addRoute(app, contractRoutes.create, async ({ actor, params, body, reply }) => {
    reply.code(201);
    return createContract(app.deps, actor, params.company_id, body);
  });
  addRoute(app, contractRoutes.get, ({ actor, params }) =>
    getContract(app.deps, actor, params.company_id, params.id),
  );
  addRoute(app, contractRoutes.update, ({ actor, params, body }) =>
    updateContract(app.deps, actor, params.company_id, params.id, body),
  );
  addRoute(app, contractRoutes.status, ({ actor, params, body }) =>
    changeStatus(app.deps, actor, params.company_id, params.id, body),
  );
  addRoute(app, contractRoutes.archive, ({ actor, params, body }) =>
    setArchived(app.deps, actor, params.company_id, params.id, body.archived),
  );
  addRoute(app, contractRoutes.publication, ({ actor, params, body }) =>
    recordPublication(app.deps, actor, params.company_id, params.id, body),
  );
  addRoute(app, contractRoutes.history, ({ actor, params, query }) =>
    contractHistory(app.deps, actor, params.company_id, params.id, query),
  );
  addRoute(app, contractRoutes.events, ({ actor, params, query }) =>
    contractEventsList(app.deps, actor, params.company_id, params.id, query),
  );
  addRoute(app, contractRoutes.deadlines, ({ company, query }) => listDeadlines(app.deps, company.id, query));
}

export const contractsModule = defineModule({
  name: 'contracts',
  routes: registerRoutes,
  // the tariff's «договоров в год»: the contracts a company added this calendar year
  tariffCounters: { contracts: contractsAddedSince },
  // a catalogue entry a contract points at is archived, never deleted
  catalogUsage: [{ name: 'Договоры', count: contractsUsingEntries }],
});
