import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { tablePage } from '../../db/paging.js';
import { contacts } from '../../db/schema/index.js';
import { contains } from './companies.repository.js';

export type ContactRow = typeof contacts.$inferSelect;
export type ContactValues = {
  fullName: string;
  position: string | null;
  email: string | null;
  phone: string | null;
  isActive: boolean;
};
export type ContactFilter = {
  page: number;
  limit: number;
  full_name?: string;
  email?: string;
  phone?: string;
  position?: string;
  is_active?: 'true' | 'false';
};

export async function listContacts(tx: Tx, companyId: number, q: ContactFilter) {
  const where = and(
    eq(contacts.companyId, companyId),
    contains(contacts.fullName, q.full_name),
    contains(contacts.email, q.email),
    contains(contacts.phone, q.phone),
    contains(contacts.position, q.position),
    q.is_active ? eq(contacts.isActive, q.is_active === 'true') : undefined,
  );
  const { items: rows, total } = await tablePage(
    tx,
    contacts,
    where,
    [desc(contacts.isActive), asc(contacts.fullName), asc(contacts.id)],
    q,
  );
  return { rows, total: Number(total) };
}

export async function activeContact(tx: Tx, companyId: number) {
  const [row] = await tx
    .select()
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), eq(contacts.isActive, true)))
    .limit(1);
  return row ?? null;
}

export async function contactOwner(tx: Tx, id: number) {
  const [row] = await tx.select({ companyId: contacts.companyId }).from(contacts).where(eq(contacts.id, id));
  return row?.companyId ?? null;
}

export async function findContact(tx: Tx, companyId: number, id: number) {
  const [row] = await tx
    .select()
    .from(contacts)
    .where(and(eq(contacts.id, id), eq(contacts.companyId, companyId)))
    .for('update');
  return row ?? null;
}

export async function countOtherContacts(tx: Tx, companyId: number, exceptId: number) {
  const [{ n }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), ne(contacts.id, exceptId)));
  return Number(n);
}

/** Clears the active mark of every contact of the company; returns the rows as they were. */
export async function deactivateContacts(tx: Tx, companyId: number) {
  const before = await tx
    .select()
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), eq(contacts.isActive, true)));
  if (before.length) {
    await tx
      .update(contacts)
      .set({ isActive: false })
      .where(and(eq(contacts.companyId, companyId), eq(contacts.isActive, true)));
  }
  return before;
}

export async function insertContact(tx: Tx, companyId: number, v: ContactValues) {
  const [row] = await tx
    .insert(contacts)
    .values({ ...v, companyId })
    .returning();
  return row;
}

export async function updateContactRow(tx: Tx, id: number, v: ContactValues) {
  const [row] = await tx.update(contacts).set(v).where(eq(contacts.id, id)).returning();
  return row;
}

export async function deleteContactRow(tx: Tx, id: number) {
  await tx.delete(contacts).where(eq(contacts.id, id));
}
