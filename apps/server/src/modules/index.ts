import type { FastifyInstance } from 'fastify';
import { calendarApiModule } from './calendar-api/calendar-api.routes.js';
import { catalogsModule } from './catalogs/catalogs.routes.js';
import { companiesModule } from './companies/companies.routes.js';
import { contractsModule } from './contracts/contracts.routes.js';
import { eisPlansModule } from './eis-plans/eis-plans.routes.js';
import { exportsModule } from './exports/exports.routes.js';
import { importsModule } from './imports/imports.routes.js';
import { usersModule } from './users/users.routes.js';

/**
 * Every domain module registers its routes, jobs and socket handlers here.
 * Keep one line per module, in the order of the product's menu.
 */
export async function registerModules(app: FastifyInstance) {
  void app;
  companiesModule(app);
  usersModule(app);
  await catalogsModule(app);
  contractsModule(app);
  exportsModule(app);
  importsModule(app);
  eisPlansModule(app);
  calendarApiModule(app);
}
