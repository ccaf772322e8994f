import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { companies, contacts, users } from '../../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;

/** The user of a session with the title of their home company. */
export async function findSessionUser(db: Tx, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      title: users.title,
      login: users.login,
      role: users.role,
      company_id: users.companyId,
      early_access: users.earlyAccess,
      company_title: companies.title,
    })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId));
  return row;
}

export type SessionUserRow = NonNullable<Awaited<ReturnType<typeof findSessionUser>>>;

/** The active contact of a company (the session shows it). */
export async function findActiveContact(db: Tx, companyId: number) {
  const [row] = await db
    .select({ id: contacts.id, full_name: contacts.fullName, email: contacts.email, phone: contacts.phone })
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), eq(contacts.isActive, true)))
    .limit(1);
  return row ?? null;
}

export async function findUserByLogin(db: Tx, login: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.login, login)).limit(1);
  return row;
}

export async function findUserById(db: Tx, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** How many registration requests have a number of this year's series. */
export async function countRegistrationNumbers(db: Tx, year: number): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(sql`${users.registrationNumber} like ${`Р-${year}-%`}`);
  return Number(r?.n ?? 0);
}

/** The company with this ИНН and КПП (no КПП matches no КПП), as a registration looks it up. */
export async function companyByInnKpp(db: Tx, inn: string, kpp: string | null) {
  const [row] = await db
    .select({ id: companies.id, status: companies.status })
    .from(companies)
    .where(and(eq(companies.inn, inn), kpp ? eq(companies.kpp, kpp) : sql`${companies.kpp} is null`))
    .limit(1);
  return row ?? null;
}

/** A company a registration request brings: pending until an operator decides. */
export async function insertPendingCompany(
  tx: Tx,
  v: { title: string; inn: string; kpp: string | null },
): Promise<number> {
  const [{ id }] = await tx
    .insert(companies)
    .values({ ...v, status: 'pending' })
    .returning({ id: companies.id });
  return id;
}

/** The pending client user of a registration request. */
export async function insertRegisteredUser(
  tx: Tx,
  v: {
    login: string;
    title: string;
    passwordHash: string;
    companyId: number;
    registrationNumber: string;
  },
): Promise<UserRow> {
  const [row] = await tx
    .insert(users)
    .values({ ...v, role: 'client', status: 'pending' })
    .returning();
  return row;
}

export async function findRegistrationStatus(db: Tx, number: string) {
  const [row] = await db
    .select({ status: users.status })
    .from(users)
    .where(eq(users.registrationNumber, number))
    .limit(1);
  return row;
}

export async function setPasswordHash(db: Tx, userId: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
}
