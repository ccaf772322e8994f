import type { Contract, ContractListQuery, DeadlineListQuery, PageQuery } from '@zakupki/shared';
import type { z } from 'zod';
import { mapPage } from '../../db/paging.js';
import { todayMoscow } from '../../lib/moscow-time.js';
import type { Actor, AppDeps } from '../../types.js';
import { loadContract } from './contract-card.service.js';
import { dueSoonUntil, nextDuties } from './contract-duties.service.js';
import { deadlinesPage, eventsPage } from './contract-events.repository.js';
import { registerPage } from './contract-register.repository.js';
import { assertContractOf } from './contract-versions.js';
import { historyPage } from './contract-versions.repository.js';
import { toDeadlineItem, toEventItem, toHistoryItems, toListItem } from './contracts.presenter.js';
import { findContract } from './contracts.repository.js';

/** Reads of the contract register: the list, the card, its history and events, the deadline list. */

type ListIn = z.output<typeof ContractListQuery>;
type DeadlinesIn = z.output<typeof DeadlineListQuery>;

/**
 * A page of the register (one statement, docs/server.md) with each row's nearest open duty.
 * On the pool, never inside a transaction that wrote contracts.
 */
export async function listContracts(deps: AppDeps, companyId: number, q: ListIn) {
  const today = todayMoscow();
  const { rows, total } = await registerPage(deps.db, companyId, q, today);
  // next_duty_due is kept with the duties: a page without an open duty needs no further query
  const duties = await nextDuties(
    deps.db,
    rows.filter((r) => r.nextDutyDue !== null).map((r) => r.id),
    today,
  );
  return {
    items: rows.map((r) => ({ ...toListItem(r), deadline: duties.get(r.id) ?? null })),
    total,
    page: q.page,
    limit: q.limit,
  };
}

export async function getContract(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  id: number,
): Promise<Contract> {
  await assertContractOf(deps.db, actor, companyId, id);
  return loadContract(deps.db, (await findContract(deps.db, companyId, id))!);
}

export async function contractHistory(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  id: number,
  q: PageQuery,
) {
  await assertContractOf(deps.db, actor, companyId, id);
  const { rows, total } = await historyPage(deps.db, id, q);
  return { items: toHistoryItems(rows, q.limit), total: Number(total), page: q.page, limit: q.limit };
}

export async function contractEventsList(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  id: number,
  q: PageQuery,
) {
  await assertContractOf(deps.db, actor, companyId, id);
  const page = await eventsPage(deps.db, id, q);
  const today = todayMoscow();
  return mapPage(page, ({ e, d }) => toEventItem(e, d, today));
}

/** Open duties of the company's working register that are due soon or overdue, nearest first. */
export async function listDeadlines(deps: AppDeps, companyId: number, q: DeadlinesIn) {
  const today = todayMoscow();
  const { rows, total, counts } = await deadlinesPage(
    deps.db,
    companyId,
    q,
    today,
    dueSoonUntil(companyId, today),
  );
  return {
    items: rows.map(({ d, c }) => toDeadlineItem(d, c, today)),
    total,
    page: q.page,
    limit: q.limit,
    counts,
  };
}
