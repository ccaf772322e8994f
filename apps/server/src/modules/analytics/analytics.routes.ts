import { analyticsRoutes } from '@zakupki/shared';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route.js';
import { defineModule } from '../../plugins/module.js';
import { contentDisposition } from '../files/files.service.js';
import { compareCompanies, dashboard, dashboardXlsx } from './analytics.service.js';
import { dismissFlag, flagList, getSettings, saveSettings } from './analytics-flags.service.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Analytics (docs/analytics.md): the dashboard of a company and its XLSX, the red flags with their
 * dismissals and thresholds, the staff's comparison of their companies.
 */
function registerRoutes(app: FastifyInstance) {
  const deps = () => app.deps;
  addRoute(app, analyticsRoutes.dashboard, ({ company, query }) => dashboard(deps(), company.id, query));
  addRoute(app, analyticsRoutes.xlsx, async ({ company, query, reply }) => {
    const file = await dashboardXlsx(deps(), company.id, query);
    reply
      .header('content-type', XLSX)
      .header('content-disposition', contentDisposition(file.fileName))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store');
    return file.content as unknown as string;
  });
  addRoute(app, analyticsRoutes.flags, ({ company, query }) => flagList(deps(), company.id, query));
  addRoute(app, analyticsRoutes.dismiss, ({ actor, company, body }) =>
    dismissFlag(deps(), actor, company.id, body),
  );
  addRoute(app, analyticsRoutes.settings, ({ company }) => getSettings(deps(), company.id));
  addRoute(app, analyticsRoutes.saveSettings, ({ actor, company, body }) =>
    saveSettings(deps(), actor, company.id, body),
  );
  addRoute(app, analyticsRoutes.companies, ({ actor, query }) => compareCompanies(deps(), actor, query));
}

export const analyticsModule = defineModule({ name: 'analytics', routes: registerRoutes });
