import { queryOptions } from '@tanstack/react-query';
import { authRoutes } from '@zakupki/shared/api/auth';
import { api } from '../../../lib/api-client';

/** GET /api/auth/registrations/:number; refreshed every 30 s while the request waits. */
export const registrationStatusQuery = (number: string) =>
  queryOptions({
    queryKey: ['auth', 'registration', number],
    queryFn: ({ signal }) =>
      api(authRoutes.registrationStatus, { params: { number }, signal, loading: false }),
    meta: { silent: true },
    retry: false,
    refetchInterval: (q) => (q.state.data?.status === 'pending' ? 30_000 : false),
  });
