import { notificationLink } from './notifications.policy.js';
import type { NotificationRow } from './notifications.repository.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The company a notification names: its title (`id:<n>` for one gone), null when about no company. */
export const companyTitle = (companyId: number | null, title: string | null) =>
  companyId === null ? null : (title ?? `id:${companyId}`);

/** A stored notification with the title of its company (null: about no company) and its link. */
export function toNotification(r: NotificationRow & { companyTitle: string | null }) {
  return {
    id: r.id,
    user_id: r.userId,
    company_id: r.companyId,
    company_title: companyTitle(r.companyId, r.companyTitle),
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
