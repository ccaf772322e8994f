import type { auditLog, errorEvents } from '../../db/schema/index.js';

export const toAuditEntry = (r: typeof auditLog.$inferSelect) => ({
  id: r.id,
  at: r.at.toISOString(),
  user_id: r.userId,
  company_id: r.companyId,
  action: r.action,
  entity: r.entity,
  entity_id: r.entityId,
  before: r.before,
  after: r.after,
  request_id: r.requestId,
});

export const toErrorEvent = (e: typeof errorEvents.$inferSelect) => ({
  code: e.code,
  at: e.at.toISOString(),
  method: e.method,
  route: e.route,
  user_id: e.userId,
  message: e.message,
  stack: e.stack,
  request_id: e.requestId,
});
