import type { FastifyInstance } from 'fastify';

/**
 * Every domain module registers its routes, jobs and socket handlers here.
 * Keep one line per module, in the order of the product's menu.
 */
export async function registerModules(app: FastifyInstance) {
  void app;
}
