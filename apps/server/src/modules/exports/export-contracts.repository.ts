import type { ContractListQuery } from '@zakupki/shared';
import { and, asc, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { contractStatusRank, contracts } from '../../db/schema/index.js';
import { listConditions } from '../contracts/contract-register.repository.js';
import type { ContractRow } from './contract-bundle.repository.js';

/** The register's filters and sort (GET /contracts), as the exports read them. */
export type RegisterQuery = z.output<typeof ContractListQuery>;

function sortColumn(sort: RegisterQuery['sort']) {
  switch (sort) {
    case 'contract_date':
      return contracts.contractDate;
    case 'price':
      return contracts.price;
    case 'number':
      return contracts.number;
    case 'supplier_name':
      return contracts.supplierName;
    case 'end_date':
      return contracts.endDate;
    case 'status':
      return contractStatusRank(contracts.status);
  }
}

/** Every contract id of the register view, in its order (no paging). */
export async function registerIds(
  db: Tx,
  companyId: number,
  q: RegisterQuery,
  today: string,
): Promise<number[]> {
  const dir = q.order === 'asc' ? asc : desc;
  const rows = await db
    .select({ id: contracts.id })
    .from(contracts)
    .where(listConditions(companyId, q, today))
    .orderBy(dir(sortColumn(q.sort)), dir(contracts.id));
  return rows.map((r) => r.id);
}

/** Contracts by id, in no particular order (a register file's batch). */
export async function contractsByIds(db: Tx, ids: number[]): Promise<ContractRow[]> {
  return db.select().from(contracts).where(inArray(contracts.id, ids));
}

export async function findContractRow(db: Tx, id: number): Promise<ContractRow | undefined> {
  const [c] = await db.select().from(contracts).where(eq(contracts.id, id));
  return c;
}

/** The company of each of these contracts that exists. */
export async function contractCompanies(db: Tx, ids: number[]): Promise<{ id: number; companyId: number }[]> {
  return db
    .select({ id: contracts.id, companyId: contracts.companyId })
    .from(contracts)
    .where(inArray(contracts.id, ids));
}

/** How many contracts of the company a register filter finds. */
export async function countRegister(db: Tx, companyId: number, q: RegisterQuery): Promise<number> {
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(contracts)
    .where(listConditions(companyId, q));
  return Number(n);
}

/** Ids a register filter finds, newest contract first, at most `limit`. */
export async function registerIdsNewestFirst(
  db: Tx,
  companyId: number,
  q: RegisterQuery,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .select({ id: contracts.id })
    .from(contracts)
    .where(listConditions(companyId, q))
    .orderBy(desc(contracts.contractDate), desc(contracts.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Contracts under 223-ФЗ of these statuses concluded within the period, by date then id. */
export async function contractIdsConcluded(
  db: Tx,
  companyId: number,
  statuses: readonly ContractRow['status'][],
  period: { from: string; to: string },
): Promise<number[]> {
  const rows = await db
    .select({ id: contracts.id })
    .from(contracts)
    .where(
      and(
        eq(contracts.companyId, companyId),
        eq(contracts.law, '223'),
        inArray(contracts.status, [...statuses]),
        gte(contracts.contractDate, period.from),
        lte(contracts.contractDate, period.to),
      ),
    )
    .orderBy(asc(contracts.contractDate), asc(contracts.id));
  return rows.map((r) => r.id);
}
