import {
  catalogByKey,
  type Page,
  type Tariff,
  type TariffInput,
  type TariffItem,
  type TariffSort,
} from '@zakupki/shared';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { Actor } from '../../types.js';
import { audit } from '../audit/audit.service.js';
import { assertMayOpen, writeDecider } from './catalogs.policy.js';
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
} from './tariffs.repository.js';
import { tariffOverrun } from './tariffs.service.js';

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

/** Tariffs as the catalogue answers them: with `can_write` from the write policy (global entries). */
async function present(db: Tx, actor: Actor, list: Tariff[]): Promise<TariffItem[]> {
  const canWrite = await writeDecider(db, actor, TARIFFS, [null]);
  return list.map((t) => ({ ...t, can_write: canWrite(null) }));
}

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
  db: Db,
  actor: Actor,
  q: Query & { page: number; limit: number },
): Promise<Page<TariffItem>> {
  assertMayOpen(actor, TARIFFS);
  const { rows, total } = await listTariffRows(db, filterOf(q), {
    limit: q.limit,
    offset: (q.page - 1) * q.limit,
  });
  return { items: await present(db, actor, rows), total, page: q.page, limit: q.limit };
}

export async function allTariffs(db: Db, actor: Actor, q: Query): Promise<Tariff[]> {
  assertMayOpen(actor, TARIFFS);
  return (await listTariffRows(db, filterOf(q), null)).rows;
}

async function loadTariff(db: Tx, actor: Actor, id: number): Promise<Tariff> {
  assertMayOpen(actor, TARIFFS);
  const t = await findTariff(db, id);
  if (!t) throw new AppError('not_found', 'Тариф не найден');
  return t;
}

export async function getTariff(db: Tx, actor: Actor, id: number): Promise<TariffItem> {
  const [t] = await present(db, actor, [await loadTariff(db, actor, id)]);
  return t;
}

async function assertUnique(db: Tx, v: TariffValues, exceptId?: number) {
  const clash = await tariffClash(db, v.code, v.name, exceptId);
  if (clash)
    throw new AppError(
      'duplicate',
      clash.field === 'code' ? `Тариф с кодом «${v.code}» уже есть` : `Тариф «${v.name}» уже есть`,
      { issues: [{ path: `body.${clash.field}`, message: 'Значение уже занято' }] },
    );
}

export async function createTariff(db: Db, actor: Actor, v: TariffValues): Promise<TariffItem> {
  assertMayOpen(actor, TARIFFS);
  const created = await db.transaction(async (tx) => {
    await assertUnique(tx, v);
    const row = await insertTariff(tx, tariffColumns(v));
    const after = (await findTariff(tx, row.id))!;
    await audit(tx, actor, { action: 'create', entity: 'tariff', entityId: row.id, after });
    return after;
  });
  return (await present(db, actor, [created]))[0];
}

export async function updateTariff(db: Db, actor: Actor, id: number, v: TariffValues): Promise<TariffItem> {
  const before = await loadTariff(db, actor, id);
  const updated = await db.transaction(async (tx) => {
    await assertUnique(tx, v, id);
    await changeLimits(tx, id, v);
    const after = (await findTariff(tx, id))!;
    await audit(tx, actor, { action: 'update', entity: 'tariff', entityId: id, before, after });
    return after;
  });
  return (await present(db, actor, [updated]))[0];
}

/** Saves a tariff's values; refuses limits below what a company on it already uses. */
export async function changeLimits(tx: Tx, id: number, v: TariffValues) {
  const before = (await findTariffRow(tx, id))!;
  const overrun = await tariffOverrun(tx, { ...before, ...tariffColumns(v) }, before);
  if (overrun) throw overrun;
  await updateTariffRow(tx, id, tariffColumns(v));
}

/** A tariff companies are on is archived, not deleted. */
export async function deleteTariff(db: Db, actor: Actor, id: number) {
  const before = await loadTariff(db, actor, id);
  await db.transaction(async (tx) => {
    const now = (await findTariff(tx, id))!;
    if (now.companies_count > 0)
      throw new AppError(
        'has_dependents',
        `Тариф «${now.name}» назначен компаниям (${now.companies_count}); его можно только перенести в архив`,
        { usage: [{ name: 'Компании', count: now.companies_count }] },
      );
    await deleteTariffRow(tx, id);
    await audit(tx, actor, { action: 'delete', entity: 'tariff', entityId: id, before });
  });
}

export async function setTariffArchived(
  db: Db,
  actor: Actor,
  id: number,
  archived: boolean,
): Promise<TariffItem> {
  const before = await loadTariff(db, actor, id);
  if ((before.archived_at !== null) === archived) return (await present(db, actor, [before]))[0];
  const saved = await db.transaction(async (tx) => {
    await updateTariffRow(tx, id, { archivedAt: archived ? new Date() : null });
    const after = (await findTariff(tx, id))!;
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
