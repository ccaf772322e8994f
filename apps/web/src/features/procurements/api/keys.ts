import { queryRoots } from '../../../lib/query-keys';
import type { ListQuery } from '../model/filters';

/**
 * Keys of the procurements feature, one company at a time, under the `procurements` root. Option
 * lists the card reads keep their owners' roots: customers under the company, catalogue entries
 * under `catalogs`, plan positions under `eisPlans`, imports under `imports`.
 */
export const procurementKeys = {
  all: (companyId: number) => [...queryRoots.procurements, companyId] as const,
  list: (companyId: number, q: ListQuery) => [...procurementKeys.all(companyId), 'list', q] as const,
  card: (companyId: number, id: number) => [...procurementKeys.all(companyId), 'card', id] as const,
  history: (companyId: number, id: number) => [...procurementKeys.all(companyId), 'history', id] as const,
  pinOptions: (companyId: number, id: number) => [...procurementKeys.all(companyId), 'pin', id] as const,
  deadlines: (companyId: number) => [...procurementKeys.all(companyId), 'deadlines'] as const,
  usedMethods: (companyId: number) => [...procurementKeys.all(companyId), 'methods'] as const,

  okpd2: (q: string) => [...queryRoots.catalogs, 'classifier', 'okpd2', q] as const,
  planPositions: (companyId: number, q: string) =>
    [...queryRoots.eisPlans, companyId, 'position-search', q] as const,
  importRun: (companyId: number, importId: number) =>
    [...queryRoots.imports, companyId, 'run', importId] as const,
};
