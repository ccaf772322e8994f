import type { UpdDocument as UpdDocumentDto } from '@zakupki/shared';
import { inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { contracts } from '../../db/schema/index.js';

/** How a payment or an УПД names its contract. */
export type ContractRef = NonNullable<UpdDocumentDto['contract']>;

export async function contractRefs(tx: Tx, ids: (number | null)[]): Promise<Map<number, ContractRef>> {
  const wanted = [...new Set(ids.filter((i): i is number => i !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await tx
    .select({
      id: contracts.id,
      number: contracts.number,
      contract_date: contracts.contractDate,
      eis_registry_number: contracts.eisRegistryNumber,
      supplier_inn: contracts.supplierInn,
      supplier_name: contracts.supplierName,
    })
    .from(contracts)
    .where(inArray(contracts.id, wanted));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Rows that name a contract, each presented with that contract's reference (one query for all). */
export async function withContractRefs<R extends { contractId: number | null }, T>(
  tx: Tx,
  rows: R[],
  present: (row: R, ref: ContractRef | null) => T,
): Promise<T[]> {
  const refs = await contractRefs(
    tx,
    rows.map((r) => r.contractId),
  );
  return rows.map((r) => present(r, r.contractId ? (refs.get(r.contractId) ?? null) : null));
}
