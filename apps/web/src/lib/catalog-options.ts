import { queryOptions } from '@tanstack/react-query';
import { catalogRoutes } from '@zakupki/shared/api/catalogs';
import { companyRoutes } from '@zakupki/shared/api/companies';
import { api } from './api-client';
import { companyKeys } from './company-queries';
import { queryRoots } from './query-keys';

/**
 * Option lists the contract and procurement forms share: the company's customers, the procurement
 * methods and the generic catalogues (global entries and the company's own, 500 at most, by code).
 * Catalogue options live under the catalogs root, so a catalogue change refreshes them; customers
 * under the company's customers.
 */
export type CatalogOptionType = 1 | 8 | 9;

export const optionKeys = {
  customers: companyKeys.customerOptions,
  methods: (companyId: number) => [...queryRoots.catalogs, 'methods', 'options', companyId] as const,
  catalog: (companyId: number, type: CatalogOptionType) =>
    [...queryRoots.catalogs, 'generic', type, 'options', companyId] as const,
};

const FIVE_MINUTES = 5 * 60_000;

/** Заказчики of the company. */
export const customerOptionsQuery = (companyId: number) =>
  queryOptions({
    queryKey: optionKeys.customers(companyId),
    queryFn: ({ signal }) =>
      api(companyRoutes.customers.list, {
        params: { id: companyId },
        query: { page: 1, limit: 500 },
        signal,
        loading: false,
      }),
    staleTime: FIVE_MINUTES,
  });

/** The procurement methods catalogue of the company (global entries and its own). */
export const methodOptionsQuery = (companyId: number) =>
  queryOptions({
    queryKey: optionKeys.methods(companyId),
    queryFn: ({ signal }) =>
      api(catalogRoutes.methods.list, {
        query: { company_id: companyId, page: 1, limit: 500, sort: 'code', order: 'asc' },
        signal,
        loading: false,
      }),
    staleTime: FIVE_MINUTES,
    meta: { silent: true },
  });

/** Catalogue 1 (методы определения НМЦД), 8 (источники финансирования) or 9 (основания заключения). */
export const catalogOptionsQuery = (companyId: number, type: CatalogOptionType) =>
  queryOptions({
    queryKey: optionKeys.catalog(companyId, type),
    queryFn: ({ signal }) =>
      api(catalogRoutes.generic.list, {
        params: { type },
        query: { company_id: companyId, page: 1, limit: 500, sort: 'code', order: 'asc' },
        signal,
        loading: false,
      }),
    staleTime: FIVE_MINUTES,
    meta: { silent: true },
  });
