import type { User } from '@zakupki/shared';
import type { MembershipRecord, UserRecord } from './users.repository.js';

export function toUser(u: UserRecord, memberships: MembershipRecord[]): User {
  return {
    id: u.id,
    title: u.title,
    login: u.login,
    role: u.role,
    company_id: u.companyId,
    company_title: u.companyTitle,
    status: u.status,
    registration_number: u.registrationNumber,
    early_access: u.earlyAccess,
    created_at: u.createdAt.toISOString(),
    memberships: memberships
      .filter((m) => m.userId === u.id)
      .map((m) => ({ company_id: m.companyId, company_title: m.companyTitle, permissions: m.permissions })),
  };
}

/** What the audit log keeps of a user: never the password hash. */
export function snapshot(u: UserRecord, memberships: MembershipRecord[]) {
  return {
    login: u.login,
    title: u.title,
    role: u.role,
    company_id: u.companyId,
    status: u.status,
    early_access: u.earlyAccess,
    registration_number: u.registrationNumber,
    memberships: memberships.map((m) => ({ company_id: m.companyId, permissions: m.permissions })),
  };
}
