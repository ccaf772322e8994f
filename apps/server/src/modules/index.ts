import type { FastifyInstance } from 'fastify';
import type { ModuleDeclaration } from '../plugins/module.js';
import { analyticsModule } from './analytics/analytics.routes.js';
import { authModule } from './auth/auth.routes.js';
import { bidsModule } from './bids/bids.routes.js';
import { calendarModule } from './calendar/calendar.routes.js';
import { catalogsModule } from './catalogs/catalogs.routes.js';
import { classifiersModule } from './classifiers/classifiers.routes.js';
import { companiesModule } from './companies/companies.routes.js';
import { complianceModule } from './compliance/compliance.routes.js';
import { contractsModule } from './contracts/contracts.routes.js';
import { eisPlansModule } from './eis-plans/eis-plans.routes.js';
import { eisSyncModule } from './eis-sync/eis-sync.routes.js';
import { executionModule } from './execution/execution.routes.js';
import { exportsModule } from './exports/exports.routes.js';
import { filesModule } from './files/files.routes.js';
import { importsModule } from './imports/imports.routes.js';
import { nmckModule } from './nmck/nmck.routes.js';
import { procurementDocumentsModule } from './procurement-documents/procurement-documents.routes.js';
import { procurementRulesModule } from './procurement-rules/procurement-rules.routes.js';
import { procurementsModule } from './procurements/procurements.routes.js';
import { rnpModule } from './rnp/rnp.routes.js';
import { smeReportModule } from './sme-report/sme-report.routes.js';
import { systemModule } from './system/system.routes.js';
import { usersModule } from './users/users.routes.js';

/**
 * Every domain module's declaration (`defineModule`, plugins/module.ts): one entry per module, in
 * the order of the product's menu (the account and system routes first). `app.ts` collects their
 * declarations into `deps.declared` and registers them with `registerModules`.
 */
export const MODULES: readonly ModuleDeclaration[] = [
  authModule,
  systemModule,
  companiesModule,
  usersModule,
  procurementRulesModule,
  procurementDocumentsModule,
  procurementsModule,
  bidsModule,
  nmckModule,
  catalogsModule,
  classifiersModule,
  rnpModule,
  contractsModule,
  exportsModule,
  smeReportModule,
  importsModule,
  executionModule,
  eisPlansModule,
  eisSyncModule,
  complianceModule,
  analyticsModule,
  filesModule,
  calendarModule,
];

/** Registers each declared module: its routes, its socket handlers, its jobs with the queue, its listen and close. */
export async function registerModules(app: FastifyInstance, modules: readonly ModuleDeclaration[]) {
  for (const m of modules) {
    m.routes?.(app);
    m.sockets?.(app);
    for (const job of m.jobs ?? []) await app.deps.jobs.register(job);
    const listen = m.onListen;
    if (listen) app.addHook('onListen', async () => listen(app));
    const close = m.onClose;
    if (close) app.addHook('onClose', async () => close());
  }
}
