import { queryOptions } from '@tanstack/react-query';
import { userRoutes } from '@zakupki/shared/api/users';
import { api } from '../../../lib/api-client';

/** How many registrations wait for approval (staff): GET /api/users?status=pending&limit=1 → total. */
export const pendingRegistrationsQuery = queryOptions({
  queryKey: ['users', 'list', { status: 'pending', count: true }],
  queryFn: async ({ signal }) =>
    (await api(userRoutes.list, { query: { status: 'pending', limit: 1 }, signal, loading: false })).total,
});
