import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.js';
import { preparedOnce } from '../../db/prepared.js';
import { companies, companyMembers } from '../../db/schema/index.js';

/** `column` (a company id column) limited to `ids` (null: every company, no condition). */
export function companyCondition(column: AnyPgColumn, ids: number[] | null): SQL | undefined {
  if (ids === null) return undefined;
  if (ids.length === 0) return sql`false`;
  return inArray(column, ids);
}

/** The companies a user is a member of. */
export async function memberCompanyIds(db: Tx, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: companyMembers.companyId })
    .from(companyMembers)
    .where(eq(companyMembers.userId, userId));
  return rows.map((r) => r.id);
}

const companyWithMember = (db: Db) =>
  preparedOnce(db, 'company-with-member', (d) =>
    d
      .select({ id: companies.id, member: companyMembers.userId, permissions: companyMembers.permissions })
      .from(companies)
      .leftJoin(
        companyMembers,
        and(eq(companyMembers.companyId, companies.id), eq(companyMembers.userId, sql.placeholder('userId'))),
      )
      .where(eq(companies.id, sql.placeholder('companyId')))
      .limit(1)
      .prepare(''),
  );

/**
 * The company and the user's membership in it, in one prepared statement (every company request
 * asks); undefined when the company does not exist.
 */
export async function findCompanyWithMember(db: Db, companyId: number, userId: number) {
  const [row] = await companyWithMember(db).execute({ companyId, userId });
  return row;
}
