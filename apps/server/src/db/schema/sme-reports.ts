import { date, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { companies } from './companies.js';

/** The figures of an SME report as they were when it was filed (exact decimal strings). */
export type SmeFiguresRow = {
  total: string;
  excluded: string;
  base: string;
  sme: string;
  sme_only: string;
  sme_share_percent: string | null;
  sme_only_share_percent: string | null;
};

/**
 * The annual report on purchases from SMEs (ПП РФ № 1352) placed in the EIS: one row per company
 * and year. Its presence closes the year's duty (modules/sme-report, `smeReportFiling`); a
 * corrected placement replaces the row.
 */
export const smeReports = pgTable(
  'sme_reports',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    year: integer('year').notNull(),
    /** The day the report was placed in the EIS (Moscow date). */
    filedOn: date('filed_on', { mode: 'string' }).notNull(),
    /** Its EIS registration number (digits). */
    eisNumber: text('eis_number').notNull(),
    figures: jsonb('figures').$type<SmeFiguresRow>().notNull(),
    filedBy: integer('filed_by').references(() => users.id),
    filedAt: timestamp('filed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sme_reports_company_year_uq').on(t.companyId, t.year)],
);
