import type { TariffLimit } from '@zakupki/shared';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { companies, customers, users } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { moscowYearStart } from '../../lib/moscow-time.js';
import type { Actor } from '../../types.js';
import { audit } from '../audit/audit.service.js';
import {
  companyTariffRow,
  findTariff,
  findTariffRow,
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
 * Counters of each limit. Users: the company's own active and pending users; companies: the
 * customer organisations (заказчики) it serves. Contracts are counted by the contracts module,
 * which registers its counter with registerTariffCounter('contracts', ...).
 */
const builtIn: [TariffLimit, TariffCounter][] = [
  [
    'users',
    async (db, companyId) => {
      const [{ n }] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(and(eq(users.companyId, companyId), inArray(users.status, ['active', 'pending'])));
      return Number(n);
    },
  ],
  [
    'companies',
    async (db, companyId) => {
      const [{ n }] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(customers)
        .where(eq(customers.companyId, companyId));
      return Number(n);
    },
  ],
];
/** Registered counters per limit; the latest registration counts. */
const counters = new Map<TariffLimit, TariffCounter[]>(builtIn.map(([limit, c]) => [limit, [c]]));
const counterOf = (limit: TariffLimit) => counters.get(limit)?.at(-1);

/** A module that owns what a limit counts registers its counter; returns the unregister function. */
export function registerTariffCounter(limit: TariffLimit, counter: TariffCounter): () => void {
  const list = counters.get(limit) ?? [];
  list.push(counter);
  counters.set(limit, list);
  return () => {
    const i = list.lastIndexOf(counter);
    if (i >= 0) list.splice(i, 1);
  };
}

export { moscowYearStart };

async function countUsage(db: Tx, companyId: number, limit: TariffLimit): Promise<number> {
  const counter = counterOf(limit);
  if (!counter) throw new Error(`No tariff counter registered for "${limit}"`);
  return counter(db, companyId, moscowYearStart());
}

const limitReached = (t: TariffRow, limit: TariffLimit, max: number, used: number) =>
  new AppError('tariff_limit', `Достигнут лимит тарифа «${t.name}»: ${LIMIT_TEXT[limit]} не больше ${max}`, {
    limit,
    max,
    used,
    tariff_id: t.id,
  });

/**
 * The check other modules call before adding a user, a customer organisation or a contract to a
 * company: 409 tariff_limit naming the limit when `adding` more would exceed the company's
 * tariff. A company without a tariff, or a limit left empty, is unlimited. Call it inside the
 * transaction that adds: concurrent additions for the same company wait for each other.
 */
export async function assertTariffAllows(db: Tx, companyId: number, limit: TariffLimit, adding = 1) {
  const company = await companyTariffRow(db, companyId);
  if (!company?.tariffId) return;
  const t = await findTariffRow(db, company.tariffId);
  const max = t?.[LIMIT_COLUMN[limit]] ?? null;
  if (!t || max === null) return;
  await db.execute(sql`select pg_advisory_xact_lock(727200, ${companyId})`);
  const used = await countUsage(db, companyId, limit);
  if (used + adding > max) throw limitReached(t, limit, max, used);
}

/** Each limit with a counter: how much the company uses and the tariff's maximum. */
export async function tariffUsage(db: Tx, companyId: number, t: TariffRow | null) {
  const out: { limit: TariffLimit; used: number; max: number | null }[] = [];
  for (const limit of ['users', 'companies', 'contracts'] as const) {
    if (!counterOf(limit)) continue;
    out.push({ limit, used: await countUsage(db, companyId, limit), max: t ? t[LIMIT_COLUMN[limit]] : null });
  }
  return out;
}

/** The first limit of `t` the company already uses more of than it allows, or null. */
async function exceeded(db: Tx, companyId: number, t: TariffRow) {
  for (const u of await tariffUsage(db, companyId, t)) {
    if (u.max !== null && u.used > u.max)
      return { ...u, max: u.max, details: { limit: u.limit, max: u.max, used: u.used, tariff_id: t.id } };
  }
  return null;
}

/** Refuses a tariff the company already exceeds (e.g. a downgrade with too many users). */
export async function assertTariffFits(db: Tx, companyId: number, t: TariffRow) {
  const u = await exceeded(db, companyId, t);
  if (u)
    throw new AppError(
      'tariff_limit',
      `Компания превышает лимит тарифа «${t.name}»: ${LIMIT_TEXT[u.limit]} ${u.used}, а допускается не больше ${u.max}`,
      u.details,
    );
}

/**
 * After a tariff's limits changed: the first company on it (not rejected) that already uses more
 * than a limit now allows, or null. Lowering a limit below what a company uses would leave it
 * over its tariff with every further addition refused and no way to tell why.
 */
export async function tariffOverrun(db: Tx, t: TariffRow, before: TariffRow) {
  const lowered = (Object.keys(LIMIT_COLUMN) as TariffLimit[]).some((l) => {
    const max = t[LIMIT_COLUMN[l]];
    const was = before[LIMIT_COLUMN[l]];
    return max !== null && (was === null || max < was);
  });
  if (!lowered) return null;
  const onTariff = await db
    .select({ id: companies.id, title: companies.title, inn: companies.inn })
    .from(companies)
    .where(and(eq(companies.tariffId, t.id), ne(companies.status, 'rejected')))
    .orderBy(companies.id);
  for (const c of onTariff) {
    const u = await exceeded(db, c.id, t);
    if (u)
      return new AppError(
        'tariff_limit',
        `Лимит тарифа «${t.name}» нельзя сделать меньше, чем уже использует компания «${c.title ?? `ИНН ${c.inn}`}»: ${LIMIT_TEXT[u.limit]} ${u.used}, а новый лимит — ${u.max}`,
        { ...u.details, company_id: c.id },
      );
  }
  return null;
}

/** A tariff that may be given to a company: exists, not archived, and (for an existing company) fits its usage. */
export async function assertTariffAssignable(db: Tx, companyId: number | null, tariffId: number) {
  const t = await findTariffRow(db, tariffId);
  if (!t) throw new AppError('not_found', 'Тариф не найден');
  if (t.archivedAt) throw new AppError('conflict', `Тариф «${t.name}» в архиве: назначить его нельзя`);
  if (companyId !== null) await assertTariffFits(db, companyId, t);
}

function assertAdmin(actor: Actor) {
  if (actor.role !== 'admin') throw new AppError('forbidden', 'Тарифы доступны только администратору');
}

export async function companyTariff(db: Db, actor: Actor, companyId: number) {
  assertAdmin(actor);
  const company = (await companyTariffRow(db, companyId))!;
  const row = company.tariffId ? await findTariffRow(db, company.tariffId) : null;
  return {
    company_id: companyId,
    tariff: company.tariffId ? await findTariff(db, company.tariffId) : null,
    usage: await tariffUsage(db, companyId, row),
  };
}

/** PUT /api/companies/:id/tariff (admin): an existing, not archived tariff the company fits in. */
export async function assignTariff(db: Db, actor: Actor, companyId: number, tariffId: number | null) {
  assertAdmin(actor);
  await db.transaction(async (tx) => {
    const before = (await companyTariffRow(tx, companyId))!;
    if (before.tariffId === tariffId) return;
    if (tariffId !== null) {
      await assertTariffAssignable(tx, companyId, tariffId);
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
  return companyTariff(db, actor, companyId);
}
