import { useQuery } from '@tanstack/react-query';
import { companyRoutes } from '@zakupki/shared/api/companies';
import { api } from '../../../lib/api-client';
import { profileKeys } from './keys';

/** GET /api/companies/:id/users, one page. */
export const useCompanyUsers = (id: number, page: number, limit: number) =>
  useQuery({
    queryKey: profileKeys.companyUsers(id, page, limit),
    queryFn: ({ signal }) =>
      api(companyRoutes.users, { params: { id }, query: { page, limit }, signal, loading: false }),
    placeholderData: (prev) => prev,
  });
