import { queryRoots } from '../../../lib/query-keys';

/**
 * Keys of the НМЦД justification, under the procurements root: applying it changes the card, so
 * the mutations invalidate the company's procurements (`[procurements, companyId]`).
 */
export const nmckKeys = {
  procurements: (companyId: number) => [...queryRoots.procurements, companyId] as const,
  justification: (companyId: number, id: number) =>
    [...queryRoots.procurements, companyId, 'nmck', id] as const,
  comparable: (companyId: number, id: number, okpd2: string, okei: string) =>
    [...queryRoots.procurements, companyId, 'nmck', id, 'comparable', okpd2, okei] as const,
};
