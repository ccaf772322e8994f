import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies } from './companies.js';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    login: text('login').notNull(),
    title: text('title').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['admin', 'specialist', 'operator', 'client'] }).notNull(),
    companyId: integer('company_id').references(() => companies.id),
    status: text('status', { enum: ['pending', 'active', 'blocked', 'rejected'] })
      .notNull()
      .default('active'),
    registrationNumber: text('registration_number'),
    earlyAccess: boolean('early_access').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_login_uq').on(t.login),
    uniqueIndex('users_registration_number_uq').on(t.registrationNumber),
  ],
);

/** A user's membership of a company; `permissions` null means the role's defaults. */
export const companyMembers = pgTable(
  'company_members',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    permissions: jsonb('permissions').$type<string[] | null>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.companyId] }),
    index('company_members_company_idx').on(t.companyId),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('sessions_token_hash_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial('id').primaryKey(),
    login: text('login').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** the client address (an IPv6 address by its /64 network), as the per-address limit counts it */
    ip: text('ip'),
  },
  (t) => [
    index('login_failures_login_at_idx').on(t.login, t.at),
    index('login_failures_ip_at_idx').on(t.ip, t.at),
    index('login_failures_at_idx').on(t.at),
  ],
);

/** E-mail codes asked for (the per-address and hourly limits count them; kept for an hour). */
export const emailCodeRequests = pgTable(
  'email_code_requests',
  {
    id: serial('id').primaryKey(),
    ip: text('ip').notNull(),
    email: text('email').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('email_code_requests_ip_at_idx').on(t.ip, t.at),
    index('email_code_requests_at_idx').on(t.at),
  ],
);

export const emailCodes = pgTable(
  'email_codes',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    purpose: text('purpose', { enum: ['register', 'reset', 'login'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('email_codes_email_purpose_idx').on(t.email, t.purpose)],
);
