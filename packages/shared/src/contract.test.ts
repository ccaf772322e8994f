import { describe, expect, it } from 'vitest';
import { companyRoutes } from './api/companies.js';
import { contractRoutes } from './api/contracts.js';
import { mayCall } from './contract.js';
import type { Permission } from './roles.js';

describe('mayCall', () => {
  const cases: [string, { permission?: Permission }, Permission[] | undefined, boolean][] = [
    ['no permission declared, no permissions', {}, [], true],
    ['no permission declared, permissions unknown', {}, undefined, true],
    ['declared and held', { permission: 'contracts.write' }, ['contracts.read', 'contracts.write'], true],
    ['declared, not held', { permission: 'contracts.write' }, ['contracts.read'], false],
    ['declared, permissions unknown', { permission: 'contracts.read' }, undefined, false],
    ['declared, empty permissions', { permission: 'company.update' }, [], false],
  ];
  it.each(cases)('%s', (_name, declared, permissions, expected) => {
    const { permission: _, ...route } = companyRoutes.get;
    expect(mayCall({ ...route, ...declared }, permissions)).toBe(expected);
  });

  it('reads the declaration of real routes', () => {
    expect(mayCall(contractRoutes.create, ['contracts.read'])).toBe(false);
    expect(mayCall(contractRoutes.list, ['contracts.read'])).toBe(true);
    expect(mayCall(companyRoutes.permissions, [])).toBe(true);
  });
});
