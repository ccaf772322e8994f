import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type User, type UserStatus, userRoutes } from '@zakupki/shared/api/users';
import type { Permission, Role } from '@zakupki/shared/roles';
import { api } from '../../../lib/api-client';
import { companyKeys } from '../../../lib/company-queries';
import { type MutationExtras, useInvalidatingMutation } from '../../../lib/query-hooks';
import { queryRoots } from '../../../lib/query-keys';

export type UserFilters = {
  status?: UserStatus;
  role?: Role;
  company_id?: number;
  q?: string;
  page: number;
  limit: number;
};

/** Keys of the users feature; the home page's pending count is under `userKeys.all` as well. */
export const userKeys = {
  all: queryRoots.users,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (f: UserFilters) => [...userKeys.lists(), f] as const,
};

export const usersQuery = (f: UserFilters) =>
  queryOptions({
    queryKey: userKeys.list(f),
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

export const useUsers = (f: UserFilters) => useQuery(usersQuery(f));

const userAction = (id: number, action: UserAction) =>
  api(userRoutes[action], { params: { id }, loading: ACTION_LOADING[action] });

/**
 * Approve, reject, block or unblock. Approving a request from a new company adds it to the
 * approver's companies (selector, filters); rejecting one takes a rejected company out of the lists.
 */
export const useUserAction = (extra?: MutationExtras<User, { user: User; action: UserAction }>) =>
  useInvalidatingMutation(
    {
      mutationFn: ({ user, action }: { user: User; action: UserAction }) => userAction(user.id, action),
      invalidates: (_u, { action }) =>
        action === 'approve' || action === 'reject' ? [userKeys.all, companyKeys.all] : [userKeys.all],
    },
    extra,
  );

export type UserUpdateBody = {
  title?: string;
  role?: Role;
  company_id?: number;
  early_access?: boolean;
  memberships?: { company_id: number; permissions?: Permission[] | null }[];
};

const updateUser = (id: number, body: UserUpdateBody) =>
  api(userRoutes.update, {
    params: { id },
    body,
    loading: 'сохранение пользователя',
  });

export const useUpdateUser = (extra?: MutationExtras<User, { id: number; body: UserUpdateBody }>) =>
  useInvalidatingMutation(
    {
      mutationFn: ({ id, body }: { id: number; body: UserUpdateBody }) => updateUser(id, body),
      invalidates: () => [userKeys.all],
    },
    extra,
  );
