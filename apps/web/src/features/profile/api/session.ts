import { queryOptions } from '@tanstack/react-query';
import { authRoutes } from '@zakupki/shared/api/auth';
import { api } from '../../../lib/api-client';

export const sessionQuery = queryOptions({
  queryKey: ['auth', 'session'],
  queryFn: ({ signal }) => api(authRoutes.session, { signal, loading: false }),
});
