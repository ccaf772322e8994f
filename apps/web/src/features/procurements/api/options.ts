import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { classifierRoutes } from '@zakupki/shared/api/classifiers';
import { eisPlanRoutes } from '@zakupki/shared/api/eis-plans';
import { procurementRoutes } from '@zakupki/shared/api/procurements';
import { api } from '../../../lib/api-client';
import { catalogOptionsQuery, customerOptionsQuery, methodOptionsQuery } from '../../../lib/catalog-options';
import { procurementKeys } from './keys';

/** Option lists of the procurement form: customers, catalogues (lib/catalog-options.ts), ОКПД2, plan positions. */
const OPTIONS = { staleTime: 5 * 60_000, meta: { silent: true } } as const;

export const useCustomerOptions = (companyId: number, enabled = true) =>
  useQuery({ ...customerOptionsQuery(companyId), ...OPTIONS, enabled });

/**
 * The procurement methods catalogue of the company (global entries and its own), for editing;
 * a read-only card shows the names the procurement carries and asks nothing.
 */
export const useMethodOptions = (companyId: number, enabled = true) =>
  useQuery({ ...methodOptionsQuery(companyId), enabled });

/** Catalogue 1 (методы определения НМЦД) or 8 (источники финансирования), for editing. */
export const useCatalogOptions = (companyId: number, type: 1 | 8, enabled = true) =>
  useQuery({ ...catalogOptionsQuery(companyId, type), enabled });

/** The methods the company's procurements use: the register's «Способ» filter (clients included). */
export const useUsedMethods = (companyId: number) =>
  useQuery({
    queryKey: procurementKeys.usedMethods(companyId),
    queryFn: ({ signal }) =>
      api(procurementRoutes.methods, { params: { company_id: companyId }, signal, loading: false }),
    ...OPTIONS,
  });

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
