import { type SQL, sql } from 'drizzle-orm';
import {
  bigserial,
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
import { catalogEntries } from './catalogs.js';
import { tsvector } from './columns.js';
import { companies, customers } from './companies.js';
import { eisPlanPositions } from './eis-plans.js';
import { files } from './imports.js';
import { procurementDocumentsRules, procurementRuleVersions } from './procurement-rules.js';

const PROCUREMENT_STATUS = [
  'draft',
  'documentation_ready',
  'published',
  'bids_closed',
  'summing_up',
  'contract_concluded',
  'cancelled',
  'failed',
] as const;

/**
 * A procurement (закупка) of a company under 223-FZ. It pins the Положение version in force when
 * it was created (`rule_version_id`; an EIS notice imported with none in force is unpinned); its lots and items are in `procurement_lots` and
 * `procurement_items`, its protocols in `procurement_protocols`, every change in
 * `procurement_events`, and the values of its documentation form in `procurement_field_values`.
 */
export const procurements = pgTable(
  'procurements',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** internal number (`З-2026-001`), unique in the company */
    number: text('number').notNull(),
    eisNoticeNumber: text('eis_notice_number'),
    /** version of the imported EIS notice */
    eisVersion: integer('eis_version'),
    eisGuid: text('eis_guid'),
    eisUrl: text('eis_url'),
    customerId: integer('customer_id').references(() => customers.id),
    /** the customer as the notice names it, when it is not one of the company's customers */
    customerTitle: text('customer_title'),
    customerInn: text('customer_inn'),
    /**
     * the Положение version it is conducted under; null only for a notice imported from the EIS
     * when no version was in force on its day (pinned later: POST …/pin)
     */
    ruleVersionId: integer('rule_version_id').references(() => procurementRuleVersions.id),
    methodId: integer('method_id')
      .notNull()
      .references(() => catalogEntries.id),
    subject: text('subject').notNull(),
    subjectType: text('subject_type', { enum: ['goods', 'works', 'services'] })
      .notNull()
      .default('goods'),
    nmcd: numeric('nmcd', { precision: 18, scale: 2 }).notNull(),
    nmcdMethodId: integer('nmcd_method_id').references(() => catalogEntries.id),
    nmcdJustification: text('nmcd_justification'),
    currencyCode: text('currency_code').notNull().default('RUB'),
    fundingSourceId: integer('funding_source_id').references(() => catalogEntries.id),
    planPositionId: integer('plan_position_id').references(() => eisPlanPositions.id),
    applicationSecurity: numeric('application_security', { precision: 18, scale: 2 }),
    contractSecurity: numeric('contract_security', { precision: 18, scale: 2 }),
    smeOnly: boolean('sme_only').notNull().default(false),
    electronic: boolean('electronic').notNull().default(true),
    platformName: text('platform_name'),
    platformUrl: text('platform_url'),
    plannedPublicationDate: date('planned_publication_date', { mode: 'string' }),
    publishedOn: date('published_on', { mode: 'string' }),
    bidsDeadline: date('bids_deadline', { mode: 'string' }),
    reviewDate: date('review_date', { mode: 'string' }),
    summingUpDate: date('summing_up_date', { mode: 'string' }),
    status: text('status', { enum: PROCUREMENT_STATUS }).notNull().default('draft'),
    source: text('source', { enum: ['manual', 'plan', 'eis'] })
      .notNull()
      .default('manual'),
    /** edit counter (optimistic checks, events) */
    revision: integer('revision').notNull().default(1),
    /** the earliest open duty, kept on every write: the register's overdue filter and sort */
    nextDutyDue: date('next_duty_due', { mode: 'string' }),
    createdBy: integer('created_by').references(() => users.id),
    updatedBy: integer('updated_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    search: tsvector('search').generatedAlwaysAs(
      (): SQL => sql`to_tsvector('russian', ${procurements.subject})`,
    ),
  },
  (t) => [
    uniqueIndex('procurements_number_uq').on(t.companyId, t.number),
    uniqueIndex('procurements_notice_uq')
      .on(t.companyId, t.eisNoticeNumber)
      .where(sql`${t.eisNoticeNumber} is not null`),
    index('procurements_status_idx').on(t.companyId, t.status, t.createdAt),
    index('procurements_created_idx').on(t.companyId, t.createdAt, t.id),
    index('procurements_planned_idx').on(t.companyId, t.plannedPublicationDate),
    index('procurements_search_idx').using('gin', t.search),
    index('procurements_plan_position_idx').on(t.planPositionId),
    index('procurements_rule_version_idx').on(t.ruleVersionId),
  ],
);

