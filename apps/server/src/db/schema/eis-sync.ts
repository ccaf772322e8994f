import type { EisOutcomeName } from '@zakupki/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { companies } from './companies.js';

/**
 * The EIS connector of a company (modules/eis-sync, docs/eis-sync.md): the СОИ token (sealed like
 * the EIS password), the regions to read, and the connection's last known state. `blocked_at` is
 * the alarm of a blocked token (errorInfo 34), cleared by a new token or a good check.
 */
export const eisSyncSettings = pgTable('eis_sync_settings', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  tokenSecret: text('token_secret'),
  /** the `orgRegion` values to read by day */
  regions: jsonb('regions').$type<string[]>().notNull().default([]),
  state: text('state', { enum: ['unknown', 'ok', 'blocked', 'error'] })
    .notNull()
    .default('unknown'),
  stateMessage: text('state_message'),
  checkedAt: timestamp('checked_at', { withTimezone: true }),
  blockedAt: timestamp('blocked_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type EisSyncCounts = {
  new: number;
  updated: number;
  unchanged: number;
  skipped: number;
  failed: number;
};
export type EisSyncError = { step: string; outcome: EisOutcomeName; message: string };

/** One synchronisation of a company with the EIS: nightly or «Синхронизировать сейчас». */
export const eisSyncRuns = pgTable(
  'eis_sync_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    trigger: text('trigger', { enum: ['nightly', 'manual'] }).notNull(),
    status: text('status', { enum: ['queued', 'running', 'done', 'warning', 'failed'] })
      .notNull()
      .default('queued'),
    /** the run's named outcome: one of the shared EIS_OUTCOMES (ok, noData, blockedToken, importFailed, lost, …) */
    outcome: text('outcome').$type<EisOutcomeName>(),
    /** the day read (Moscow), and the first day re-checked */
    day: date('day', { mode: 'string' }).notNull(),
    progress: integer('progress').notNull().default(0),
    counts: jsonb('counts')
      .$type<EisSyncCounts>()
      .notNull()
      .default({ new: 0, updated: 0, unchanged: 0, skipped: 0, failed: 0 }),
    errors: jsonb('errors').$type<EisSyncError[]>().notNull().default([]),
    jobId: text('job_id'),
    attempts: integer('attempts').notNull().default(0),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('eis_sync_runs_company_idx').on(t.companyId, t.createdAt),
    // one open run per company, whatever the node (the queue's singleton is per job, this is per company)
    uniqueIndex('eis_sync_runs_open_uq').on(t.companyId).where(sql`status in ('queued', 'running')`),
  ],
);

/**
 * A downloaded EIS archive, content-addressed: the same bytes twice are one row. `imported`: its
 * documents are written, and the same bytes again change nothing; `failed`: the import refused one
 * of its documents (`error`), and a later run that meets the same bytes imports them again.
 */
export const eisArchives = pgTable(
  'eis_archives',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    sha256: text('sha256').notNull(),
    /** the stored bytes (files module) */
    fileId: integer('file_id').notNull(),
    url: text('url').notNull(),
    /** the request that named it, e.g. «getDocsByOrgRegion 77 RI223/purchaseNotice 2026-11-28» */
    request: text('request').notNull(),
    runId: bigint('run_id', { mode: 'number' }).notNull(),
    /** the import runs that wrote its documents */
    importIds: jsonb('import_ids').$type<number[]>().notNull().default([]),
    status: text('status', { enum: ['imported', 'failed'] })
      .notNull()
      .default('imported'),
    /** the import's reason when `failed` (the first refused document) */
    error: text('error'),
    downloadedAt: timestamp('downloaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('eis_archives_sha_uq').on(t.companyId, t.sha256)],
);

/**
 * Whether the EIS shows a registration number the company recorded as placed: a plan version, a
 * notice, a contract. `not_found` only after the grace period (config.eis.notFoundGraceDays).
 */
export const eisConfirmations = pgTable(
  'eis_confirmations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    entity: text('entity', { enum: ['eis_plan', 'procurement', 'contract'] }).notNull(),
    entityId: bigint('entity_id', { mode: 'number' }).notNull(),
    registrationNumber: text('registration_number').notNull(),
    status: text('status', { enum: ['pending', 'confirmed', 'not_found'] }).notNull(),
    /** the day the EIS shows it (the archive's answer), when confirmed */
    confirmedOn: date('confirmed_on', { mode: 'string' }),
    firstCheckedAt: timestamp('first_checked_at', { withTimezone: true }).notNull().defaultNow(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('eis_confirmations_entity_uq').on(t.companyId, t.entity, t.entityId),
    index('eis_confirmations_number_idx').on(t.companyId, t.registrationNumber),
  ],
);
