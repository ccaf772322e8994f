import { notificationLink } from './notifications.policy.js';
import type { NotificationRow } from './notifications.repository.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A stored notification with the title of its company (null: about no company) and its link. */
export function toNotification(r: NotificationRow & { companyTitle: string | null }) {
  return {
    id: r.id,
    user_id: r.userId,
    company_id: r.companyId,
    company_title: r.companyId === null ? null : (r.companyTitle ?? `id:${r.companyId}`),
    kind: r.kind,
    status: r.status,
    header: r.header,
    message: r.message,
    code: r.code,
    payload: r.payload,
    link: notificationLink(r.kind, r.payload),
    created_at: r.createdAt.toISOString(),
    read_at: iso(r.readAt),
  };
}
