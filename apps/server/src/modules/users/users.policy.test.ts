import type { Role, UserStatus } from '@zakupki/shared';
import { describe, expect, it } from 'vitest';
import {
  blockDenial,
  createRoleDenial,
  editDenial,
  roleChangeDenial,
  STAFF_ONLY,
  type StatusAction,
  statusConflict,
  unblockDenial,
  usersSectionDenial,
} from './users.policy.js';

const actor = (role: Role, userId = 1) => ({ userId, role });
const target = (role: Role, id = 2, status: UserStatus = 'active') => ({ id, role, status });

describe('users policy', () => {
  it.each<[Role, string | null]>([
    ['admin', null],
    ['specialist', null],
    ['operator', null],
    ['client', STAFF_ONLY],
  ])('users section for %s', (role, expected) => {
    expect(usersSectionDenial(role)).toBe(expected);
  });

  const STAFF_CREATE = 'Создавать сотрудников может только администратор';
  it.each<[Role, Role, string | null]>([
    ['admin', 'admin', null],
    ['admin', 'operator', null],
    ['admin', 'client', null],
    ['specialist', 'client', null],
    ['operator', 'client', null],
    ['operator', 'operator', STAFF_CREATE],
    ['operator', 'specialist', STAFF_CREATE],
    ['specialist', 'admin', STAFF_CREATE],
    ['client', 'admin', STAFF_CREATE],
  ])('%s creating a %s', (who, role, expected) => {
    expect(createRoleDenial(who, role)).toBe(expected);
  });

  const ONLY_ADMIN = 'Менять роль может только администратор';
  const OWN = 'Нельзя изменить собственную роль';
  it.each<[string, ReturnType<typeof actor>, ReturnType<typeof target>, Role | undefined, string | null]>([
    ['admin promotes a client', actor('admin'), target('client'), 'operator', null],
    ['admin demotes a specialist', actor('admin'), target('specialist'), 'client', null],
    ['operator promotes a client', actor('operator'), target('client'), 'specialist', ONLY_ADMIN],
    ['specialist demotes an operator', actor('specialist'), target('operator'), 'client', ONLY_ADMIN],
    ['operator sends the current role', actor('operator'), target('client'), 'client', null],
    ['operator sends no role', actor('operator'), target('client'), undefined, null],
    ['admin changes own role', actor('admin', 5), target('admin', 5), 'client', OWN],
    ['operator changes own role', actor('operator', 5), target('operator', 5), 'admin', OWN],
  ])('role change: %s', (_, a, tg, role, expected) => {
    expect(roleChangeDenial(a, tg, role)).toBe(expected);
  });

  it('only admins edit an admin account, admins may edit their own', () => {
    expect(editDenial(actor('operator'), target('admin'))).toMatch(/только администратор/);
    expect(editDenial(actor('specialist'), target('admin'))).toMatch(/только администратор/);
    expect(editDenial(actor('admin'), target('admin'))).toBeNull();
    expect(editDenial(actor('admin', 3), target('admin', 3))).toBeNull();
    expect(editDenial(actor('operator'), target('specialist'))).toBeNull();
  });

  it.each<[string, ReturnType<typeof actor>, ReturnType<typeof target>, RegExp | null]>([
    ['operator blocks a client', actor('operator'), target('client'), null],
    ['specialist blocks an operator', actor('specialist'), target('operator'), null],
    ['admin blocks an admin', actor('admin'), target('admin'), null],
    ['operator blocks an admin', actor('operator'), target('admin'), /только администратор/],
    ['specialist blocks an admin', actor('specialist'), target('admin'), /только администратор/],
    ['admin blocks themselves', actor('admin', 4), target('admin', 4), /собственную/],
    ['operator blocks themselves', actor('operator', 4), target('operator', 4), /собственную/],
  ])('block: %s', (_, a, tg, expected) => {
    const r = blockDenial(a, tg);
    if (expected) expect(r).toMatch(expected);
    else expect(r).toBeNull();
  });

  it('unblocking an admin is for admins', () => {
    expect(unblockDenial(actor('operator'), target('admin'))).toMatch(/только администратор/);
    expect(unblockDenial(actor('admin'), target('admin'))).toBeNull();
    expect(unblockDenial(actor('operator'), target('client'))).toBeNull();
  });

  it.each<[StatusAction, UserStatus, string | null]>([
    ['approve', 'pending', null],
    ['approve', 'active', 'Заявка уже рассмотрена'],
    ['approve', 'rejected', 'Заявка уже рассмотрена'],
    ['reject', 'pending', null],
    ['reject', 'blocked', 'Заявка уже рассмотрена'],
    ['block', 'active', null],
    ['block', 'blocked', 'Пользователь уже заблокирован'],
    ['block', 'pending', 'Заявка на регистрацию ещё не одобрена: её можно одобрить или отклонить'],
    ['unblock', 'blocked', null],
    ['unblock', 'active', 'Пользователь не заблокирован'],
  ])('%s a %s user', (action, status, expected) => {
    expect(statusConflict(action, status)).toBe(expected);
  });
});
