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
    status: text('status', { enum: ['active', 'pending', 'archived'] })
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
    status: text('status').notNull().default('draft'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('procurement_rules_company_idx').on(t.companyId)],
);
