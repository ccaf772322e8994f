import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { companyRoutes } from '@zakupki/shared/api/companies';
import { type UserStatus, userRoutes } from '@zakupki/shared/api/users';
import type { Permission, Role } from '@zakupki/shared/roles';
import { api } from '../../../lib/api-client';

export type UserFilters = {
  status?: UserStatus;
  role?: Role;
  company_id?: number;
  q?: string;
  page: number;
  limit: number;
};

export const usersQuery = (f: UserFilters) =>
  queryOptions({
    queryKey: ['users', 'list', f],
    queryFn: ({ signal }) => api(userRoutes.list, { query: f, signal, loading: false }),
    placeholderData: keepPreviousData,
  });

export type UserAction = 'approve' | 'reject' | 'block' | 'unblock';

const ACTION_LOADING: Record<UserAction, string> = {
  approve: 'одобрение заявки',
  reject: 'отклонение заявки',
  block: 'блокировка пользователя',
  unblock: 'разблокировка пользователя',
};

export const userAction = (id: number, action: UserAction) =>
  api(userRoutes[action], { params: { id }, loading: ACTION_LOADING[action] });

export type UserUpdateBody = {
  title?: string;
  role?: Role;
  company_id?: number;
  early_access?: boolean;
  memberships?: { company_id: number; permissions?: Permission[] | null }[];
};

export const updateUser = (id: number, body: UserUpdateBody) =>
  api(userRoutes.update, {
    params: { id },
    body,
    loading: 'сохранение пользователя',
  });

/** Companies the staff member may act for: options of the company filter and of memberships. */
export const companyOptionsQuery = queryOptions({
  queryKey: ['companies', 'my'],
  queryFn: ({ signal }) => api(companyRoutes.my, { signal, loading: false }),
  staleTime: 5 * 60_000,
});
