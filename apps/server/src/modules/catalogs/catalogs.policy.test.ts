import type { CatalogDescriptor, Role } from '@zakupki/shared';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../types.js';
import { assertMayOpen } from './catalogs.policy.js';

const actor = (role: Role) => ({ role }) as Actor;
const catalog = (access: CatalogDescriptor['access']) => ({ title: 'Тарифы', access }) as CatalogDescriptor;

describe('catalogs.policy', () => {
  it.each<[CatalogDescriptor['access'], Role, string | null]>([
    ['login', 'client', null],
    ['staff', 'operator', null],
    ['staff', 'client', 'Справочник «Тарифы» доступен только сотрудникам'],
    ['admin', 'admin', null],
    ['admin', 'specialist', 'Справочник «Тарифы» доступен только администратору'],
  ])('a %s catalogue to %s: %s', (access, role, refusal) => {
    const open = () => assertMayOpen(actor(role), catalog(access));
    if (refusal) expect(open).toThrow(refusal);
    else expect(open).not.toThrow();
  });
});
