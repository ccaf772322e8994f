import { bidRoutes as r } from '@zakupki/shared';
import type { FastifyInstance } from 'fastify';
import { addRoute, addUploadRoute } from '../../lib/route.js';
import { defineModule } from '../../plugins/module.js';
import { XLSX_TYPE } from '../catalogs/catalogs.xlsx.js';
import { contentDisposition } from '../files/files.service.js';
import { bidsFromEis, bidsTemplateXlsx, uploadBids } from './bid-imports.service.js';
import { contractFromWinner, generateProtocol, signProtocol } from './bid-protocols.service.js';
import { saveCommission, saveScores } from './bid-scores.service.js';
import { bidFileOwners } from './bids.repository.js';
import {
  addBidFile,
  createBid,
  decideAdmission,
  removeBid,
  removeBidFile,
  updateBid,
} from './bids.service.js';
import { getResults } from './bids-query.service.js';

/**
 * Participants and bids of a procurement, their admission and evaluation, the protocols generated
 * from them and the contract drawn from the winner (docs/bids.md).
 */

const XLSX_UPLOAD = {
  maxFiles: 1,
  what: 'файл XLSX с заявками',
  missing: 'Прикрепите файл XLSX с заявками',
} as const;
const BID_FILE = { maxFiles: 1, what: 'файл заявки', missing: 'Прикрепите файл заявки' } as const;

function registerRoutes(app: FastifyInstance) {
  const deps = () => app.deps;
  addRoute(app, r.results, ({ actor, company, params }) =>
    getResults(deps(), actor, company.id, params.id, company.permissions.includes('procurements.write')),
  );
  addRoute(app, r.create, async ({ actor, company, params, body, reply }) => {
    reply.code(201);
    return createBid(deps(), actor, company.id, params.id, body);
  });
  addRoute(app, r.update, ({ actor, company, params, body }) =>
    updateBid(deps(), actor, company.id, params.id, params.bid_id, body),
  );
  addRoute(app, r.remove, async ({ actor, company, params, reply }) => {
    await removeBid(deps(), actor, company.id, params.id, params.bid_id);
    reply.code(204);
    return null;
  });
  addRoute(app, r.admission, ({ actor, company, params, body }) =>
    decideAdmission(deps(), actor, company.id, params.id, params.bid_id, body),
  );
  addUploadRoute(app, r.addFile, BID_FILE, async ({ actor, company, params, upload, reply }) => {
    const out = await addBidFile(
      deps(),
      actor,
      company.id,
      params.id,
      params.bid_id,
      async () => (await upload()).files[0],
    );
    reply.code(201);
    return out;
  });
  addRoute(app, r.removeFile, ({ actor, company, params }) =>
    removeBidFile(deps(), actor, company.id, params.id, params.bid_id, params.file_id),
  );
  addUploadRoute(app, r.upload, XLSX_UPLOAD, async ({ actor, company, params, upload, reply }) => {
    const out = await uploadBids(deps(), actor, company.id, params.id, async () => (await upload()).files[0]);
    reply.code(201);
    return out;
  });
  addRoute(app, r.template, async ({ actor, company, params, reply }) => {
    const out = await bidsTemplateXlsx(deps(), actor, company.id, params.id);
    reply
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', contentDisposition(out.fileName))
      .header('cache-control', 'private, no-store');
    return out.content as unknown as string;
  });
  addRoute(app, r.fromEis, ({ actor, company, params }) => bidsFromEis(deps(), actor, company.id, params.id));
  addRoute(app, r.scores, ({ actor, company, params, body }) =>
    saveScores(deps(), actor, company.id, params.id, body),
  );
  addRoute(app, r.commission, ({ actor, company, params, body }) =>
    saveCommission(deps(), actor, company.id, params.id, body),
  );
  addRoute(app, r.generateProtocol, async ({ actor, company, params, body, reply }) => {
    reply.code(201);
    return generateProtocol(deps(), actor, company.id, params.id, body);
  });
  addRoute(app, r.signProtocol, ({ actor, company, params, body }) =>
    signProtocol(deps(), actor, company.id, params.id, params.protocol_id, body),
  );
  addRoute(app, r.contractFromWinner, async ({ actor, company, params, body, reply }) => {
    reply.code(201);
    return contractFromWinner(deps(), actor, company.id, params.id, params.protocol_id, body);
  });
}

export const bidsModule = defineModule({
  name: 'bids',
  routes: registerRoutes,
  fileOwners: [bidFileOwners],
});
