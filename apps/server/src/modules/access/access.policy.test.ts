import { ROLE_PERMISSIONS, type Role } from '@zakupki/shared';
import { describe, expect, it } from 'vitest';
import {
  effectivePermissions,
  mayChangeRoles,
  mayCreateCompanies,
  mayDeleteCompanies,
  mayManageUsers,
  maySeeAllCompanies,
} from './access.policy.js';

describe('access.policy', () => {
  it.each<[Role, boolean, boolean, boolean, boolean, boolean]>([
    // role, manage users, change roles, see all companies, create companies, delete companies
    ['admin', true, true, true, true, true],
    ['specialist', true, false, false, true, false],
    ['operator', true, false, false, true, false],
    ['client', false, false, false, false, false],
  ])('%s: users %s, roles %s, all companies %s, create %s, delete %s', (role, ...may) => {
    expect([
      mayManageUsers(role),
      mayChangeRoles(role),
      maySeeAllCompanies(role),
      mayCreateCompanies(role),
      mayDeleteCompanies(role),
    ]).toEqual(may);
  });

  it.each<[Role, string[] | null, string[]]>([
    ['client', null, ROLE_PERMISSIONS.client],
    ['client', ['company.read', 'contracts.write', 'users.manage'], ['company.read', 'contracts.write']],
    ['operator', [], []],
    ['admin', ['company.read'], ROLE_PERMISSIONS.admin],
  ])('%s with membership %j has %j', (role, membership, expected) => {
    expect(effectivePermissions(role, membership)).toEqual(
      ROLE_PERMISSIONS[role].filter((p) => expected.includes(p)),
    );
  });
});
