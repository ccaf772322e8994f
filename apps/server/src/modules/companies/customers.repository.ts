import { and, asc, eq, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { countOf, onPage, paged } from '../../db/paging.js';
import { customers } from '../../db/schema/index.js';
import { contains } from './companies.repository.js';

export type CustomerRow = typeof customers.$inferSelect;
export type CustomerValues = {
  title: string;
  inn: string;
  kpp: string | null;
  ogrn: string | null;
  address: string | null;
  annualRevenueOver5bn: boolean;
};
export type CustomerFilter = { page: number; limit: number; title?: string; inn?: string };

export async function listCustomers(tx: Tx, companyId: number, q: CustomerFilter) {
  const where = and(
    eq(customers.companyId, companyId),
    contains(customers.title, q.title),
    contains(customers.inn, q.inn),
  );
  const { items: rows, total } = await paged(
    q,
    onPage(tx.select().from(customers).where(where).orderBy(asc(customers.title), asc(customers.id)), q),
    countOf(tx, customers, where),
  );
  return { rows, total: Number(total) };
}

export async function customerOwner(tx: Tx, id: number) {
  const [row] = await tx
    .select({ companyId: customers.companyId })
    .from(customers)
    .where(eq(customers.id, id));
  return row?.companyId ?? null;
}

export async function findCustomer(tx: Tx, companyId: number, id: number) {
  const [row] = await tx
    .select()
    .from(customers)
    .where(and(eq(customers.id, id), eq(customers.companyId, companyId)))
    .for('update');
  return row ?? null;
}

/** A customer of the company with the same ИНН and КПП. */
/** Another customer of the company with this ИНН (whatever its КПП), or null. */
export async function findSameCustomer(tx: Tx, companyId: number, inn: string, exceptId?: number) {
  const [row] = await tx
    .select({ id: customers.id, title: customers.title, kpp: customers.kpp })
    .from(customers)
    .where(
      and(
        eq(customers.companyId, companyId),
        eq(customers.inn, inn),
        exceptId ? ne(customers.id, exceptId) : undefined,
      ),
    )
    .orderBy(customers.id)
    .limit(1);
  return row ?? null;
}

export async function insertCustomer(tx: Tx, companyId: number, v: CustomerValues) {
  const [row] = await tx
    .insert(customers)
    .values({ ...v, companyId })
    .returning();
  return row;
}

export async function updateCustomerRow(tx: Tx, id: number, v: CustomerValues) {
  const [row] = await tx.update(customers).set(v).where(eq(customers.id, id)).returning();
  return row;
}

export async function deleteCustomerRow(tx: Tx, id: number) {
  await tx.delete(customers).where(eq(customers.id, id));
}
