import type { TariffSort } from '@zakupki/shared';
import { and, asc, desc, eq, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { containsText } from '../../db/like.js';
import { onPage, type Paging } from '../../db/paging.js';
import { companies, customers, tariffs, users } from '../../db/schema/index.js';

export type TariffRow = typeof tariffs.$inferSelect;
export type TariffInsert = typeof tariffs.$inferInsert;

const companiesCount = sql<number>`(select count(*)::int from companies c where c.tariff_id = ${tariffs.id})`;

/** A tariff with the number of companies on it (the presenter's toTariff makes the API shape). */
export type CountedTariffRow = TariffRow & { companiesCount: number };

export type TariffFilter = {
  q?: string;
  includeArchived: boolean;
  sort: TariffSort;
  order: 'asc' | 'desc';
};

const SORT_KEY: Record<TariffSort, SQL | typeof tariffs.pricePerMonth | typeof tariffs.createdAt> = {
  name: sql`lower(${tariffs.name})`,
  price_per_month: tariffs.pricePerMonth,
  created_at: tariffs.createdAt,
};

export async function listTariffRows(db: Tx, f: TariffFilter, page: Paging | null) {
  const dir = f.order === 'desc' ? desc : asc;
  const where = and(
    f.includeArchived ? undefined : isNull(tariffs.archivedAt),
    f.q ? (or(containsText(tariffs.name, f.q), containsText(tariffs.code, f.q)) as SQL) : undefined,
  );
  const base = db
    .select({ t: tariffs, companiesCount })
    .from(tariffs)
    .where(where)
    .orderBy(dir(SORT_KEY[f.sort]), dir(tariffs.id));
  const [rows, [{ total }]] = await Promise.all([
    page ? onPage(base, page) : base,
    db.select({ total: sql<number>`count(*)::int` }).from(tariffs).where(where),
  ]);
  return {
    rows: rows.map((r): CountedTariffRow => ({ ...r.t, companiesCount: Number(r.companiesCount) })),
    total: Number(total),
  };
}

export async function findTariff(db: Tx, id: number): Promise<CountedTariffRow | null> {
  const [r] = await db
    .select({ t: tariffs, companiesCount })
    .from(tariffs)
    .where(eq(tariffs.id, id))
    .limit(1);
  return r ? { ...r.t, companiesCount: Number(r.companiesCount) } : null;
}

export async function findTariffRow(db: Tx, id: number): Promise<TariffRow | null> {
  const [r] = await db.select().from(tariffs).where(eq(tariffs.id, id)).limit(1);
  return r ?? null;
}

/** Another tariff with the same code or name (both are unique). */
export async function tariffClash(db: Tx, code: string, name: string, exceptId?: number) {
  const [r] = await db
    .select({ id: tariffs.id, code: tariffs.code })
    .from(tariffs)
    .where(
      and(
        or(eq(tariffs.code, code), sql`lower(${tariffs.name}) = lower(${name})`),
        exceptId ? sql`${tariffs.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return r ? { field: r.code === code ? ('code' as const) : ('name' as const) } : null;
}

export async function allTariffRows(db: Tx): Promise<TariffRow[]> {
  return db.select().from(tariffs);
}

export async function insertTariff(db: Tx, v: TariffInsert): Promise<TariffRow> {
  const [r] = await db.insert(tariffs).values(v).returning();
  return r;
}

export async function updateTariffRow(db: Tx, id: number, v: Partial<TariffInsert>) {
  await db
    .update(tariffs)
    .set({ ...v, updatedAt: new Date() })
    .where(eq(tariffs.id, id));
}

export async function deleteTariffRow(db: Tx, id: number) {
  await db.delete(tariffs).where(eq(tariffs.id, id));
}

export async function companyTariffRow(db: Tx, companyId: number) {
  const [r] = await db
    .select({ companyId: companies.id, tariffId: companies.tariffId })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return r ?? null;
}

export async function setCompanyTariff(db: Tx, companyId: number, tariffId: number | null) {
  await db.update(companies).set({ tariffId, updatedAt: new Date() }).where(eq(companies.id, companyId));
}

/** The company's own active and pending users (the users limit). */
export async function countCompanyUsers(db: Tx, companyId: number): Promise<number> {
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.companyId, companyId), inArray(users.status, ['active', 'pending'])));
  return Number(n);
}

/** The customer organisations the company serves (the companies limit). */
export async function countCompanyCustomers(db: Tx, companyId: number): Promise<number> {
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(customers)
    .where(eq(customers.companyId, companyId));
  return Number(n);
}

/** Concurrent additions for the same company wait for each other until the transaction ends. */
export async function lockCompanyLimits(tx: Tx, companyId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(727200, ${companyId})`);
}

/** The companies on a tariff, rejected ones left out, by id. */
export async function companiesOnTariff(db: Tx, tariffId: number) {
  return db
    .select({ id: companies.id, title: companies.title, inn: companies.inn })
    .from(companies)
    .where(and(eq(companies.tariffId, tariffId), ne(companies.status, 'rejected')))
    .orderBy(companies.id);
}
