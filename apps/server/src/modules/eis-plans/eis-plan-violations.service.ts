import type { EisPlanViolation } from '@zakupki/shared';
import type { Db, Tx } from '../../db/client.js';
import { toMoscowDate } from '../law/deadline-core.js';
import { procurementLinks } from './eis-plan-links.repository.js';
import {
  contractsForNumbers,
  linkedNumbers,
  positionHistory,
  procurementNumbers,
} from './eis-plan-positions.repository.js';
import {
  hasQueued,
  lockPositions,
  type PositionRef,
  replaceViolations,
  type StoredViolation,
  storedViolations,
  takeQueued,
} from './eis-plan-violations.repository.js';
import { fieldChanges, type LinkFact, type PositionFacts, positionViolations } from './eis-plans.policy.js';
import { stateOf } from './eis-plans.presenter.js';

/**
 * The violations of item 5 that positions' links break, stored when they change (docs/eis-plans.md,
 * «Violations»): a plan's import stores its positions'; a write of a contract or procurement
 * linked to a position queues the position (triggers) and `storeQueuedViolations` stores it anew
 * in the writer's transaction. The cards read what is stored.
 */

/** Facts about each position: its last change, and what procurements and contracts hold of it. */
async function positionFacts(tx: Tx, companyId: number, positions: PositionRef[]): Promise<PositionFacts[]> {
  if (positions.length === 0) return [];
  const byNumber = new Map<string, LinkFact[]>();
  for (const c of await contractsForNumbers(
    tx,
    companyId,
    positions.map((p) => p.number),
  )) {
    const list = byNumber.get(c.planPositionNumber as string) ?? [];
    list.push({
      kind: 'contract',
      label: `№ ${c.number} от ${c.date}`,
      amount: c.price,
      date: c.date,
      live: true,
    });
    byNumber.set(c.planPositionNumber as string, list);
  }
  // procurements naming the position (itself or through a lot): the procurement rules of item 5
  const byPosition = new Map<number, LinkFact[]>();
  for (const l of await procurementLinks(
    tx,
    companyId,
    positions.map((p) => p.id),
  )) {
    const list = byPosition.get(l.positionId) ?? [];
    list.push({
      kind: 'procurement',
      label: `№ ${l.number}`,
      amount: l.amount,
      date: l.publishedOn,
      live: l.live,
    });
    byPosition.set(l.positionId, list);
  }
  const out: PositionFacts[] = [];
  for (const { id, number, guid } of positions) {
    const history = await positionHistory(tx, id);
    if (history.length === 0) continue;
    const last = history[history.length - 1];
    let lastChange = history[0];
    for (let i = 1; i < history.length; i++) {
      const a = stateOf({ ...history[i - 1].pv, number, guid });
      const b = stateOf({ ...history[i].pv, number, guid });
      if (fieldChanges(a, b).length || a.status !== b.status) lastChange = history[i];
    }
    out.push({
      number,
      status: last.pv.status,
      price: last.pv.price,
      lastChangePublishedOn: lastChange.version.publishedAt
        ? toMoscowDate(lastChange.version.publishedAt.toISOString())
        : null,
      lastChangeVersion: lastChange.version.version,
      links: [...(byNumber.get(number) ?? []), ...(byPosition.get(id) ?? [])],
    });
  }
  return out;
}

async function computed(tx: Tx, companyId: number, positions: PositionRef[]): Promise<StoredViolation[]> {
  const refs = new Map(positions.map((p) => [p.number, p]));
  const rows: StoredViolation[] = [];
  for (const facts of await positionFacts(tx, companyId, positions)) {
    const p = refs.get(facts.number) as PositionRef;
    for (const v of positionViolations(facts)) {
      rows.push({
        companyId,
        planId: p.planId,
        positionId: p.id,
        positionNumber: facts.number,
        code: v.code,
        message: v.message,
        version: v.version,
        dueDate: v.dueDate,
        doneDate: v.doneDate,
      });
    }
  }
  return rows;
}

const toViolation = (r: StoredViolation): EisPlanViolation => ({
  code: r.code as EisPlanViolation['code'],
  message: r.message,
  position_number: r.positionNumber,
  version: r.version ?? null,
  due_date: r.dueDate ?? null,
  done_date: r.doneDate ?? null,
});

/**
 * Stores the violations of every position of a plan that a contract or a live procurement names
 * (a plan's import: its positions' states and changes are new) and returns them.
 */
export async function storePlanViolations(
  tx: Tx,
  companyId: number,
  planId: number,
): Promise<EisPlanViolation[]> {
  const numbers = [
    ...new Set([...(await linkedNumbers(tx, companyId, planId)), ...(await procurementNumbers(tx, planId))]),
  ];
  const positions = (await lockPositions(tx, companyId, [], numbers)).filter((p) => p.planId === planId);
  // in the order the links were found (contracts first), as the import reports them
  const order = new Map(numbers.map((n, i) => [n, i]));
  positions.sort((a, b) => (order.get(a.number) ?? 0) - (order.get(b.number) ?? 0));
  const rows = await computed(tx, companyId, positions);
  await replaceViolations(tx, { planId }, rows);
  return rows.map(toViolation);
}

/**
 * Stores anew the violations of the company's queued positions (those whose contracts or
 * procurements were written since): every writer of contracts and procurements calls it before
 * its transaction ends. Returns how many positions it stored.
 */
export async function storeQueuedViolations(tx: Tx, companyId: number): Promise<number> {
  const { ids, numbers } = await takeQueued(tx, companyId);
  const positions = await lockPositions(tx, companyId, ids, numbers);
  if (positions.length === 0) return 0;
  const rows = await computed(tx, companyId, positions);
  await replaceViolations(tx, { positionIds: positions.map((p) => p.id) }, rows);
  return positions.length;
}

/**
 * The stored violations of a plan or a position. A position still queued (a write that did not
 * store them, the migration's backfill) is stored first, in a transaction of its own.
 */
export async function readViolations(
  db: Db,
  companyId: number,
  where: { planId: number } | { positionId: number },
): Promise<EisPlanViolation[]> {
  if (await hasQueued(db, companyId)) await db.transaction((tx) => storeQueuedViolations(tx, companyId));
  return storedViolations(db, where);
}
