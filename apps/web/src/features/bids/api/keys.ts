import { queryRoots } from '../../../lib/query-keys';

/**
 * Keys of the bids feature. The results of a procurement live under the `procurements` root of
 * its company, so a change of the procurement (its status, lots, a signed protocol) refreshes them
 * and a change of the results (a signed protocol moves the procurement on) refreshes the card.
 */
export const bidKeys = {
  all: (companyId: number) => [...queryRoots.procurements, companyId] as const,
  results: (companyId: number, procurementId: number) =>
    [...queryRoots.procurements, companyId, 'results', procurementId] as const,
  contracts: (companyId: number) => [...queryRoots.contracts, companyId] as const,
};