export const procurementLots = pgTable(
  'procurement_lots',
  {
    id: serial('id').primaryKey(),
    procurementId: integer('procurement_id')
      .notNull()
      .references(() => procurements.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    subject: text('subject').notNull(),
    nmcd: numeric('nmcd', { precision: 18, scale: 2 }).notNull(),
    planPositionId: integer('plan_position_id').references(() => eisPlanPositions.id),
    eisGuid: text('eis_guid'),
  },
  (t) => [
    uniqueIndex('procurement_lots_number_uq').on(t.procurementId, t.number),
    // the plan positions page: «has a procurement» asks for the lots naming each position
    index('procurement_lots_plan_position_idx')
      .on(t.planPositionId)
      .where(sql`${t.planPositionId} is not null`),
  ],
);

export const procurementItems = pgTable(
  'procurement_items',
  {
    id: serial('id').primaryKey(),
    lotId: integer('lot_id')
      .notNull()
      .references(() => procurementLots.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    name: text('name').notNull(),
    okpd2Code: text('okpd2_code'),
    okeiCode: text('okei_code'),
    unitName: text('unit_name'),
    quantity: numeric('quantity', { precision: 18, scale: 3 }).notNull(),
    unitPrice: numeric('unit_price', { precision: 18, scale: 2 }).notNull(),
    vatRate: text('vat_rate').notNull().default('без НДС'),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
  },
  (t) => [index('procurement_items_lot_idx').on(t.lotId, t.lineNo)],
);

/** Protocols of a procurement: entered by hand or imported from the EIS (`purchaseProtocol*`). */
export const procurementProtocols = pgTable(
  'procurement_protocols',
  {
    id: serial('id').primaryKey(),
    procurementId: integer('procurement_id')
      .notNull()
      .references(() => procurements.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['opening', 'review', 'evaluation', 'summing_up', 'other'] }).notNull(),
    final: boolean('final').notNull().default(false),
    signedOn: date('signed_on', { mode: 'string' }).notNull(),
    publishedOn: date('published_on', { mode: 'string' }),
    eisRegistrationNumber: text('eis_registration_number'),
    eisVersion: integer('eis_version'),
    lotNumber: integer('lot_number'),
    winnerName: text('winner_name'),
    winnerInn: text('winner_inn'),
    winnerPrice: numeric('winner_price', { precision: 18, scale: 2 }),
    /** applications of an imported protocol, as the EIS lists them */
    applications: jsonb('applications'),
    source: text('source', { enum: ['manual', 'eis'] })
      .notNull()
      .default('manual'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('procurement_protocols_procurement_idx').on(t.procurementId),
    uniqueIndex('procurement_protocols_eis_uq')
      .on(t.procurementId, t.eisRegistrationNumber)
      .where(sql`${t.eisRegistrationNumber} is not null`),
  ],
);

/** The history of a procurement: every write, status move, import and generation. */
export const procurementEvents = pgTable(
  'procurement_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    procurementId: integer('procurement_id')
      .notNull()
      .references(() => procurements.id, { onDelete: 'cascade' }),
    kind: text('kind', {
      enum: ['created', 'updated', 'status', 'protocol', 'imported', 'documents'],
    }).notNull(),
    fromStatus: text('from_status', { enum: PROCUREMENT_STATUS }),
    toStatus: text('to_status', { enum: PROCUREMENT_STATUS }),
    changedFields: jsonb('changed_fields').$type<string[]>().notNull().default([]),
    comment: text('comment'),
    userId: integer('user_id').references(() => users.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('procurement_events_procurement_idx').on(t.procurementId, t.at)],
);

/** The specialist's values of the documentation form (code -> value); prefilled values are not stored. */
export const procurementFieldValues = pgTable('procurement_field_values', {
  procurementId: integer('procurement_id')
    .primaryKey()
    .references(() => procurements.id, { onDelete: 'cascade' }),
  values: jsonb('values').$type<Record<string, unknown>>().notNull().default({}),
  updatedBy: integer('updated_by').references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A generated document: one version of one documents rule's output for a procurement, with the
 * values it was built from (`values`, `values_hash`: a later change makes it outdated).
 */
export const procurementDocumentOutputs = pgTable(
  'procurement_document_outputs',
  {
    id: serial('id').primaryKey(),
    procurementId: integer('procurement_id')
      .notNull()
      .references(() => procurements.id, { onDelete: 'cascade' }),
    documentsRuleId: integer('documents_rule_id')
      .notNull()
      .references(() => procurementDocumentsRules.id),
    version: integer('version').notNull(),
    docxFileId: integer('docx_file_id').references(() => files.id),
    pdfFileId: integer('pdf_file_id').references(() => files.id),
    error: text('error'),
    missing: jsonb('missing').$type<string[]>().notNull().default([]),
    values: jsonb('values').$type<Record<string, unknown>>().notNull(),
    valuesHash: text('values_hash').notNull(),
    jobId: text('job_id'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('procurement_document_outputs_version_uq').on(t.procurementId, t.documentsRuleId, t.version),
    index('procurement_document_outputs_docx_idx').on(t.docxFileId),
    index('procurement_document_outputs_pdf_idx').on(t.pdfFileId),
  ],
);

/**
 * A generation run of a procurement's documents (one job): which documents and formats, its
 * progress and the results so far. At most one unfinished run per procurement (the partial unique
 * index), so two «Сформировать» clicks make one job; a run whose heartbeat stopped is taken over.
 */
export const procurementDocumentRuns = pgTable(
  'procurement_document_runs',
  {
    id: serial('id').primaryKey(),
    procurementId: integer('procurement_id')
      .notNull()
      .references(() => procurements.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    userId: integer('user_id').references(() => users.id),
    jobId: text('job_id').notNull(),
    /** documents rules to generate, in order */
    documentIds: jsonb('document_ids').$type<number[]>().notNull(),
    /** formats asked for; null: each document's own setting */
    formats: jsonb('formats').$type<('docx' | 'pdf')[] | null>(),
    /** documents done so far with their outputs (a retried job skips them) */
    results: jsonb('results')
      .$type<
        {
          document_id: number;
          output_id: number | null;
          docx_file_id: number | null;
          pdf_file_id: number | null;
          error: string | null;
        }[]
      >()
      .notNull()
      .default([]),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('procurement_document_runs_job_uq').on(t.jobId),
    uniqueIndex('procurement_document_runs_open_uq').on(t.procurementId).where(sql`${t.finishedAt} is null`),
  ],
);
