import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
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

/**
 * Every reference catalogue except tariffs: generic (type 1, 2, 6, 7, 8, 9), service execution
 * (type 1 with subject_type 1-3, type 2), procurement methods, ОКПД2 (a tree through parent_id),
 * ensuring, goods/works/services, documents by subject, document kinds, template user fields.
 * Kind-specific attributes live in `extra`. company_id null = a global entry kept by staff.
 */
export const catalogEntries = pgTable(
  'catalog_entries',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', {
      enum: [
        'generic',
        'exec',
        'method',
        'okpd2',
        'ensuring',
        'goods',
        'subject_document',
        'document_kind',
        'userfield',
      ],
    }).notNull(),
    typeCode: integer('type_code'),
    subjectType: integer('subject_type'),
    code: text('code').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    extra: jsonb('extra').$type<Record<string, unknown>>().notNull().default({}),
    parentId: integer('parent_id').references((): AnyPgColumn => catalogEntries.id),
    companyId: integer('company_id').references(() => companies.id),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // the natural key: one code per catalogue view and owner
    uniqueIndex('catalog_entries_code_uq').on(
      t.kind,
      sql`coalesce(${t.typeCode}, 0)`,
      sql`coalesce(${t.subjectType}, 0)`,
      sql`coalesce(${t.companyId}, 0)`,
      t.code,
    ),
    index('catalog_entries_view_idx').on(t.kind, t.typeCode, t.subjectType, t.companyId),
    index('catalog_entries_parent_idx').on(t.parentId),
    index('catalog_entries_company_idx').on(t.companyId),
  ],
);

/** Tariffs (admin only); companies.tariff_id points here. Null limits mean unlimited. */
export const tariffs = pgTable(
  'tariffs',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    maxUsers: integer('max_users'),
    maxCompanies: integer('max_companies'),
    maxContractsPerYear: integer('max_contracts_per_year'),
    pricePerMonth: numeric('price_per_month', { precision: 14, scale: 2 }).notNull(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tariffs_code_uq').on(t.code), uniqueIndex('tariffs_name_uq').on(t.name)],
);

/**
 * Natural keys the reference seeder has added once: a seeded value a user later deletes or
 * re-codes is never added again.
 */
export const catalogSeedMarks = pgTable('catalog_seed_marks', {
  key: text('key').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An XLSX import of a catalogue, run as a job: the view it writes to (`catalog` key, `params`:
 * type, subject_type), the stored upload, its state and, when the file is refused, every error by
 * row. Read by its author at GET /api/catalogs/imports/:id.
 */
export const catalogImports = pgTable(
  'catalog_imports',
  {
    id: serial('id').primaryKey(),
    catalog: text('catalog').notNull(),
    params: jsonb('params').$type<{ type: number | null; subject_type: number | null }>().notNull(),
    companyId: integer('company_id').references(() => companies.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    fileId: bigint('file_id', { mode: 'number' }).notNull(),
    fileName: text('file_name').notNull(),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    progress: integer('progress').notNull().default(0),
    jobId: text('job_id'),
    /** starts by a worker, and its last sign of life: a dead node's run is recovered (plugins/run-recovery.ts) */
    attempts: integer('attempts').notNull().default(0),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    result: jsonb('result').$type<{ total: number; created: number; updated: number; unchanged: number }>(),
    error: text('error'),
    errors: jsonb('errors').$type<{ row: number | null; message: string }[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('catalog_imports_user_idx').on(t.userId, t.createdAt)],
);
