import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { companies } from './companies.js';
import { contractItems } from './contracts.js';
import { files } from './imports.js';
import { procurements } from './procurements.js';

/*
 * Every nmck row is a child of its procurement (ON DELETE CASCADE) and keeps the procurement's
 * company for tenancy; like the other company-scoped children and settings (contract suppliers,
 * duty marks, analytics settings) the company reference cascades too, so deleting a company is
 * refused by its procurements, not once more by their justification rows (companies.service).
 */

/**
 * The НМЦД justification of a procurement (docs/nmck.md): one row per procurement, its applied
 * method and the «Обоснование НМЦД» built from it (`document_values` are the values the document
 * was built from; `document_hash` against the current values tells it outdated).
 */
export const nmckJustifications = pgTable('nmck_justifications', {
  procurementId: integer('procurement_id')
    .primaryKey()
    .references(() => procurements.id, { onDelete: 'cascade' }),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  method: text('method', { enum: ['market', 'normative', 'tariff', 'design_estimate', 'cost'] })
    .notNull()
    .default('market'),
  appliedAt: timestamp('applied_at', { withTimezone: true }),
  appliedBy: integer('applied_by').references(() => users.id),
  documentValues: jsonb('document_values').$type<Record<string, unknown>>(),
  documentHash: text('document_hash'),
  documentAt: timestamp('document_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A request for offers sent to chosen suppliers; the answers are offers (`nmck_sources.request_id`).
 */
export const nmckRequests = pgTable(
  'nmck_requests',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    procurementId: integer('procurement_id')
      .notNull()
      .references(() => procurements.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    suppliers: jsonb('suppliers').$type<{ inn: string; name: string; email: string | null }[]>().notNull(),
    terms: text('terms'),
    answerUntil: date('answer_until', { mode: 'string' }),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('nmck_requests_number_uq').on(t.procurementId, t.number)],
);

/**
 * A price of one item of a procurement (by lot number and line, which survive the card's edits):
 * a commercial offer, a contract item of the company's register, or a public source.
 */
export const nmckSources = pgTable(
  'nmck_sources',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    procurementId: integer('procurement_id')
      .notNull()
      .references(() => procurements.id, { onDelete: 'cascade' }),
    lotNumber: integer('lot_number').notNull(),
    lineNo: integer('line_no').notNull(),
    kind: text('kind', { enum: ['offer', 'contract', 'public'] }).notNull(),
    price: numeric('price', { precision: 18, scale: 2 }).notNull(),
    includesVat: boolean('includes_vat').notNull(),
    vatRate: text('vat_rate').notNull(),
    sourceDate: date('source_date', { mode: 'string' }).notNull(),
    priceIndex: numeric('price_index', { precision: 12, scale: 6 }),
    indexSource: text('index_source'),
    note: text('note'),
    supplierInn: text('supplier_inn'),
    supplierName: text('supplier_name'),
    fileId: integer('file_id').references(() => files.id),
    requestId: integer('request_id').references(() => nmckRequests.id, { onDelete: 'set null' }),
    contractItemId: bigint('contract_item_id', { mode: 'number' }).references(() => contractItems.id, {
      onDelete: 'set null',
    }),
    /** copied from the contract when the source is added: the price stays traceable after a change */
    contractNumber: text('contract_number'),
    registryNumber: text('registry_number'),
    url: text('url'),
    title: text('title'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('nmck_sources_item_idx').on(t.procurementId, t.lotNumber, t.lineNo),
    index('nmck_sources_request_idx').on(t.requestId).where(sql`${t.requestId} is not null`),
    index('nmck_sources_file_idx').on(t.fileId).where(sql`${t.fileId} is not null`),
  ],
);
