import type { Contract } from '@zakupki/shared';
import type { Tx } from '../../db/client.js';
import { dutiesOf } from './contract-duties.service.js';
import { type ContractData, toCard, toContractData } from './contracts.presenter.js';
import { type ContractRow, contractChildren, planPositionOf } from './contracts.repository.js';

export type { ContractData } from './contracts.presenter.js';
export type { ContractRow } from './contracts.repository.js';

/**
 * The stored contract with its specification, stages and terms: the snapshot of a version.
 * Runs in the caller's transaction (or on the pool).
 */
export async function loadContractData(tx: Tx, row: ContractRow): Promise<ContractData> {
  return (await loadContractsData(tx, [row]))[0];
}

/** The same for many contracts in four queries; runs in the caller's transaction. */
export async function loadContractsData(tx: Tx, rows: ContractRow[]): Promise<ContractData[]> {
  if (rows.length === 0) return [];
  const procurementIds = [...new Set(rows.flatMap((r) => (r.procurementId ? [r.procurementId] : [])))];
  const children = await contractChildren(
    tx,
    rows.map((r) => r.id),
    procurementIds,
  );
  return toContractData(rows, children);
}

/**
 * The full card: stored data plus duties, the nearest open one and the allowed transitions.
 * Runs in the caller's transaction (or on the pool).
 */
export async function loadContract(tx: Tx, row: ContractRow): Promise<Contract> {
  const data = await loadContractData(tx, row);
  const duties = await dutiesOf(tx, row.id);
  const position = row.planPositionNumber
    ? await planPositionOf(tx, row.companyId, row.planPositionNumber)
    : null;
  return toCard(row, data, duties, position);
}
