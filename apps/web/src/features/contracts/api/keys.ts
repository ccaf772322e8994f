import type { ReportCode } from '@zakupki/shared/api/exports';
import type { ImportKind, ImportStatus } from '@zakupki/shared/api/imports';
import { queryRoots } from '../../../lib/query-keys';
import type { ListQuery } from '../model/filters';

/** The generic catalogues a contract picks from: 1 НМЦД methods, 8 funding sources, 9 contract bases. */

/**
 * Keys of the contracts feature, one company at a time. Contracts, imports (УПД, payments, runs)
 * and reports each keep their root, so that the socket pushes of lib/realtime.ts (`contracts`,
 * `imports`, `reports`) refresh them; a write invalidates the company's prefix of what it changed.
 */
export const contractKeys = {
  all: (companyId: number) => [...queryRoots.contracts, companyId] as const,
  list: (companyId: number, q: ListQuery) => [...contractKeys.all(companyId), 'list', q] as const,
  card: (companyId: number, id: number) => [...contractKeys.all(companyId), 'card', id] as const,
  history: (companyId: number, id: number, page: number) =>
    [...contractKeys.all(companyId), 'history', id, page] as const,
  events: (companyId: number, id: number) => [...contractKeys.all(companyId), 'events', id] as const,
  deadlines: (companyId: number, limit: number) =>
    [...contractKeys.all(companyId), 'deadlines', limit] as const,
  performance: (companyId: number, contractId: number) =>
    [...contractKeys.all(companyId), 'performance', contractId] as const,

  imports: (companyId: number) => [...queryRoots.imports, companyId] as const,
  importRun: (companyId: number, importId: number) =>
    [...contractKeys.imports(companyId), 'run', importId] as const,
  importList: (
    companyId: number,
    q: { kind?: ImportKind; status?: ImportStatus; page: number; limit: number },
  ) => [...contractKeys.imports(companyId), 'list', q] as const,
  updLists: (companyId: number) => [...contractKeys.imports(companyId), 'upd', 'list'] as const,
  updList: (companyId: number, q: object) => [...contractKeys.updLists(companyId), q] as const,
  upd: (companyId: number, id: number) => [...contractKeys.imports(companyId), 'upd', 'card', id] as const,
  payments: (companyId: number, q: object) => [...contractKeys.imports(companyId), 'payments', q] as const,

  reports: (companyId: number) => [...queryRoots.reports, companyId] as const,
  reportList: (
    companyId: number,
    q: { report_code?: ReportCode; contract_id?: number; page: number; limit: number },
  ) => [...contractKeys.reports(companyId), q] as const,

  /** the plan position picker's page for a search text (under the plans root: an import refreshes it) */
  planPositionOptions: (companyId: number, q: string) =>
    [...queryRoots.eisPlans, companyId, 'position-options', q] as const,
};
