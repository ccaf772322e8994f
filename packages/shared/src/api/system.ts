import { z } from 'zod';
import { defineRoute } from '../contract.js';
import { PageQuery, pageOf } from './common.js';

/** `warning`: done, but not everything (e.g. an import with some files refused). */
export const NOTIFICATION_STATUSES = ['pending', 'success', 'warning', 'error'] as const;
export const Notification = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  company_id: z.number().int().nullable(),
  /** the company the notification is about, by name (staff serve many) */
  company_title: z.string().nullable(),
  kind: z.string(),
  status: z.enum(NOTIFICATION_STATUSES),
  header: z.string(),
  message: z.string(),
  code: z.string().nullable(),
  payload: z.unknown(),
  /** the screen of what it is about (a path of the web app), null for the delivery check only */
  link: z.string().nullable(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type Notification = z.infer<typeof Notification>;

export const PublicConfig = z.object({
  support_phones: z.array(z.string()),
  support_email: z.string(),
  partner_links: z.array(z.object({ title: z.string(), url: z.string() })),
  yandex_metrika_id: z.string().nullable(),
  sentry_dsn: z.string().nullable(),
  environment: z.string(),
  /** this node can make PDF versions of generated documents (LibreOffice); DOCX works either way */
  pdf_available: z.boolean(),
  /** why PDF is unavailable, in Russian, for the interface to show; null when available */
  pdf_unavailable_reason: z.string().nullable(),
});
export type PublicConfig = z.infer<typeof PublicConfig>;

export const AuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  user_id: z.number().int().nullable(),
  company_id: z.number().int().nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  request_id: z.string().nullable(),
});

export const ErrorEvent = z.object({
  code: z.string(),
  at: z.string(),
  method: z.string().nullable(),
  route: z.string().nullable(),
  user_id: z.number().int().nullable(),
  message: z.string(),
  stack: z.string().nullable(),
  request_id: z.string().nullable(),
});

export const systemRoutes = {
  health: defineRoute({
    method: 'GET',
    path: '/api/health',
    summary: 'Health of the node and its services',
    tags: ['system'],
    public: true,
    response: {
      200: z.object({
        status: z.enum(['ok', 'degraded']),
        db: z.string(),
        queue: z.string(),
        redis: z.string(),
        /** the longest event-loop delay of this node since the previous health call (ms) */
        event_loop_delay_ms: z.number(),
      }),
    },
  }),
  publicConfig: defineRoute({
    method: 'GET',
    path: '/api/config/public',
    summary:
      'Support contacts, partner links, analytics ids, whether PDF versions of documents are available',
    tags: ['system'],
    public: true,
    response: { 200: PublicConfig },
  }),
  notifications: defineRoute({
    method: 'GET',
    path: '/api/notifications',
    summary: 'Own notifications, unread first',
    tags: ['notifications'],
    query: PageQuery.extend({ unread: z.enum(['true', 'false']).optional() }),
    response: { 200: pageOf(Notification).extend({ unread: z.number().int() }) },
  }),
  readNotification: defineRoute({
    method: 'POST',
    path: '/api/notifications/:id/read',
    summary: 'Mark a notification read',
    tags: ['notifications'],
    params: z.object({ id: z.coerce.number().int().positive() }),
    response: { 200: Notification },
  }),
  readAllNotifications: defineRoute({
    method: 'POST',
    path: '/api/notifications/read-all',
    summary: 'Mark all own notifications read',
    tags: ['notifications'],
    response: { 200: z.object({ updated: z.number().int() }) },
  }),
  testNotification: defineRoute({
    method: 'POST',
    path: '/api/admin/notifications/test',
    summary: 'Send a test notification through the job queue (staff): checks delivery end to end',
    tags: ['admin'],
    body: z.object({ user_id: z.number().int().positive().optional() }),
    response: { 202: z.object({ job_id: z.string() }) },
  }),
  audit: defineRoute({
    method: 'GET',
    path: '/api/audit',
    summary: 'Audit log (staff)',
    tags: ['audit'],
    query: PageQuery.extend({
      entity: z.string().optional(),
      entity_id: z.string().optional(),
      company_id: z.coerce.number().int().optional(),
      action: z.string().optional(),
    }),
    response: { 200: pageOf(AuditEntry) },
  }),
  errorEvent: defineRoute({
    method: 'GET',
    path: '/api/admin/errors/:code',
    summary: 'A stored 5xx by its code (staff)',
    tags: ['admin'],
    params: z.object({ code: z.string() }),
    response: { 200: ErrorEvent },
  }),
};
