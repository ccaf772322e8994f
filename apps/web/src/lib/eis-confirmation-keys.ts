import { queryRoots } from './query-keys';

export type EisConfirmedEntity = 'eis_plan' | 'procurement' | 'contract';

/** The register each kind of object lives in: its marks are refreshed with it. */
const ROOT_OF = {
  eis_plan: queryRoots.eisPlans,
  procurement: queryRoots.procurements,
  contract: queryRoots.contracts,
} as const satisfies Record<EisConfirmedEntity, readonly [string]>;

/**
 * Keys of the EIS confirmation marks («подтверждено в ЕИС» / «не найдено в ЕИС»). A mark lives
 * under the root of its register (plans, procurements, contracts), so whatever refreshes a register
 * (a save, an import, a push) refreshes its marks too.
 */
export const eisConfirmationKeys = {
  all: (companyId: number, entity: EisConfirmedEntity) =>
    [...ROOT_OF[entity], companyId, 'eisConfirmations', entity] as const,
  of: (companyId: number, entity: EisConfirmedEntity, ids: readonly number[]) =>
    [...eisConfirmationKeys.all(companyId, entity), [...ids].sort((a, b) => a - b)] as const,
};
