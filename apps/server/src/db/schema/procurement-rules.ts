import type { NmckSettings } from '@zakupki/shared';
import {
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
import { companies, procurementRules } from './companies.js';
import { files } from './imports.js';

/** A method a version allows, with its notice period (ст. 3.2 223-ФЗ) and documentation flag. */
export type StoredRuleMethod = {
  method_id: number;
  notice_days: number;
  notice_day_kind: 'calendar' | 'working';
  needs_documentation: boolean;
  /** the method's evaluation of bids (docs/bids.md); absent: the defaults */
  evaluation?: {
    criteria: { code: string; title: string; weight: number }[];
    national_preference_percent: number | null;
    single_participant: 'contract' | 'failed';
  } | null;
};

/**
 * A numbered version of a Положение о закупке: draft → approved → published → superseded.
 * Only a draft changes; approval starts the 15-day EIS duty (ч. 1 ст. 4 223-ФЗ), publication
 * closes it and ends the version in force the day before this one's effective_from.
 */
export const procurementRuleVersions = pgTable(
  'procurement_rule_versions',
  {
    id: serial('id').primaryKey(),
    ruleId: integer('rule_id')
      .notNull()
      .references(() => procurementRules.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    number: integer('number').notNull(),
    status: text('status', { enum: ['draft', 'approved', 'published', 'superseded', 'archived'] })
      .notNull()
      .default('draft'),
    approvingBody: text('approving_body', {
      enum: ['board_of_directors', 'supervisory_board', 'general_meeting', 'founder', 'head'],
    }),
    decisionNumber: text('decision_number'),
    decisionDate: date('decision_date'),
    effectiveFrom: date('effective_from'),
    /** the day before the next published version took effect */
    effectiveTo: date('effective_to'),
    /** the 15-day EIS duty: set on approval */
    eisDueDate: date('eis_due_date'),
    eisPublishedOn: date('eis_published_on'),
    eisRegistrationNumber: text('eis_registration_number'),
    fileId: integer('file_id').references(() => files.id),
    changesSummary: text('changes_summary'),
    methods: jsonb('methods').$type<StoredRuleMethod[]>().notNull().default([]),
    planThreshold: numeric('plan_threshold', { precision: 15, scale: 2 }).notNull().default('100000'),
    planThresholdLarge: numeric('plan_threshold_large', { precision: 15, scale: 2 })
      .notNull()
      .default('500000'),
    smeCeiling: numeric('sme_ceiling', { precision: 15, scale: 2 }),
    /** the НМЦД justification's settings (docs/nmck.md); null: the defaults */
    nmckSettings: jsonb('nmck_settings').$type<NmckSettings>(),
    basedOnVersionId: integer('based_on_version_id'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('procurement_rule_versions_number_uq').on(t.ruleId, t.number),
    index('procurement_rule_versions_company_idx').on(t.companyId, t.status),
  ],
);

/**
 * Documents rules: for a method of a version, the ordered documents a procurement must carry,
 * each with its DOCX template (a file shared by content hash, so copies refer to the same one).
 */
export const procurementDocumentsRules = pgTable(
  'procurement_documents_rules',
  {
    id: serial('id').primaryKey(),
    versionId: integer('version_id')
      .notNull()
      .references(() => procurementRuleVersions.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    methodId: integer('method_id')
      .notNull()
      .references(() => catalogEntries.id),
    position: integer('position').notNull(),
    documentKindId: integer('document_kind_id')
      .notNull()
      .references(() => catalogEntries.id),
    title: text('title').notNull(),
    required: boolean('required').notNull().default(true),
    formats: text('formats', { enum: ['docx', 'pdf', 'both'] })
      .notNull()
      .default('docx'),
    condition: text('condition'),
    templateFileId: integer('template_file_id').references(() => files.id),
    templateName: text('template_name'),
    templateTags: jsonb('template_tags').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('procurement_documents_rules_version_idx').on(t.versionId, t.methodId, t.position)],
);

/** One copy of a rule into a company per request key: the same copy request twice makes one copy. */
export const procurementRuleCopies = pgTable(
  'procurement_rule_copies',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    copyKey: text('copy_key').notNull(),
    sourceRuleId: integer('source_rule_id').notNull(),
    ruleId: integer('rule_id')
      .notNull()
      .references(() => procurementRules.id, { onDelete: 'cascade' }),
    warnings: jsonb('warnings').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('procurement_rule_copies_key_uq').on(t.companyId, t.copyKey)],
);
