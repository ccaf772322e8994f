import { complianceRoutes } from '@zakupki/shared';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route.js';
import { defineModule } from '../../plugins/module.js';
import { complianceRemindersJob, reminderLettersRetryJob } from './compliance.jobs.js';
import { companyCalendar, complianceStats, markDuty, staffCalendar } from './compliance.service.js';
import { getSettings, myPrefs, saveMyPrefs, saveSettings } from './compliance-settings.service.js';

/**
 * The compliance calendar (docs/domain.md, «Календарь обязанностей»): the duties of every module
 * for a company or across the staff's companies, marks, monthly counts, reminder settings; and the
 * daily reminder job.
 */
function registerRoutes(app: FastifyInstance) {
  const deps = () => app.deps;
  addRoute(app, complianceRoutes.calendar, ({ company, query }) =>
    companyCalendar(deps(), company.id, query),
  );
  addRoute(app, complianceRoutes.staffCalendar, ({ actor, query }) => staffCalendar(deps(), actor, query));
  addRoute(app, complianceRoutes.mark, ({ actor, company, body }) =>
    markDuty(deps(), actor, company.id, body),
  );
  addRoute(app, complianceRoutes.stats, ({ company }) => complianceStats(deps(), company.id));
  addRoute(app, complianceRoutes.settings, ({ company }) => getSettings(deps(), company.id));
  addRoute(app, complianceRoutes.saveSettings, ({ actor, company, body }) =>
    saveSettings(deps(), actor, company.id, body),
  );
  addRoute(app, complianceRoutes.myPrefs, ({ actor }) => myPrefs(deps(), actor));
  addRoute(app, complianceRoutes.saveMyPrefs, ({ actor, body }) => saveMyPrefs(deps(), actor, body));
}

export const complianceModule = defineModule({
  name: 'compliance',
  routes: registerRoutes,
  jobs: [complianceRemindersJob, reminderLettersRetryJob],
  // after the start's seeding and migrations, so the run sees the data (not in tests by default)
  onListen: async (app) => {
    const { config, jobs } = app.deps;
    if (config.reminders.atStart && config.jobsEnabled) await jobs.send(complianceRemindersJob, {});
  },
});
