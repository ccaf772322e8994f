import type { FastifyInstance } from 'fastify';
import { defineModule } from '../../plugins/module.js';

/**
 * Participants and bids of a procurement, their admission and evaluation, the protocols generated
 * from them and the contract drawn from the winner (docs/bids.md).
 */
function registerRoutes(_app: FastifyInstance) {}

export const bidsModule = defineModule({
  name: 'bids',
  routes: registerRoutes,
});
