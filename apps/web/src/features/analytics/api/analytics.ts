import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  type AnalyticsFlag,
  type AnalyticsQuery,
  type AnalyticsSettings,
  type AnalyticsSettingsInput,
  analyticsRoutes,
  type FlagDismissalInput,
  type FlagsQuery,
} from '@zakupki/shared/api/analytics';
import { analyticsKeys } from '../../../lib/analytics-keys';
import { api } from '../../../lib/api-client';
import { downloadRoute } from '../../../lib/download';
import { useInvalidatingMutation } from '../../../lib/query-hooks';

const params = (companyId: number) => ({ company_id: companyId });

/** The dashboard of the period (every panel). */
export const useDashboard = (companyId: number, q: AnalyticsQuery, enabled = true) =>
  useQuery({
    queryKey: analyticsKeys.dashboard(companyId, q),
    queryFn: ({ signal }) =>
      api(analyticsRoutes.dashboard, { params: params(companyId), query: q, signal, loading: false }),
    placeholderData: keepPreviousData,
    enabled,
  });

/** The red flags of the period, or of one contract or procurement. */
export const useFlags = (companyId: number, q: FlagsQuery, enabled = true) =>
  useQuery({
    queryKey: analyticsKeys.flags(companyId, q),
    queryFn: ({ signal }) =>
      api(analyticsRoutes.flags, { params: params(companyId), query: q, signal, loading: false }),
    enabled,
  });

/** The staff's comparison of their companies. */
export const useCompanyComparison = (q: { from?: string; to?: string }, enabled = true) =>
  useQuery({
    queryKey: analyticsKeys.companies(q),
    queryFn: ({ signal }) => api(analyticsRoutes.companies, { query: q, signal, loading: false }),
    placeholderData: keepPreviousData,
    enabled,
  });

/** Dismisses a flag with a comment; the dashboard and every flag list are refreshed. */
export const useDismissFlag = (companyId: number) =>
  useInvalidatingMutation<AnalyticsFlag, FlagDismissalInput>({
    mutationFn: (body) =>
      api(analyticsRoutes.dismiss, { params: params(companyId), body, loading: 'снятие флага' }),
    invalidates: () => [analyticsKeys.all(companyId)],
  });

export const useAnalyticsSettings = (companyId: number, enabled = true) =>
  useQuery({
    queryKey: analyticsKeys.settings(companyId),
    queryFn: ({ signal }) =>
      api(analyticsRoutes.settings, { params: params(companyId), signal, loading: false }),
    enabled,
  });

export const useSaveAnalyticsSettings = (companyId: number) =>
  useInvalidatingMutation<AnalyticsSettings, AnalyticsSettingsInput>({
    mutationFn: (body) =>
      api(analyticsRoutes.saveSettings, { params: params(companyId), body, loading: 'сохранение порогов' }),
    invalidates: () => [analyticsKeys.all(companyId)],
  });

/** The dashboard's figures as XLSX on `mutate(query)`. */
export const useAnalyticsXlsx = (companyId: number) =>
  useMutation({
    mutationFn: (q: AnalyticsQuery) =>
      downloadRoute(
        analyticsRoutes.xlsx,
        { params: params(companyId), query: q },
        `Аналитика ${q.from ?? ''}—${q.to ?? ''}.xlsx`,
        'формирование аналитики в Excel',
      ),
  });
