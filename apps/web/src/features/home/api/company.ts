import { queryOptions } from '@tanstack/react-query';
import { companyRoutes } from '@zakupki/shared/api/companies';
import { api } from '../../../lib/api-client';

export const companyQuery = (id: number) =>
  queryOptions({
    queryKey: ['companies', id],
    queryFn: ({ signal }) => api(companyRoutes.get, { params: { id }, signal, loading: false }),
  });
