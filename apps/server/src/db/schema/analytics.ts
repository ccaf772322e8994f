import {
  date,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
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

/**
 * The spending panel's ОКПД2 sums (docs/analytics.md, «Speed»): the specification lines' amounts
 * per company, customer (0: none), contract month and class (two digits, «—» for none) over the
 * contracts the panel counts (not archived, concluded / executed / terminated, in rubles). Kept
 * only by the triggers of the migration that made it, whatever path writes contracts or lines.
 */
export const analyticsOkpd2Months = pgTable(
  'analytics_okpd2_months',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    cls: text('cls').notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    lines: integer('lines').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.customerId, t.month, t.cls] })],
);
