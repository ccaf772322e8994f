import { USER_STATUSES, type User, type UserStatus } from '@zakupki/shared/api/users';
import { ROLES, type Role } from '@zakupki/shared/roles';
import type { UserAction, UserFilters } from '../api/users';

export const USER_STATUS: Record<UserStatus, { label: string; color: string }> = {
  pending: { label: 'Ожидает одобрения', color: 'yellow' },
  active: { label: 'Активен', color: 'green' },
  blocked: { label: 'Заблокирован', color: 'red' },
  rejected: { label: 'Отклонён', color: 'gray' },
};

/** What each action is called, what it says when done, and what it asks first. */
export const ACTIONS: Record<
  UserAction,
  { label: string; done: string; question?: (u: User) => string; color?: string }
> = {
  approve: { label: 'Одобрить', done: 'Заявка одобрена, пользователь может войти' },
  reject: {
    label: 'Отклонить',
    done: 'Заявка отклонена',
    question: (u) => `Отклонить заявку ${u.registration_number ?? ''} пользователя ${u.login}?`,
    color: 'red',
  },
  block: {
    label: 'Заблокировать',
    done: 'Пользователь заблокирован, его сеансы завершены',
    question: (u) => `Заблокировать пользователя ${u.login}? Он не сможет войти в систему.`,
    color: 'red',
  },
  unblock: { label: 'Разблокировать', done: 'Пользователь разблокирован' },
};

/** Filters of the users register, kept in the URL (?status=pending&role=client&company_id=1&q=…&page=2). */
export function readUserFilters(p: URLSearchParams): UserFilters {
  const status = p.get('status');
  const role = p.get('role');
  const company = Number(p.get('company_id'));
  const page = Number(p.get('page'));
  const limit = Number(p.get('limit'));
  return {
    status: (USER_STATUSES as readonly string[]).includes(status ?? '') ? (status as UserStatus) : undefined,
    role: (ROLES as readonly string[]).includes(role ?? '') ? (role as Role) : undefined,
    company_id: Number.isInteger(company) && company > 0 ? company : undefined,
    q: p.get('q')?.trim() || undefined,
    page: Number.isInteger(page) && page > 0 ? page : 1,
    limit: [10, 25, 50, 100].includes(limit) ? limit : 10,
  };
}

/** The actions a user's status allows. */
export function actionsFor(u: User): UserAction[] {
  if (u.status === 'pending') return ['approve', 'reject'];
  if (u.status === 'active') return ['block'];
  if (u.status === 'blocked') return ['unblock'];
  return [];
}
