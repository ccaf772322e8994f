import { queryOptions } from '@tanstack/react-query';
import { systemRoutes } from '@zakupki/shared/api/system';
import { api } from './api-client';

/** GET /api/config/public: support contacts, partner links, analytics ids (loaded once). */
export const publicConfigQuery = queryOptions({
  queryKey: ['config', 'public'],
  queryFn: ({ signal }) => api(systemRoutes.publicConfig, { signal, loading: false }),
  staleTime: Number.POSITIVE_INFINITY,
  meta: { silent: true },
});
