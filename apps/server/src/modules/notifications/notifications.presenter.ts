import type { NotificationRow } from './notifications.repository.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toNotification(r: NotificationRow) {
  return {
    id: r.id,
    user_id: r.userId,
    company_id: r.companyId,
    kind: r.kind,
    status: r.status,
    header: r.header,
    message: r.message,
    code: r.code,
    payload: r.payload,
    created_at: r.createdAt.toISOString(),
    read_at: iso(r.readAt),
  };
}
