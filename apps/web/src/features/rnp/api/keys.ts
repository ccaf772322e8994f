import type { RnpLookupQuery } from '@zakupki/shared/api/rnp';
import { queryRoots } from '../../../lib/query-keys';

/** Keys of the register of unfair suppliers: a load invalidates the state and every lookup. */
export const rnpKeys = {
  all: () => [...queryRoots.rnp] as const,
  status: () => [...rnpKeys.all(), 'status'] as const,
  lookup: (q: RnpLookupQuery) => [...rnpKeys.all(), 'lookup', q] as const,
};
