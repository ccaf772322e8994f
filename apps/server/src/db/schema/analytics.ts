import { integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { companies } from './companies.js';

/** The thresholds of a company's red flags (modules/analytics); no row: the defaults. */
export const analyticsSettings = pgTable('analytics_settings', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  /** `AnalyticsSettings` of packages/shared (numbers and a decimal string). */
  thresholds: jsonb('thresholds').$type<Record<string, unknown>>().notNull(),
  updatedBy: integer('updated_by').references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A red flag dismissed with a comment: the flag of a rule on one contract or procurement. The flag
 * stays computed; the list shows it dismissed and the dashboard no longer counts it.
 */
export const analyticsFlagDismissals = pgTable(
  'analytics_flag_dismissals',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    objectType: text('object_type', { enum: ['contract', 'procurement'] }).notNull(),
    objectId: integer('object_id').notNull(),
    comment: text('comment').notNull(),
    dismissedBy: integer('dismissed_by').references(() => users.id),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('analytics_flag_dismissals_uq').on(t.companyId, t.code, t.objectType, t.objectId)],
);
