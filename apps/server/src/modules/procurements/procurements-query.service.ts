import type { Procurement, ProcurementDutyOut, ProcurementListItem } from '@zakupki/shared';
import type { Tx } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import { todayMoscow } from '../../lib/moscow-time.js';
import type { Actor, AppDeps } from '../../types.js';
import { assertOwned } from '../access/access.service.js';
import { productionCalendar } from '../calendar/production-calendar.js';
import { deadlineConfigFor } from '../law/deadline-rules.js';
import { versionFacts } from './procurement-checks.js';
import { isOpen, nearestOpen, procurementDuties } from './procurement-duties.policy.js';
import * as planRepo from './procurement-positions.repository.js';
import {
  type ListIn,
  procurementsByIds,
  registerPage,
  withOpenDuty,
} from './procurement-register.repository.js';
import { procurementWarnings } from './procurements.policy.js';
import { toDeadlineItem, toEvent, toListItem, toProcurement } from './procurements.presenter.js';
import * as repo from './procurements.repository.js';

/** Reads of the procurement register: the card, the list, the history, the deadlines; and the duties. */

export const NOT_FOUND = 'Закупка не найдена';

/**
 * The procurement of the company, or 404 «Закупка не найдена»; another company's one answers the
 * same and leaves an `access_denied` audit entry. Writes call it before their transaction (the
 * audit entry must survive the refusal) and lock the row inside it.
 */
export async function procurementOf(deps: AppDeps, actor: Actor, companyId: number, id: number) {
  const row = await repo.findProcurement(deps.db, companyId, id);
  if (row) return row;
  await assertOwned(deps.db, actor, {
    entity: 'procurement',
    id,
    owner: await repo.procurementOwner(deps.db, id),
    companyId,
    notFound: NOT_FOUND,
  });
  throw notFound(NOT_FOUND);
}

// ---------------------------------------------------------------- duties

/** The duties of each procurement, computed on the production calendar as of today; runs in the caller's transaction. */
export async function dutiesOf(
  tx: Tx,
  rows: repo.ProcurementRow[],
  today = todayMoscow(),
): Promise<Map<number, ProcurementDutyOut[]>> {
  const out = new Map<number, ProcurementDutyOut[]>();
  if (rows.length === 0) return out;
  const ids = rows.map((r) => r.id);
  const methods = await repo.entries(
    tx,
    rows.map((r) => r.methodId),
  );
  const protocols = await repo.protocolsOf(tx, ids);
  const contracts = await repo.contractsOf(tx, rows[0].companyId, ids);
  const calendar = productionCalendar();
  for (const r of rows) {
    out.set(
      r.id,
      procurementDuties(
        {
          status: r.status,
          methodFlags: methods.get(r.methodId)?.extra ?? {},
          plannedPublicationDate: r.plannedPublicationDate,
          publishedOn: r.publishedOn,
          protocols: protocols.filter((p) => p.procurementId === r.id),
          contracts: contracts.filter((c) => c.procurementId === r.id),
        },
        calendar,
        deadlineConfigFor(r.companyId),
        today,
      ),
    );
  }
  return out;
}

/**
 * Recomputes a procurement's nearest open duty (`next_duty_due`: the register's overdue filter).
 * Call inside the transaction of every write that touches its dates, protocols or contracts (it
 * runs in the caller's transaction).
 */
export async function refreshProcurementDuties(tx: Tx, procurementIds: number[]): Promise<void> {
  const ids = [...new Set(procurementIds)];
  if (ids.length === 0) return;
  const rows = await procurementsByIds(tx, ids);
  for (const companyRows of groupBy(rows, (r) => r.companyId).values()) {
    const duties = await dutiesOf(tx, companyRows);
    for (const r of companyRows) {
      const next = nearestOpen(duties.get(r.id) ?? []);
      await repo.setNextDutyDue(tx, r.id, next?.due_date ?? null);
    }
  }
}

function groupBy<T, K>(list: T[], key: (t: T) => K): Map<K, T[]> {
  const m = new Map<K, T[]>();
  for (const x of list) m.set(key(x), [...(m.get(key(x)) ?? []), x]);
  return m;
}

// ---------------------------------------------------------------- card and list rows

