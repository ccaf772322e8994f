import type { PageQuery } from '@zakupki/shared';
import { and, asc, eq, ne, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import { containsText } from '../../db/like.js';
import { countOf, onPage, paged } from '../../db/paging.js';
import {
  companies,
  companyMembers,
  contracts,
  eisPlans,
  procurements,
  users,
} from '../../db/schema/index.js';
import { companyCondition } from '../access/access.repository.js';
import type { CompanyStatus } from './companies.policy.js';

export type CompanyRow = typeof companies.$inferSelect;
export type CompanyValues = {
  title: string;
  fullTitle: string | null;
  inn: string;
  kpp: string | null;
  ogrn: string | null;
  legalAddress: string | null;
  postalAddress: string | null;
  email: string | null;
  phone: string | null;
  tariffId: number | null;
  status: CompanyStatus;
};

/** Case-insensitive substring match; `%`, `_` and `\` in the user's text match themselves. */
export function contains(column: AnyPgColumn, value: string | undefined): SQL | undefined {
  if (!value) return undefined;
  return containsText(column, value);
}

/** Postgres error code and constraint of a failed query (drizzle wraps the driver's error). */
export function pgError(err: unknown): { code: string; constraint: string | null } | null {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const o = e as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof o.code === 'string' && /^[0-9A-Z]{5}$/.test(o.code)) {
      return { code: o.code, constraint: typeof o.constraint === 'string' ? o.constraint : null };
    }
    e = o.cause;
  }
  return null;
}

/** `reach`: the ids of the companies the caller acts for, null for all (`companyIdsFor`). */
export async function listCompanies(
  tx: Tx,
  reach: number[] | null,
  q: PageQuery & { title?: string; inn?: string; status?: CompanyStatus },
) {
  const where = and(
    companyCondition(companies.id, reach),
    q.title ? or(contains(companies.title, q.title), contains(companies.fullTitle, q.title)) : undefined,
    contains(companies.inn, q.inn),
    // a rejected company (its registration request was refused) is listed only when asked for
    q.status ? eq(companies.status, q.status) : ne(companies.status, 'rejected'),
  );
  const { items: rows, total } = await paged(
    q,
    onPage(
      tx
        .select()
        .from(companies)
        .where(where)
        .orderBy(sql`${companies.title} asc nulls last`, asc(companies.id)),
      q,
    ),
    countOf(tx, companies, where),
  );
  return { rows, total: Number(total) };
}

/**
 * The companies a user may act for, by title, each with whether it holds any data (a contract, a
 * procurement or a plan): staff land the first time on the first company with data.
 */
export async function companyOptions(tx: Tx, reach: number[] | null) {
  const scope = companyCondition(companies.id, reach);
  const holds = (table: typeof contracts | typeof procurements | typeof eisPlans) =>
    sql`exists (select 1 from ${table} where ${table.companyId} = ${companies.id})`;
  return tx
    .select({
      id: companies.id,
      title: companies.title,
      has_data: sql<boolean>`(${holds(contracts)} or ${holds(procurements)} or ${holds(eisPlans)})`,
    })
    .from(companies)
    .where(and(scope, ne(companies.status, 'rejected')))
    .orderBy(sql`${companies.title} asc nulls last`, asc(companies.id));
}

