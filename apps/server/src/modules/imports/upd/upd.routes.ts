import { updRoutes } from '@zakupki/shared';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../../lib/route.js';
import {
  confirmUpdMapping,
  getUpdDocument,
  listUpdDocuments,
  setUpdContract,
} from './upd-documents.service.js';

/** The УПД documents of the imports: the register, a card, its contract and the items' mapping. */
export function updDocumentsRoutes(app: FastifyInstance) {
  addRoute(app, updRoutes.list, ({ company, query }) => listUpdDocuments(app.deps, company.id, query));
  addRoute(app, updRoutes.get, ({ actor, params }) =>
    getUpdDocument(app.deps, actor, params.company_id, params.id),
  );
  addRoute(app, updRoutes.setContract, ({ actor, params, body }) =>
    setUpdContract(app.deps, actor, params.company_id, params.id, body.contract_id),
  );
  addRoute(app, updRoutes.mapping, ({ actor, params, body }) =>
    confirmUpdMapping(app.deps, actor, params.company_id, params.id, body),
  );
}
