import { describe, expect, it } from 'vitest';
import { companyKeys } from './company-queries';
import { queryRoots } from './query-keys';
import { SOCKET_INVALIDATES } from './realtime';

describe('query roots', () => {
  it('every key a socket push invalidates is a root', () => {
    const roots = Object.values(queryRoots).map((r) => r[0]);
    for (const keys of Object.values(SOCKET_INVALIDATES))
      for (const key of keys ?? []) {
        expect(key).toHaveLength(1);
        expect(roots).toContain(key[0]);
      }
  });

  it('one root per name', () => {
    for (const [name, [root]] of Object.entries(queryRoots)) expect(root).toBe(name);
  });

  it('company keys nest under the company: invalidating one company reaches all of its data', () => {
    const one = companyKeys.one(5);
    for (const key of [
      companyKeys.permissions(5),
      companyKeys.customerOptions(5),
      companyKeys.users(5, 1, 10),
    ])
      expect(key.slice(0, one.length)).toEqual([...one]);
    expect(companyKeys.customerOptions(5).slice(0, 3)).toEqual([...companyKeys.resource(5, 'customers')]);
  });
});
