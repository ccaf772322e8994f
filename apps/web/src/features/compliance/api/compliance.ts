import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  type ComplianceDuty,
  type ComplianceQuery,
  type ComplianceSettingsInput,
  complianceRoutes,
  type DutyMarkInput,
  type ReminderPrefs,
} from '@zakupki/shared/api/compliance';
import { api } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/query-hooks';
import { queryRoots } from '../../../lib/query-keys';

/** The compliance calendar's queries (docs/web.md, «Календарь обязанностей»). */
export const complianceKeys = {
  all: queryRoots.compliance,
  calendar: (companyId: number, q: ComplianceQuery) =>
    [...queryRoots.compliance, 'calendar', companyId, q] as const,
  settings: (companyId: number) => [...queryRoots.compliance, 'settings', companyId] as const,
  prefs: [...queryRoots.compliance, 'prefs'] as const,
  staff: (q: ComplianceQuery) => [...queryRoots.compliance, 'staff', q] as const,
};

export const useComplianceCalendar = (companyId: number, q: ComplianceQuery, enabled = true) =>
  useQuery({
    queryKey: complianceKeys.calendar(companyId, q),
    queryFn: ({ signal }) =>
      api(complianceRoutes.calendar, { params: { company_id: companyId }, query: q, signal, loading: false }),
    placeholderData: keepPreviousData,
    enabled,
  });

/** Marks a duty done; every calendar and the contracts (a contract duty is its placement) are refreshed. */
export const useMarkDuty = (companyId: number) =>
  useInvalidatingMutation<ComplianceDuty, DutyMarkInput>({
    mutationFn: (body) =>
      api(complianceRoutes.mark, { params: { company_id: companyId }, body, loading: 'отметка выполнения' }),
    invalidates: () => [complianceKeys.all, [...queryRoots.contracts, companyId]],
  });

export const useComplianceSettings = (companyId: number) =>
  useQuery({
    queryKey: complianceKeys.settings(companyId),
    queryFn: ({ signal }) =>
      api(complianceRoutes.settings, { params: { company_id: companyId }, signal, loading: false }),
  });

export const useSaveComplianceSettings = (companyId: number) =>
  useInvalidatingMutation({
    mutationFn: (body: ComplianceSettingsInput) =>
      api(complianceRoutes.saveSettings, {
        params: { company_id: companyId },
        body,
        loading: 'сохранение напоминаний',
      }),
    invalidates: () => [complianceKeys.all],
  });

export const useReminderPrefs = () =>
  useQuery({
    queryKey: complianceKeys.prefs,
    queryFn: ({ signal }) => api(complianceRoutes.myPrefs, { signal, loading: false }),
  });

export const useSaveReminderPrefs = () =>
  useInvalidatingMutation({
    mutationFn: (body: ReminderPrefs) => api(complianceRoutes.saveMyPrefs, { body, loading: 'сохранение' }),
    update: (qc, prefs) => qc.setQueryData(complianceKeys.prefs, prefs),
  });

/** The staff's calendar across every company of theirs. */
export const useStaffComplianceCalendar = (q: ComplianceQuery, enabled: boolean) =>
  useQuery({
    queryKey: complianceKeys.staff(q),
    queryFn: ({ signal }) => api(complianceRoutes.staffCalendar, { query: q, signal, loading: false }),
    placeholderData: keepPreviousData,
    enabled,
  });
