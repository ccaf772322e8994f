import type { Contract } from '@zakupki/shared/api/contracts';

/** What every pane of the contract card gets: the company, the contract, and whether the user may change it. */
export type ContractPaneProps = { companyId: number; contract: Contract; canWrite: boolean };
