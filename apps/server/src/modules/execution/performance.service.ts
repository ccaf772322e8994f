import { randomUUID } from 'node:crypto';
import type { PageQuery } from '@zakupki/shared';
import { notFound } from '../../lib/app-error.js';
import type { Actor, AppDeps } from '../../types.js';
import { assertOwned } from '../access/access.service.js';
import { audit } from '../audit/audit.service.js';
import { assertContractOf } from '../contracts/contract-versions.js';
import { performanceJob } from './execution.jobs.js';
import { toPerformanceRecord } from './execution.presenter.js';
import { findPerformance, insertPerformance, listPerformanceRows } from './performance.repository.js';

/** Creates the record (queued) and enqueues the job that builds it. */
export async function createPerformance(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  contractId: number,
  period: { period_from: string; period_to: string },
): Promise<{ performance_id: number; performance_contract_guid: string }> {
  const db = deps.db;
  await assertContractOf(db, actor, companyId, contractId);
  const created = await db.transaction(async (tx) => {
    const row = await insertPerformance(tx, {
      companyId,
      contractId,
      guid: randomUUID(),
      periodFrom: period.period_from,
      periodTo: period.period_to,
      createdBy: actor.userId,
    });
    await audit(tx, actor, {
      action: 'create',
      entity: 'performance_record',
      entityId: row.id,
      companyId,
      after: {
        contract_id: contractId,
        guid: row.guid,
        period_from: row.periodFrom,
        period_to: row.periodTo,
      },
    });
    return row;
  });
  await deps.jobs.send(performanceJob, { performance_id: created.id });
  return { performance_id: created.id, performance_contract_guid: created.guid };
}

export async function listPerformance(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  contractId: number,
  q: PageQuery,
) {
  await assertContractOf(deps.db, actor, companyId, contractId);
  const { rows, total } = await listPerformanceRows(deps.db, companyId, contractId, q);
  return { items: rows.map(toPerformanceRecord), total, page: q.page, limit: q.limit };
}

export async function getPerformance(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  contractId: number,
  id: number,
) {
  const db = deps.db;
  await assertContractOf(db, actor, companyId, contractId);
  const missing = 'Сведения об исполнении не найдены';
  const row = await findPerformance(db, id);
  // another company's record answers like a missing one, and is audited
  await assertOwned(db, actor, {
    entity: 'performance_record',
    id,
    owner: row?.companyId,
    companyId,
    notFound: missing,
  });
  // assertOwned answered 404 for a missing record
  if (row!.contractId !== contractId) throw notFound(missing);
  return toPerformanceRecord(row!);
}
