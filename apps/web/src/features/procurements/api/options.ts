import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { classifierRoutes } from '@zakupki/shared/api/classifiers';
import { eisPlanRoutes } from '@zakupki/shared/api/eis-plans';
import { api } from '../../../lib/api-client';
import { catalogOptionsQuery, customerOptionsQuery, methodOptionsQuery } from '../../../lib/catalog-options';
import { procurementKeys } from './keys';

/** Option lists of the procurement form: customers, catalogues (lib/catalog-options.ts), ОКПД2, plan positions. */
const OPTIONS = { staleTime: 5 * 60_000, meta: { silent: true } } as const;

export const useCustomerOptions = (companyId: number) =>
  useQuery({ ...customerOptionsQuery(companyId), ...OPTIONS });

/** The procurement methods catalogue of the company (global entries and its own). */
export const useMethodOptions = (companyId: number) => useQuery(methodOptionsQuery(companyId));

/** Catalogue 1 (методы определения НМЦД) or 8 (источники финансирования). */
export const useCatalogOptions = (companyId: number, type: 1 | 8) =>
  useQuery(catalogOptionsQuery(companyId, type));

/** ОКПД2 by code prefix or words (the classifier search); nothing is asked under two characters. */
export const useOkpd2Search = (q: string) =>
  useQuery({
    queryKey: procurementKeys.okpd2(q),
    queryFn: ({ signal }) =>
      api(classifierRoutes.search, {
        params: { classifier: 'okpd2' },
        query: { q, limit: 20 },
        signal,
        loading: false,
      }),
    enabled: q.trim().length >= 2,
    placeholderData: keepPreviousData,
    ...OPTIONS,
  });

/** Positions of the company's EIS plans (versions in force) by words of the subject or number. */
export const usePlanPositionSearch = (companyId: number, q: string, enabled = true) =>
  useQuery({
    queryKey: procurementKeys.planPositions(companyId, q),
    queryFn: ({ signal }) =>
      api(eisPlanRoutes.searchPositions, {
        params: { company_id: companyId },
        query: { q: q.trim() || undefined, page: 1, limit: 20 },
        signal,
        loading: false,
      }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    meta: { silent: true },
  });
