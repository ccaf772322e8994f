import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { companies } from './companies.js';

/**
 * The compliance calendar (docs/domain.md, «Календарь обязанностей»): marks of duties done that
 * have no field of their own in their module, the reminders sent, the per-company and per-user
 * settings of the reminders, and the outcome of every duty done (the monthly counts).
 */

/** A duty marked done on the calendar (date and EIS number); one per duty of a company. */
export const dutyMarks = pgTable(
  'duty_marks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** the duty's stable key (`contract:12:register`, `monthly_report:2026-10`, …) */
    dutyKey: text('duty_key').notNull(),
    doneOn: date('done_on', { mode: 'string' }).notNull(),
    eisNumber: text('eis_number'),
    markedBy: integer('marked_by').references(() => users.id, { onDelete: 'set null' }),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('duty_marks_company_key_uq').on(t.companyId, t.dutyKey)],
);

/**
 * One reminder of one duty to one user: the unique key makes each reminder go out once however
 * many nodes run the job (inserted in the transaction that stores the letter).
 */
export const reminderSends = pgTable(
  'reminder_sends',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    dutyKey: text('duty_key').notNull(),
    /** 'before_5', 'before_2', 'before_1', 'due_today', 'overdue' */
    stage: text('stage').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    sentOn: date('sent_on', { mode: 'string' }).notNull(),
    /** the digest letter that carried it (null: the user turned letters off) */
    mailId: integer('mail_id'),
    notificationId: integer('notification_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reminder_sends_once_uq').on(t.userId, t.companyId, t.dutyKey, t.stage, t.dueDate),
    index('reminder_sends_user_day_idx').on(t.userId, t.sentOn),
  ],
);

/** A company's reminder settings; no row: its specialists, 5, 2 and 1 working days before. */
export const complianceSettings = pgTable('compliance_settings', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  /** null: the company's specialists */
  responsibleUserIds: integer('responsible_user_ids').array(),
  offsets: integer('offsets').array().notNull().default(sql`'{5,2,1}'::integer[]`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A user's choice about reminder letters (no row: letters on). */
export const complianceUserPrefs = pgTable('compliance_user_prefs', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  reminderMail: boolean('reminder_mail').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every duty seen done, with its due and done dates: the counts of duties done on time and late
 * per month (the analytics) are a group-by over it. Kept by the daily reminder job and by marks.
 */
export const dutyOutcomes = pgTable(
  'duty_outcomes',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    dutyKey: text('duty_key').notNull(),
    module: text('module').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    doneOn: date('done_on', { mode: 'string' }).notNull(),
    late: boolean('late').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.dutyKey] }),
    index('duty_outcomes_month_idx').on(t.companyId, t.doneOn),
  ],
);
