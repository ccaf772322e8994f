import {
  catalogByKey,
  type Page,
  type Tariff,
  type TariffInput,
  type TariffItem,
  type TariffSort,
} from '@zakupki/shared';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { duplicate, hasDependents, notFound } from '../../lib/app-error.js';
import type { Actor, AppDeps } from '../../types.js';
import { audit } from '../audit/audit.service.js';
import { toTariff } from '../tariffs/tariffs.presenter.js';
import {
  deleteTariffRow,
  findTariff,
  findTariffRow,
  insertTariff,
  listTariffRows,
  type TariffFilter,
  type TariffInsert,
  tariffClash,
  updateTariffRow,
} from '../tariffs/tariffs.repository.js';
import { tariffOverrun } from '../tariffs/tariffs.service.js';
import { presentTariffs as present } from './catalog-access.service.js';
import { assertMayOpen } from './catalogs.policy.js';

export const TARIFFS = catalogByKey('tariffs')!;
export type TariffValues = z.output<typeof TariffInput>;
type Query = {
  q?: string;
  sort?: TariffSort;
  order?: 'asc' | 'desc';
  include_archived?: 'true' | 'false';
};

const filterOf = (q: Query): TariffFilter => ({
  q: q.q || undefined,
  includeArchived: q.include_archived === 'true',
  sort: q.sort ?? (TARIFFS.default_sort as TariffSort),
  order: q.order ?? 'asc',
});

export const tariffColumns = (v: TariffValues): TariffInsert => ({
  code: v.code,
  name: v.name,
  description: v.description,
  maxUsers: v.max_users,
  maxCompanies: v.max_companies,
  maxContractsPerYear: v.max_contracts_per_year,
  pricePerMonth: v.price_per_month,
});

export async function listTariffs(
  deps: AppDeps,
  actor: Actor,
  q: Query & { page: number; limit: number },
): Promise<Page<TariffItem>> {
  assertMayOpen(actor, TARIFFS);
  const { rows, total } = await listTariffRows(deps.db, filterOf(q), q);
  return { items: await present(deps.db, actor, rows.map(toTariff)), total, page: q.page, limit: q.limit };
}

export async function allTariffs(deps: AppDeps, actor: Actor, q: Query): Promise<Tariff[]> {
  assertMayOpen(actor, TARIFFS);
  return (await listTariffRows(deps.db, filterOf(q), null)).rows.map(toTariff);
}

/** The tariff as the API shows it (also what the audit keeps), or null; read in the caller's transaction. */
export async function tariffOf(tx: Tx, id: number): Promise<Tariff | null> {
  const row = await findTariff(tx, id);
  return row ? toTariff(row) : null;
}

async function loadTariff(db: Tx, actor: Actor, id: number): Promise<Tariff> {
  assertMayOpen(actor, TARIFFS);
  const t = await tariffOf(db, id);
  if (!t) throw notFound('Тариф не найден');
  return t;
}

export async function getTariff(deps: AppDeps, actor: Actor, id: number): Promise<TariffItem> {
  const [t] = await present(deps.db, actor, [await loadTariff(deps.db, actor, id)]);
  return t;
}

async function assertUnique(db: Tx, v: TariffValues, exceptId?: number) {
  const clash = await tariffClash(db, v.code, v.name, exceptId);
  if (clash)
    throw duplicate(
      clash.field === 'code' ? `Тариф с кодом «${v.code}» уже есть` : `Тариф «${v.name}» уже есть`,
      { issues: [{ path: `body.${clash.field}`, message: 'Значение уже занято' }] },
    );
}

export async function createTariff(deps: AppDeps, actor: Actor, v: TariffValues): Promise<TariffItem> {
  assertMayOpen(actor, TARIFFS);
  const { db } = deps;
  const created = await db.transaction(async (tx) => {
    await assertUnique(tx, v);
    const row = await insertTariff(tx, tariffColumns(v));
    const after = (await tariffOf(tx, row.id))!;
    await audit(tx, actor, { action: 'create', entity: 'tariff', entityId: row.id, after });
    return after;
  });
  return (await present(db, actor, [created]))[0];
}

export async function updateTariff(
  deps: AppDeps,
  actor: Actor,
  id: number,
  v: TariffValues,
): Promise<TariffItem> {
  const { db } = deps;
  const before = await loadTariff(db, actor, id);
  const updated = await db.transaction(async (tx) => {
    await assertUnique(tx, v, id);
    await changeLimits(deps, tx, id, v);
    const after = (await tariffOf(tx, id))!;
    await audit(tx, actor, { action: 'update', entity: 'tariff', entityId: id, before, after });
    return after;
  });
  return (await present(db, actor, [updated]))[0];
}

/** Saves a tariff's values; refuses limits below what a company on it already uses. Runs in the caller's transaction. */
export async function changeLimits(deps: AppDeps, tx: Tx, id: number, v: TariffValues) {
  const before = (await findTariffRow(tx, id))!;
  const overrun = await tariffOverrun(deps, tx, { ...before, ...tariffColumns(v) }, before);
  if (overrun) throw overrun;
  await updateTariffRow(tx, id, tariffColumns(v));
}

/** A tariff companies are on is archived, not deleted. */
export async function deleteTariff(deps: AppDeps, actor: Actor, id: number) {
  const { db } = deps;
  const before = await loadTariff(db, actor, id);
  await db.transaction(async (tx) => {
    const now = (await tariffOf(tx, id))!;
    if (now.companies_count > 0)
      throw hasDependents(
        `Тариф «${now.name}» назначен компаниям (${now.companies_count}); его можно только перенести в архив`,
        { usage: [{ name: 'Компании', count: now.companies_count }] },
      );
    await deleteTariffRow(tx, id);
    await audit(tx, actor, { action: 'delete', entity: 'tariff', entityId: id, before });
  });
}

export async function setTariffArchived(
  deps: AppDeps,
  actor: Actor,
  id: number,
  archived: boolean,
): Promise<TariffItem> {
  const { db } = deps;
  const before = await loadTariff(db, actor, id);
  if ((before.archived_at !== null) === archived) return (await present(db, actor, [before]))[0];
  const saved = await db.transaction(async (tx) => {
    await updateTariffRow(tx, id, { archivedAt: archived ? new Date() : null });
    const after = (await tariffOf(tx, id))!;
    await audit(tx, actor, {
      action: archived ? 'archive' : 'restore',
      entity: 'tariff',
      entityId: id,
      before,
      after,
    });
    return after;
  });
  return (await present(db, actor, [saved]))[0];
}
