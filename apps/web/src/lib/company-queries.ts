import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Company } from '@zakupki/shared/api/companies';
import { type CompanyInput, companyRoutes } from '@zakupki/shared/api/companies';
import { api } from './api-client';
import { type MutationExtras, type QueryExtras, useInvalidatingMutation } from './query-hooks';
import { queryRoots } from './query-keys';

/**
 * Company queries every feature reads (the header's selector, profile, users, catalogues,
 * contracts). Every key starts with `companies`, then the company id, so a change to a company
 * invalidates `companyKeys.one(id)` and everything under it.
 */
export const companyKeys = {
  all: queryRoots.companies,
  my: () => [...companyKeys.all, 'my'] as const,
  one: (id: number) => [...companyKeys.all, id] as const,
  permissions: (id: number) => [...companyKeys.one(id), 'permissions'] as const,
  users: (id: number, page: number, limit: number) =>
    [...companyKeys.one(id), 'users', { page, limit }] as const,
  /** a sub-resource of the company (contacts, bank_details, customers, eis_settings, …) */
  resource: (id: number, resource: string) => [...companyKeys.one(id), resource] as const,
  resourceList: (id: number, resource: string, query: Record<string, unknown>) =>
    [...companyKeys.resource(id, resource), query] as const,
  customerOptions: (id: number) => [...companyKeys.resource(id, 'customers'), 'options'] as const,
};

/** GET /api/companies/my: the companies the user may act for (one answer for header and screens). */
export const myCompaniesQuery = queryOptions({
  queryKey: companyKeys.my(),
  queryFn: ({ signal }) => api(companyRoutes.my, { signal, loading: false }),
  staleTime: 5 * 60_000,
});
export const useMyCompanies = (extra?: QueryExtras) => useQuery({ ...myCompaniesQuery, ...extra });

export const companyQuery = (id: number) =>
  queryOptions({
    queryKey: companyKeys.one(id),
    queryFn: ({ signal }) => api(companyRoutes.get, { params: { id }, signal, loading: false }),
  });
export const useCompany = (id: number, extra?: QueryExtras) => useQuery({ ...companyQuery(id), ...extra });

/** What the current user may do in the company (contracts.write, catalogs.write, eis.settings, …). */
export const companyPermissionsQuery = (id: number) =>
  queryOptions({
    queryKey: companyKeys.permissions(id),
    queryFn: ({ signal }) => api(companyRoutes.permissions, { params: { id }, signal, loading: false }),
  });
export const useCompanyPermissions = (id: number, extra?: QueryExtras) =>
  useQuery({ ...companyPermissionsQuery(id), ...extra });

/** PUT /api/companies/:id; the company lists are refreshed (a new title shows in the selector). */
export function useUpdateCompany(id: number, extra?: MutationExtras<Company, CompanyInput>) {
  return useInvalidatingMutation(
    {
      mutationFn: (body: CompanyInput) =>
        api(companyRoutes.update, { params: { id }, body, loading: 'сохранение реквизитов компании' }),
      update: (qc, company) => qc.setQueryData(companyKeys.one(company.id), company),
      invalidates: () => [companyKeys.my()],
    },
    extra,
  );
}
