import type { AnalyticsQuery, FlagsQuery } from '@zakupki/shared/api/analytics';
import { queryRoots } from './query-keys';

/**
 * Keys of analytics. The figures are computed from the company's contracts and procurements, so
 * they live under the contracts root: a change of a contract (`contractKeys.all(companyId)`) or a
 * contracts push refreshes the dashboard and the flags.
 */
export const analyticsKeys = {
  all: (companyId: number) => [...queryRoots.contracts, companyId, 'analytics'] as const,
  dashboard: (companyId: number, q: AnalyticsQuery) =>
    [...analyticsKeys.all(companyId), 'dashboard', q] as const,
  flags: (companyId: number, q: FlagsQuery) => [...analyticsKeys.all(companyId), 'flags', q] as const,
  settings: (companyId: number) => [...analyticsKeys.all(companyId), 'settings'] as const,
  companies: (q: { from?: string; to?: string }) => [...queryRoots.companies, 'analytics', q] as const,
};
