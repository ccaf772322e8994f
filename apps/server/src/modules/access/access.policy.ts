import { isStaff, type Permission, ROLE_PERMISSIONS, type Role } from '@zakupki/shared';

/** Effective permissions of a role in a company, narrowed by the membership when it lists some. */
export function effectivePermissions(role: Role, membership: string[] | null | undefined): Permission[] {
  const base = ROLE_PERMISSIONS[role];
  if (!membership || role === 'admin') return [...base];
  return base.filter((p) => membership.includes(p));
}

export const mayManageUsers = (role: Role) => isStaff(role);
export const mayChangeRoles = (role: Role) => role === 'admin';
export const maySeeAllCompanies = (role: Role) => role === 'admin';
export const mayCreateCompanies = (role: Role) => isStaff(role);
export const mayDeleteCompanies = (role: Role) => role === 'admin';