export async function findCompany(tx: Tx, id: number, lock = false): Promise<CompanyRow | null> {
  const q = tx.select().from(companies).where(eq(companies.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

/** Serialises writes inside one company (one active contact, one main account). */
export async function lockCompany(tx: Tx, id: number) {
  await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, id)).for('update');
}

/** Another company with the same ИНН and КПП (no КПП matches no КПП, as the unique index does). */
export async function findSameInnKpp(tx: Tx, inn: string, kpp: string | null, exceptId?: number) {
  const [row] = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(
      and(
        eq(companies.inn, inn),
        sql`coalesce(${companies.kpp}, '') = ${kpp ?? ''}`,
        exceptId ? ne(companies.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function insertCompany(tx: Tx, v: CompanyValues) {
  const [row] = await tx.insert(companies).values(v).returning();
  return row;
}

export async function updateCompanyRow(tx: Tx, id: number, v: CompanyValues) {
  const [row] = await tx
    .update(companies)
    .set({ ...v, updatedAt: new Date() })
    .where(eq(companies.id, id))
    .returning();
  return row;
}

export async function addMember(tx: Tx, userId: number, companyId: number) {
  const [row] = await tx
    .insert(companyMembers)
    .values({ userId, companyId, permissions: null })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function deleteMembers(tx: Tx, companyId: number) {
  return tx.delete(companyMembers).where(eq(companyMembers.companyId, companyId)).returning();
}

export async function deleteCompanyRow(tx: Tx, id: number) {
  await tx.delete(companies).where(eq(companies.id, id));
}

/** Users of a company: whose home company it is, or who are members of it. */
export async function companyUsers(tx: Tx, companyId: number, q: PageQuery) {
  const where = or(
    eq(users.companyId, companyId),
    sql`exists (select 1 from ${companyMembers} m where m.user_id = ${users.id} and m.company_id = ${companyId})`,
  );
  const { items: rows, total } = await paged(
    q,
    onPage(
      tx
        .select({
          id: users.id,
          title: users.title,
          login: users.login,
          role: users.role,
          status: users.status,
          membership: companyMembers.permissions,
          isMember: sql<boolean>`${companyMembers.userId} is not null`,
        })
        .from(users)
        .leftJoin(
          companyMembers,
          and(eq(companyMembers.userId, users.id), eq(companyMembers.companyId, companyId)),
        )
        .where(where)
        .orderBy(asc(users.title), asc(users.id)),
      q,
    ),
    countOf(tx, users, where),
  );
  return { rows, total: Number(total) };
}

export type CompanyUserRow = Awaited<ReturnType<typeof companyUsers>>['rows'][number];

type FkRow = { table_name: string; column_name: string };

/**
 * Rows anywhere in the database that refer to the company through a foreign key, by table.
 * Found from the catalogue, so tables that later modules add are counted without changes here.
 * Memberships (ON DELETE CASCADE) are not data of the company and are left out.
 */
export async function countDependents(tx: Tx, companyId: number) {
  const fks = await rowsOf<FkRow>(
    tx,
    sql`select cl.relname as table_name, a.attname as column_name
        from pg_constraint c
        join pg_class cl on cl.oid = c.conrelid
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
        where c.contype = 'f' and c.confrelid = 'companies'::regclass
          and array_length(c.conkey, 1) = 1 and c.confdeltype <> 'c'
        order by cl.relname, a.attname`,
  );
  const counts = new Map<string, number>();
  for (const fk of fks) {
    const [{ n }] = await rowsOf<{ n: number }>(
      tx,
      sql`select count(*)::int as n from ${sql.identifier(fk.table_name)} where ${sql.identifier(fk.column_name)} = ${companyId}`,
    );
    counts.set(fk.table_name, (counts.get(fk.table_name) ?? 0) + Number(n));
  }
  return [...counts].map(([table, count]) => ({ table, count }));
}

async function rowsOf<T>(tx: Tx, query: SQL): Promise<T[]> {
  const r = (await tx.execute(query)) as unknown as { rows: T[] };
  return r.rows;
}

/**
 * Moves a company from one status to another if it still has the first (and `unless` does not
 * hold); whether it moved.
 */
export async function moveCompanyStatus(
  tx: Tx,
  companyId: number,
  change: { from: CompanyStatus; to: CompanyStatus; unless?: SQL },
): Promise<boolean> {
  const rows = await tx
    .update(companies)
    .set({ status: change.to, updatedAt: new Date() })
    .where(and(eq(companies.id, companyId), eq(companies.status, change.from), change.unless))
    .returning({ id: companies.id });
  return rows.length > 0;
}

/** No other user of the company whose request is not rejected, and no membership: nobody keeps it. */
export const keptByNobodyElse = (companyId: number, requestUserId: number): SQL =>
  sql`not exists (select 1 from ${users} u where u.company_id = ${companyId} and u.id <> ${requestUserId} and u.status <> 'rejected')
      and not exists (select 1 from ${companyMembers} m where m.company_id = ${companyId})`;
