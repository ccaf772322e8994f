import type { SessionInfo } from '@zakupki/shared';
import type { SessionUserRow } from './auth.repository.js';

/** The session's user, company and the company's active contact as the API answers them. */
export function toSessionInfo(u: SessionUserRow, contact: SessionInfo['contact']): SessionInfo {
  return {
    user: { id: u.id, title: u.title, login: u.login, role: u.role, company_id: u.company_id },
    company: u.company_id ? { id: u.company_id, title: u.company_title } : null,
    contact,
    early_access: u.early_access,
  };
}
