import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    title: text('title'),
    fullTitle: text('full_title'),
    inn: text('inn').notNull(),
    kpp: text('kpp'),
    ogrn: text('ogrn'),
    legalAddress: text('legal_address'),
    postalAddress: text('postal_address'),
    email: text('email'),
    phone: text('phone'),
    isProvider: boolean('is_provider').notNull().default(false),
    tariffId: integer('tariff_id'),
    // pending: created by a registration request not yet decided; rejected: its request was refused
    status: text('status', { enum: ['active', 'pending', 'archived', 'rejected'] })
      .notNull()
      .default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('companies_inn_kpp_uq').on(t.inn, sql`coalesce(${t.kpp}, '')`)],
);

export const contacts = pgTable(
  'contacts',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    fullName: text('full_name').notNull(),
    position: text('position'),
    email: text('email'),
    phone: text('phone'),
    isActive: boolean('is_active').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('contacts_company_idx').on(t.companyId),
    uniqueIndex('contacts_one_active_uq').on(t.companyId).where(sql`${t.isActive}`),
  ],
);

export const bankRequisites = pgTable(
  'bank_requisites',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    bankName: text('bank_name').notNull(),
    bik: text('bik').notNull(),
    settlementAccount: text('settlement_account').notNull(),
    correspondentAccount: text('correspondent_account'),
    isMain: boolean('is_main').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bank_requisites_company_idx').on(t.companyId)],
);

/**
 * How the company connects to EIS (one row per company). The password is stored encrypted
 * (AES-256-GCM, see modules/companies/secret-box.ts) and never leaves the server.
 */
export const companyEisSettings = pgTable('company_eis_settings', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  eisLogin: text('eis_login').notNull(),
  certificateThumbprint: text('certificate_thumbprint').notNull(),
  passwordSecret: text('password_secret'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Заказчики that buy under this company's procurement rules. */
export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    title: text('title').notNull(),
    inn: text('inn').notNull(),
    kpp: text('kpp'),
    ogrn: text('ogrn'),
    address: text('address'),
    annualRevenueOver5bn: boolean('annual_revenue_over_5bn').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('customers_company_idx').on(t.companyId)],
);

/** Положение о закупке; the procurement-rules module adds versions and documents. */
export const procurementRules = pgTable(
  'procurement_rules',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    title: text('title').notNull(),
    // the status of the version in force, else of the newest version (modules/procurement-rules)
    status: text('status').notNull().default('draft'),
    /** customers (заказчики) of the company the rule applies to; empty: all of them */
    customerIds: integer('customer_ids').array().notNull().default([]),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    copiedFromRuleId: integer('copied_from_rule_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('procurement_rules_company_idx').on(t.companyId)],
);
