import { queryOptions } from '@tanstack/react-query';
import { type CompanyInput, companyRoutes } from '@zakupki/shared/api/companies';
import { api } from '../../../lib/api-client';

/** The same key as the header's request, so both share one answer. */
export const myCompaniesQuery = queryOptions({
  queryKey: ['companies', 'my'],
  queryFn: ({ signal }) => api(companyRoutes.my, { signal, loading: false }),
  staleTime: 5 * 60_000,
});

export const companyQuery = (id: number) =>
  queryOptions({
    queryKey: ['companies', id],
    queryFn: ({ signal }) => api(companyRoutes.get, { params: { id }, signal, loading: false }),
  });

export const companyPermissionsQuery = (id: number) =>
  queryOptions({
    queryKey: ['companies', id, 'permissions'],
    queryFn: ({ signal }) => api(companyRoutes.permissions, { params: { id }, signal, loading: false }),
  });

export const updateCompany = (id: number, body: CompanyInput) =>
  api(companyRoutes.update, { params: { id }, body, loading: 'сохранение реквизитов компании' });

export const companyUsersQuery = (id: number, page: number, limit: number) =>
  queryOptions({
    queryKey: ['companies', id, 'users', { page, limit }],
    queryFn: ({ signal }) =>
      api(companyRoutes.users, { params: { id }, query: { page, limit }, signal, loading: false }),
    placeholderData: (prev) => prev,
  });
