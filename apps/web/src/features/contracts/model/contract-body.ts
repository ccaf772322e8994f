import { contractValuesOf } from '@zakupki/shared/api/contract-values';
import type { Contract } from '@zakupki/shared/api/contracts';
import type { ContractUpdateInput } from '@zakupki/shared/api/contracts-model';
import { rowsFromContract, rowsToInput } from './spec';

/**
 * The body of PUT …/contracts/:id from the card the user sees, with an edit's own part over it.
 * The server keeps a field a body does not send, but the card's tabs send the whole contract
 * they show: with its `revision`, so a save from a card someone else has changed meanwhile is
 * refused (409) instead of writing back what that card showed.
 */
export function updateBodyFrom(c: Contract, patch: Partial<ContractUpdateInput> = {}): ContractUpdateInput {
  return {
    ...contractValuesOf(c),
    // the rows as the specification tab sends them: an unchanged row keeps its id and values
    items: rowsToInput(rowsFromContract(c)),
    revision: c.revision,
    change: null,
    ...patch,
  };
}
