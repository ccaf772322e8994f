export const ROLES = ['admin', 'specialist', 'operator', 'client'] as const;
export type Role = (typeof ROLES)[number];

/** Provider staff: act for many companies and may open restricted routes. */
export const STAFF_ROLES: readonly Role[] = ['admin', 'specialist', 'operator'];
export const isStaff = (role: Role) => role !== 'client';

export const ROLE_TITLES: Record<Role, string> = {
  admin: 'Администратор',
  specialist: 'Специалист',
  operator: 'Оператор',
  client: 'Клиент',
};

/** Per-company permission strings (GET /companies/{id}/permissions). */
export const PERMISSIONS = [
  'company.read',
  'company.update',
  'company.delete',
  'contacts.write',
  'bank.write',
  'customers.write',
  'users.read',
  'users.manage',
  'catalogs.write',
  'rules.read',
  'rules.write',
  'contracts.read',
  'contracts.write',
  'procurements.read',
  'procurements.write',
  'imports.run',
  'reports.create',
  'eis.settings',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const ALL: Permission[] = [...PERMISSIONS];

/** What each role may do in a company it acts for, unless the membership narrows it. */
export const ROLE_PERMISSIONS: Record<Role, Permission[]> = {
  admin: ALL,
  specialist: ALL.filter((p) => p !== 'company.delete'),
  operator: [
    'company.read',
    'contacts.write',
    'users.read',
    'users.manage',
    'rules.read',
    'contracts.read',
    'procurements.read',
    'imports.run',
    'eis.settings',
  ],
  client: [
    'company.read',
    'company.update',
    'contacts.write',
    'bank.write',
    'customers.write',
    'users.read',
    'rules.read',
    'contracts.read',
    'contracts.write',
    'procurements.read',
    'imports.run',
    'reports.create',
    'eis.settings',
  ],
};
