import type { TariffLimit } from '@zakupki/shared';
import type { Tx } from '../../db/client.js';
import { conflict, forbidden, notFound, tariffLimit } from '../../lib/app-error.js';
import { moscowYearStart } from '../../lib/moscow-time.js';
import type { Actor, AppDeps } from '../../types.js';
import { audit } from '../audit/audit.service.js';
import { toTariffOrNull } from './tariffs.presenter.js';
import {
  companiesOnTariff,
  companyTariffRow,
  countCompanyCustomers,
  countCompanyUsers,
  findTariff,
  findTariffRow,
  lockCompanyLimits,
  setCompanyTariff,
  type TariffRow,
} from './tariffs.repository.js';

/** How much of a limit a company uses now (contracts: this calendar year, Moscow time). */
export type TariffCounter = (db: Tx, companyId: number, yearStart: Date) => Promise<number>;

const LIMIT_TEXT: Record<TariffLimit, string> = {
  users: 'пользователей',
  companies: 'организаций-заказчиков',
  contracts: 'договоров в год',
};
const LIMIT_COLUMN: Record<TariffLimit, 'maxUsers' | 'maxCompanies' | 'maxContractsPerYear'> = {
  users: 'maxUsers',
  companies: 'maxCompanies',
  contracts: 'maxContractsPerYear',
};

/**
 * The tariffs' own counters. Users: the company's own active and pending users; companies: the
 * customer organisations (заказчики) it serves. Contracts are counted by the contracts module,
 * which declares its counter (`tariffCounters` of `defineModule`).
 */
const OWN_COUNTERS: Partial<Record<TariffLimit, TariffCounter>> = {
  users: (db, companyId) => countCompanyUsers(db, companyId),
  companies: (db, companyId) => countCompanyCustomers(db, companyId),
};
const counterOf = (deps: AppDeps, limit: TariffLimit) =>
  deps.declared.tariffCounters[limit] ?? OWN_COUNTERS[limit];

export { moscowYearStart };

async function countUsage(deps: AppDeps, db: Tx, companyId: number, limit: TariffLimit): Promise<number> {
  const counter = counterOf(deps, limit);
  if (!counter) throw new Error(`No tariff counter registered for "${limit}"`);
  return counter(db, companyId, moscowYearStart());
}

const limitReached = (t: TariffRow, limit: TariffLimit, max: number, used: number) =>
  tariffLimit(`Достигнут лимит тарифа «${t.name}»: ${LIMIT_TEXT[limit]} не больше ${max}`, {
    limit,
    max,
    used,
    tariff_id: t.id,
  });

/**
 * The check other modules call before adding a user, a customer organisation or a contract to a
 * company: 409 tariff_limit naming the limit when `adding` more would exceed the company's
 * tariff. A company without a tariff, or a limit left empty, is unlimited. Runs in the caller's
 * transaction, the one that adds: concurrent additions for the same company wait for each other.
 */
export async function assertTariffAllows(
  deps: AppDeps,
  tx: Tx,
  companyId: number,
  limit: TariffLimit,
  adding = 1,
) {
  const company = await companyTariffRow(tx, companyId);
  if (!company?.tariffId) return;
  const t = await findTariffRow(tx, company.tariffId);
  const max = t?.[LIMIT_COLUMN[limit]] ?? null;
  if (!t || max === null) return;
  await lockCompanyLimits(tx, companyId);
  const used = await countUsage(deps, tx, companyId, limit);
  if (used + adding > max) throw limitReached(t, limit, max, used);
}

/** Each limit with a counter: how much the company uses and the tariff's maximum. */
async function tariffUsage(deps: AppDeps, db: Tx, companyId: number, t: TariffRow | null) {
  const out: { limit: TariffLimit; used: number; max: number | null }[] = [];
  for (const limit of ['users', 'companies', 'contracts'] as const) {
    if (!counterOf(deps, limit)) continue;
    out.push({
      limit,
      used: await countUsage(deps, db, companyId, limit),
      max: t ? t[LIMIT_COLUMN[limit]] : null,
    });
  }
  return out;
}