async function listExtras(tx: Tx, companyId: number, rows: repo.ProcurementRow[]) {
  const ids = rows.map((r) => r.id);
  const [entries, customers, lots, contracts, duties, company] = [
    await repo.entries(
      tx,
      rows.map((r) => r.methodId),
    ),
    await repo.customerTitles(
      tx,
      rows.flatMap((r) => (r.customerId ? [r.customerId] : [])),
    ),
    await repo.lotCounts(tx, ids),
    await repo.contractsOf(tx, companyId, ids),
    await dutiesOf(tx, rows),
    await repo.companyTitle(tx, companyId),
  ];
  return (r: repo.ProcurementRow) => ({
    customerTitle: (r.customerId ? customers.get(r.customerId) : null) ?? r.customerTitle ?? company,
    methodTitle: entries.get(r.methodId)?.title ?? '',
    lotsCount: lots.get(r.id) ?? 0,
    contractsCount: contracts.filter((c) => c.procurementId === r.id).length,
    deadline: nearestOpen(duties.get(r.id) ?? []),
    duties: duties.get(r.id) ?? [],
    contracts: contracts.filter((c) => c.procurementId === r.id),
  });
}

/** The card of a procurement as the API answers it; runs in the caller's transaction (or on the pool). */
export async function loadProcurement(tx: Tx, row: repo.ProcurementRow): Promise<Procurement> {
  const extras = (await listExtras(tx, row.companyId, [row]))(row);
  const version = row.ruleVersionId === null ? null : await repo.versionById(tx, row.ruleVersionId);
  const entries = await repo.entries(
    tx,
    [row.nmcdMethodId, row.fundingSourceId].filter((x): x is number => x !== null),
  );
  const lots = await repo.lotsOf(tx, [row.id]);
  const protocols = await repo.protocolsOf(tx, [row.id]);
  const positions = row.planPositionId ? await planRepo.positionStates(tx, [row.planPositionId]) : new Map();
  return toProcurement(row, {
    ...extras,
    ruleId: version?.ruleId ?? null,
    ruleTitle: version?.ruleTitle ?? null,
    ruleVersionNumber: version?.number ?? null,
    nmcdMethodTitle: row.nmcdMethodId ? (entries.get(row.nmcdMethodId)?.title ?? null) : null,
    fundingSourceTitle: row.fundingSourceId ? (entries.get(row.fundingSourceId)?.title ?? null) : null,
    planPositionNumber: row.planPositionId ? (positions.get(row.planPositionId)?.number ?? null) : null,
    lots,
    protocols,
    warnings: procurementWarnings(
      {
        status: row.status,
        plannedPublicationDate: row.plannedPublicationDate,
        publishedOn: row.publishedOn,
      },
      todayMoscow(),
      version && { version: versionFacts(version), method: { id: row.methodId, title: extras.methodTitle } },
    ),
  });
}

export async function getProcurement(deps: AppDeps, actor: Actor, companyId: number, id: number) {
  return loadProcurement(deps.db, await procurementOf(deps, actor, companyId, id));
}

export async function procurementHistory(deps: AppDeps, actor: Actor, companyId: number, id: number) {
  await procurementOf(deps, actor, companyId, id);
  const rows = await repo.eventsOf(deps.db, id);
  return { items: rows.map((r) => toEvent(r.e, r.userTitle)) };
}

// ---------------------------------------------------------------- the register

/**
 * The methods the company's procurements use: the register's filter options, read through the
 * company's own route (a client may not open the methods catalogue, docs/product.md §6).
 */
export async function procurementMethods(deps: AppDeps, companyId: number) {
  return { items: await repo.usedMethods(deps.db, companyId) };
}

export async function listProcurements(deps: AppDeps, companyId: number, q: ListIn) {
  const page = await registerPage(deps.db, companyId, q);
  const extras = await listExtras(deps.db, companyId, page.items);
  return { ...page, items: page.items.map((r): ProcurementListItem => toListItem(r, extras(r))) };
}

/** Open duties of the company's procurements, nearest first, with counts by state. */
export async function procurementDeadlines(deps: AppDeps, companyId: number) {
  const rows = await withOpenDuty(deps.db, companyId, 2000);
  const duties = await dutiesOf(deps.db, rows);
  const items = rows
    .flatMap((r) => (duties.get(r.id) ?? []).filter(isOpen).map((d) => toDeadlineItem(r, d)))
    .sort((a, b) =>
      a.due_date < b.due_date ? -1 : a.due_date > b.due_date ? 1 : a.procurement_id - b.procurement_id,
    );
  const counts = { overdue: 0, due_soon: 0, due: 0 };
  for (const d of items) if (d.status in counts) counts[d.status as keyof typeof counts] += 1;
  return { items, counts };
}
