import { calendarRoutes } from '@zakupki/shared';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route.js';
import { defineModule } from '../../plugins/module.js';
import { productionCalendar } from './production-calendar.js';

/** Working-day arithmetic on the production calendar, for any logged-in user. */
function registerRoutes(app: FastifyInstance) {
  addRoute(app, calendarRoutes.addWorkingDays, async ({ query }) => {
    const calendar = productionCalendar();
    const date = calendar.addWorkingDays(query.date, query.days);
    return { date, coverage: calendar.coverageBetween(query.date, date) };
  });
}

export const calendarModule = defineModule({
  name: 'calendar',
  routes: registerRoutes,
});