/** The first limit of `t` the company already uses more of than it allows, or null. */
async function exceeded(deps: AppDeps, db: Tx, companyId: number, t: TariffRow) {
  for (const u of await tariffUsage(deps, db, companyId, t)) {
    if (u.max !== null && u.used > u.max)
      return { ...u, max: u.max, details: { limit: u.limit, max: u.max, used: u.used, tariff_id: t.id } };
  }
  return null;
}

/** Refuses a tariff the company already exceeds (e.g. a downgrade with too many users); runs in the caller's transaction. */
async function assertTariffFits(deps: AppDeps, tx: Tx, companyId: number, t: TariffRow) {
  const u = await exceeded(deps, tx, companyId, t);
  if (u)
    throw tariffLimit(
      `Компания превышает лимит тарифа «${t.name}»: ${LIMIT_TEXT[u.limit]} ${u.used}, а допускается не больше ${u.max}`,
      u.details,
    );
}

/**
 * After a tariff's limits changed: the first company on it (not rejected) that already uses more
 * than a limit now allows, or null. Lowering a limit below what a company uses would leave it
 * over its tariff with every further addition refused and no way to tell why. Runs in the caller's
 * transaction.
 */
export async function tariffOverrun(deps: AppDeps, tx: Tx, t: TariffRow, before: TariffRow) {
  const lowered = (Object.keys(LIMIT_COLUMN) as TariffLimit[]).some((l) => {
    const max = t[LIMIT_COLUMN[l]];
    const was = before[LIMIT_COLUMN[l]];
    return max !== null && (was === null || max < was);
  });
  if (!lowered) return null;
  for (const c of await companiesOnTariff(tx, t.id)) {
    const u = await exceeded(deps, tx, c.id, t);
    if (u)
      return tariffLimit(
        `Лимит тарифа «${t.name}» нельзя сделать меньше, чем уже использует компания «${c.title ?? `ИНН ${c.inn}`}»: ${LIMIT_TEXT[u.limit]} ${u.used}, а новый лимит — ${u.max}`,
        { ...u.details, company_id: c.id },
      );
  }
  return null;
}

/**
 * A tariff that may be given to a company: exists, not archived, and (for an existing company)
 * fits its usage. Runs in the caller's transaction.
 */
export async function assertTariffAssignable(
  deps: AppDeps,
  tx: Tx,
  companyId: number | null,
  tariffId: number,
) {
  const t = await findTariffRow(tx, tariffId);
  if (!t) throw notFound('Тариф не найден');
  if (t.archivedAt) throw conflict(`Тариф «${t.name}» в архиве: назначить его нельзя`);
  if (companyId !== null) await assertTariffFits(deps, tx, companyId, t);
}

function assertAdmin(actor: Actor) {
  if (actor.role !== 'admin') throw forbidden('Тарифы доступны только администратору');
}

export async function companyTariff(deps: AppDeps, actor: Actor, companyId: number) {
  assertAdmin(actor);
  const { db } = deps;
  const company = (await companyTariffRow(db, companyId))!;
  const row = company.tariffId ? await findTariffRow(db, company.tariffId) : null;
  return {
    company_id: companyId,
    tariff: company.tariffId ? toTariffOrNull(await findTariff(db, company.tariffId)) : null,
    usage: await tariffUsage(deps, db, companyId, row),
  };
}

/** PUT /api/companies/:id/tariff (admin): an existing, not archived tariff the company fits in. */
export async function assignTariff(deps: AppDeps, actor: Actor, companyId: number, tariffId: number | null) {
  assertAdmin(actor);
  await deps.db.transaction(async (tx) => {
    const before = (await companyTariffRow(tx, companyId))!;
    if (before.tariffId === tariffId) return;
    if (tariffId !== null) {
      await assertTariffAssignable(deps, tx, companyId, tariffId);
    }
    await setCompanyTariff(tx, companyId, tariffId);
    await audit(tx, actor, {
      action: 'update',
      entity: 'company',
      entityId: companyId,
      companyId,
      before: { tariff_id: before.tariffId },
      after: { tariff_id: tariffId },
    });
  });
  return companyTariff(deps, actor, companyId);
}
