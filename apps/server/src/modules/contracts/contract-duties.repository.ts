import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { arrayParam } from '../../db/bulk.js';
import type { Tx } from '../../db/client.js';
import { contractDuties, contractEvents, contracts, customers } from '../../db/schema/index.js';

/** Queries of the stored duties of contracts (`contract_duties`) and what they are computed from. */

export type DutyRow = typeof contractDuties.$inferInsert;
export type DutyRecord = typeof contractDuties.$inferSelect;

/** What the duties of a contract are computed from: the contract, its customer's size (one statement). */
export function dutyContractRows(db: Tx, ids: number[]) {
  return db
    .select({
      id: contracts.id,
      companyId: contracts.companyId,
      law: contracts.law,
      status: contracts.status,
      contractDate: contracts.contractDate,
      price: contracts.price,
      eisPublishedAt: contracts.eisPublishedAt,
      largeCustomer: customers.annualRevenueOver5bn,
    })
    .from(contracts)
    .leftJoin(customers, eq(customers.id, contracts.customerId))
    .where(sql`${contracts.id} = any(${arrayParam(ids, 'integer')})`);
}

/** The events of the contracts, by date. */
export function eventsOfContracts(db: Tx, contractIds: number[]) {
  return db
    .select({
      id: contractEvents.id,
      contractId: contractEvents.contractId,
      kind: contractEvents.kind,
      date: contractEvents.eventDate,
      publishedAt: contractEvents.eisPublishedAt,
    })
    .from(contractEvents)
    .where(inArray(contractEvents.contractId, contractIds))
    .orderBy(asc(contractEvents.eventDate), asc(contractEvents.id));
}

export async function deleteDutiesOf(db: Tx, contractIds: number[]): Promise<void> {
  await db.delete(contractDuties).where(inArray(contractDuties.contractId, contractIds));
}

/** Stores duty rows, 1000 a statement. */
export async function insertDuties(db: Tx, rows: DutyRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) await db.insert(contractDuties).values(rows.slice(i, i + 1000));
}

export type NextDuty = { contractId: number; kind: string | null; due: string | null };

/** Sets the nearest open duty (next_duty_*) of each listed contract, writing only the changed rows. */
export async function setNextDuties(db: Tx, next: NextDuty[]): Promise<void> {
  // `values ()` would not parse
  if (next.length === 0) return;
  const values = next.map((n) => sql`(${n.contractId}::int, ${n.kind}::text, ${n.due}::date)`);
  await db.execute(sql`
    update contracts as c set next_duty_kind = v.kind, next_duty_due = v.due
    from (values ${sql.join(values, sql`, `)}) as v(id, kind, due)
    where c.id = v.id and (c.next_duty_kind is distinct from v.kind or c.next_duty_due is distinct from v.due)`);
}

/** The nearest open duty of each listed contract (by due date, then id). */
export function nearestOpenDuties(db: Tx, contractIds: number[]): Promise<DutyRecord[]> {
  return db
    .selectDistinctOn([contractDuties.contractId])
    .from(contractDuties)
    .where(and(inArray(contractDuties.contractId, contractIds), isNull(contractDuties.doneOn)))
    .orderBy(contractDuties.contractId, asc(contractDuties.dueDate), asc(contractDuties.id));
}

/** All duties of one contract, by due date. */
export function dutiesOfContract(db: Tx, contractId: number): Promise<DutyRecord[]> {
  return db
    .select()
    .from(contractDuties)
    .where(eq(contractDuties.contractId, contractId))
    .orderBy(asc(contractDuties.dueDate), asc(contractDuties.id));
}
