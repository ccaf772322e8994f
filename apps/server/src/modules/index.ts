import type { FastifyInstance } from 'fastify';
import type { ModuleJobs } from '../plugins/jobs.js';
import { authModule } from './auth/auth.routes.js';
import { calendarModule } from './calendar/calendar.routes.js';
import { catalogsModule } from './catalogs/catalogs.routes.js';
import { classifiersModule } from './classifiers/classifiers.routes.js';
import { companiesModule } from './companies/companies.routes.js';
import { contractsModule } from './contracts/contracts.routes.js';
import { eisPlansModule } from './eis-plans/eis-plans.routes.js';
import { executionModule } from './execution/execution.routes.js';
import { exportsModule } from './exports/exports.routes.js';
import { filesModule } from './files/files.routes.js';
import { importsModule } from './imports/imports.routes.js';
import { procurementDocumentsModule } from './procurement-documents/procurement-documents.routes.js';
import { procurementRulesModule } from './procurement-rules/procurement-rules.routes.js';
import { procurementsModule } from './procurements/procurements.routes.js';
import { smeReportModule } from './sme-report/sme-report.routes.js';
import { systemModule } from './system/system.routes.js';
import { usersModule } from './users/users.routes.js';

/** A module: registers its routes (and socket handlers) and returns its jobs. */
type Module = (
  app: FastifyInstance,
) => ModuleJobs | undefined | Promise<ModuleJobs | undefined> | void | Promise<void>;

/**
 * Every domain module registers here, and its jobs with the queue: one entry per module, in the
 * order of the product's menu (the account and system routes first).
 */
const MODULES: Module[] = [
  authModule,
  systemModule,
  companiesModule,
  usersModule,
  procurementRulesModule,
  procurementDocumentsModule,
  procurementsModule,
  catalogsModule,
  classifiersModule,
  contractsModule,
  exportsModule,
  smeReportModule,
  importsModule,
  executionModule,
  eisPlansModule,
  filesModule,
  calendarModule,
];

export async function registerModules(app: FastifyInstance) {
  for (const register of MODULES) {
    for (const job of (await register(app)) ?? []) await app.deps.jobs.register(job);
  }
}
