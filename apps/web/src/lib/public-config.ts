import { queryOptions, useQuery } from '@tanstack/react-query';
import { systemRoutes } from '@zakupki/shared/api/system';
import { api } from './api-client';
import { queryRoots } from './query-keys';

/** GET /api/config/public: support contacts, partner links, analytics ids (loaded once). */
export const publicConfigQuery = queryOptions({
  queryKey: [...queryRoots.config, 'public'],
  queryFn: ({ signal }) => api(systemRoutes.publicConfig, { signal, loading: false }),
  staleTime: Number.POSITIVE_INFINITY,
  meta: { silent: true },
});
export const usePublicConfig = () => useQuery(publicConfigQuery);
