import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { companies } from './companies.js';
import { contracts } from './contracts.js';
import { files } from './imports.js';

/**
 * One generated export or report (EIS XML of a contract or of its execution, an OCDS package,
 * the monthly report of ч. 19 ст. 4 223-ФЗ): queued by a request, built by a job, stored in
 * `files`. The company's list of reports reads this table.
 */
export const reportRuns = pgTable(
  'report_runs',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** 'eis-contract' | 'eis-performance' | 'ocds' | 'monthly-223-19' */
    reportCode: text('report_code').notNull(),
    /** Russian title shown in the list, e.g. «Сведения о договоре № 15/2024 для ЕИС». */
    title: text('title').notNull(),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    /** What was asked: period, year and month, contract ids or register filters. */
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    contractId: integer('contract_id').references(() => contracts.id, { onDelete: 'set null' }),
    contractGuid: text('contract_guid'),
    contractRegnumber: text('contract_regnumber'),
    fileId: integer('file_id').references(() => files.id),
    error: text('error'),
    /** Russian notes about what the file leaves out (a missing supplier address, rows filled with 0). */
    warnings: jsonb('warnings').$type<string[]>().notNull().default([]),
    jobId: text('job_id'),
    /** starts by a worker, and its last sign of life: a dead node's run is recovered (plugins/run-recovery.ts) */
    attempts: integer('attempts').notNull().default(0),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('report_runs_company_idx').on(t.companyId, t.createdAt),
    index('report_runs_contract_idx').on(t.contractId),
  ],
);
