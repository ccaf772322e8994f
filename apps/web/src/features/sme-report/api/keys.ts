import { queryRoots } from '../../../lib/query-keys';

/**
 * Keys of the SME report. The report is computed from the company's contracts, so it lives under
 * the contracts root: a change of a contract (`contractKeys.all(companyId)`) or a contracts push
 * refreshes it.
 */
export const smeReportKeys = {
  all: (companyId: number) => [...queryRoots.contracts, companyId, 'smeReport'] as const,
  report: (companyId: number, year: number) => [...smeReportKeys.all(companyId), 'year', year] as const,
  filings: (companyId: number) => [...smeReportKeys.all(companyId), 'filings'] as const,
};
