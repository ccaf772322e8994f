import type { Db, Tx } from '../../db/client.js';
import type { Actor } from '../../types.js';
import { assertOwned } from '../access/access.service.js';
import { audit } from '../audit/audit.service.js';
import { storeQueuedViolations } from '../eis-plans/eis-plan-violations.service.js';
import { type ContractData, loadContractData, loadContractsData } from './contract-card.service.js';
import { insertVersions } from './contract-versions.repository.js';
import { changedFields } from './contracts.policy.js';
import { bumpRevision, type ContractRow, contractOwner, contractsByIds } from './contracts.repository.js';

export type VersionAction =
  | 'create'
  | 'update'
  | 'status'
  | 'archive'
  | 'restore'
  | 'eis_publication'
  | 'import';
export type VersionSource = 'manual' | 'eis' | 'upd' | 'bank';

/** What the audit log keeps of a contract (the full snapshot lives in contract_versions). */
function summary(d: ContractData) {
  return {
    number: d.number,
    contract_date: d.contract_date,
    status: d.status,
    price: d.price,
    supplier_inn: d.supplier_inn,
    eis_registry_number: d.eis_registry_number,
    revision: d.revision,
    archived: d.archived,
  };
}

/**
 * Closes a write: bumps the revision (except for a new contract), stores the violations of the plan
 * position the contract names anew (modules/eis-plans), the full snapshot in contract_versions and
 * writes the audit entry, all in the caller's transaction. Imports call
 * it too (source 'eis', 'upd', 'bank').
 */
export async function commitVersion(
  tx: Tx,
  actor: Actor | null,
  contractId: number,
  action: VersionAction,
  opts: { isNew?: boolean; before?: ContractData | null; source?: VersionSource } = {},
): Promise<ContractRow> {
  const [row] = opts.isNew
    ? await contractsByIds(tx, [contractId])
    : [await bumpRevision(tx, contractId, actor?.userId ?? null)];
  // the plan position a contract names (or named) has its violations stored anew
  await storeQueuedViolations(tx, row.companyId);
  const data = await loadContractData(tx, row);
  await insertVersions(tx, [
    {
      contractId,
      companyId: row.companyId,
      revision: row.revision,
      eisVersion: row.version,
      action,
      source: opts.source ?? 'manual',
      snapshot: data,
      changedBy: actor?.userId ?? null,
    },
  ]);
  const before = opts.before ?? null;
  await audit(tx, actor, {
    action,
    entity: 'contract',
    entityId: contractId,
    companyId: row.companyId,
    before: before ? summary(before) : null,
    after: { ...summary(data), changed_fields: changedFields(before, data as Record<string, unknown>) },
  });
  return row;
}

/**
 * The first version of many new contracts at once (revision 1, as inserted): snapshots in one
 * insert, one audit entry each. For bulk creation (imports, the demo seed).
 */
export async function commitNewContracts(
  tx: Tx,
  actor: Actor | null,
  contractIds: number[],
  source: VersionSource = 'manual',
): Promise<void> {
  if (contractIds.length === 0) return;
  const rows = await contractsByIds(tx, contractIds);
  for (const companyId of new Set(rows.map((r) => r.companyId))) await storeQueuedViolations(tx, companyId);
  const data = await loadContractsData(tx, rows);
  await insertVersions(
    tx,
    rows.map((row, i) => ({
      contractId: row.id,
      companyId: row.companyId,
      revision: row.revision,
      eisVersion: row.version,
      action: 'create',
      source,
      snapshot: data[i],
      changedBy: actor?.userId ?? null,
    })),
  );
  for (const [i, row] of rows.entries()) {
    await audit(tx, actor, {
      action: 'create',
      entity: 'contract',
      entityId: row.id,
      companyId: row.companyId,
      after: { ...summary(data[i]), changed_fields: changedFields(null, data[i] as Record<string, unknown>) },
    });
  }
}

export const CONTRACT_NOT_FOUND = 'Договор не найден';

/**
 * Before any work on a contract by id: 404 when there is none, and 404 plus an audit entry when
 * it belongs to another company than the one in the path (the same answer). Runs outside
 * transactions. Contract ids in a body (УПД, payments) pass here too.
 */
export async function assertContractOf(db: Db, actor: Actor, companyId: number, id: number): Promise<void> {
  const owner = await contractOwner(db, id);
  await assertOwned(db, actor, { entity: 'contract', id, owner, companyId, notFound: CONTRACT_NOT_FOUND });
}
