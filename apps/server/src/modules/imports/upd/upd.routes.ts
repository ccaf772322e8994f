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
  const db = () => app.deps.db;
  addRoute(app, updRoutes.list, ({ company, query }) => listUpdDocuments(db(), company.id, query));
  addRoute(app, updRoutes.get, ({ actor, params }) =>
    getUpdDocument(db(), actor, params.company_id, params.id),
  );
  addRoute(app, updRoutes.setContract, ({ actor, params, body }) =>
    setUpdContract(db(), actor, params.company_id, params.id, body.contract_id),
  );
  addRoute(app, updRoutes.mapping, ({ actor, params, body }) =>
    confirmUpdMapping(db(), actor, params.company_id, params.id, body),
  );
}
