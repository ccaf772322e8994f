import { bigserial, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id'),
    companyId: integer('company_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    requestId: text('request_id'),
  },
  (t) => [
    index('audit_entity_idx').on(t.entity, t.entityId),
    index('audit_company_idx').on(t.companyId, t.at),
  ],
);

export const errorEvents = pgTable('error_events', {
  code: text('code').primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  method: text('method'),
  route: text('route'),
  userId: integer('user_id'),
  message: text('message').notNull(),
  stack: text('stack'),
  requestId: text('request_id'),
});

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    companyId: integer('company_id'),
    kind: text('kind').notNull(),
    status: text('status', { enum: ['pending', 'success', 'warning', 'error'] }).notNull(),
    header: text('header').notNull(),
    message: text('message').notNull(),
    code: text('code'),
    payload: jsonb('payload'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.readAt, t.createdAt)],
);

export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  transport: text('transport').notNull(),
  /** delivery attempts of a letter sent with retries (deliverStoredMail); 0: not tried that way */
  attempts: integer('attempts').notNull().default(0),
  /** the earliest time the next attempt may be made (set by each attempt's claim) */
  retryAt: timestamp('retry_at', { withTimezone: true }),
  /** why the last attempt failed (the SMTP error), null once delivered */
  lastError: text('last_error'),
});
