import type { EmailPurpose } from '@zakupki/shared';
import { and, desc, eq, gt, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { emailCodeRequests, emailCodes } from '../../db/schema/index.js';

export type EmailCodeRow = typeof emailCodes.$inferSelect;

/** Marks the unused codes of an address and purpose used (a new one replaces them). */
export async function retireUnusedCodes(db: Tx, email: string, purpose: EmailPurpose): Promise<void> {
  await db
    .update(emailCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose), isNull(emailCodes.usedAt)));
}

export async function insertEmailCode(
  db: Tx,
  v: { email: string; purpose: EmailPurpose; codeHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(emailCodes).values(v);
}

/** The latest unused code of an address and purpose. */
export async function findLatestUnusedCode(
  db: Tx,
  email: string,
  purpose: EmailPurpose,
): Promise<EmailCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(emailCodes)
    .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose), isNull(emailCodes.usedAt)))
    .orderBy(desc(emailCodes.id))
    .limit(1);
  return row;
}

export async function setCodeAttempts(db: Tx, id: number, attempts: number): Promise<void> {
  await db.update(emailCodes).set({ attempts }).where(eq(emailCodes.id, id));
}

/** Marks a code used unless it already is; whether this call did. */
export async function markCodeUsed(db: Tx, id: number): Promise<boolean> {
  const spent = await db
    .update(emailCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(emailCodes.id, id), isNull(emailCodes.usedAt)))
    .returning({ id: emailCodes.id });
  return spent.length > 0;
}

/** When the latest code of an address and purpose created after `since` was made, if any. */
export async function lastCodeSince(
  db: Tx,
  email: string,
  purpose: EmailPurpose,
  since: Date,
): Promise<Date | undefined> {
  const [last] = await db
    .select({ createdAt: emailCodes.createdAt })
    .from(emailCodes)
    .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose), gt(emailCodes.createdAt, since)))
    .orderBy(desc(emailCodes.id))
    .limit(1);
  return last?.createdAt;
}

/** Records a request for a code; returns its id. */
export async function insertCodeRequest(db: Tx, ip: string, email: string): Promise<number> {
  const [mine] = await db.insert(emailCodeRequests).values({ ip, email }).returning();
  return mine.id;
}

/** Requests since `since` up to (and with) `upToId`: from this address, and in all. */
export async function countCodeRequests(db: Tx, address: string, since: Date, upToId: number) {
  const [counts] = await db
    .select({
      address: sql<number>`count(*) filter (where ${emailCodeRequests.ip} = ${address})::int`,
      total: sql<number>`count(*)::int`,
    })
    .from(emailCodeRequests)
    .where(and(gt(emailCodeRequests.at, since), lte(emailCodeRequests.id, upToId)));
  return { address: Number(counts.address), total: Number(counts.total) };
}

export async function deleteCodeRequest(db: Tx, id: number): Promise<void> {
  await db.delete(emailCodeRequests).where(eq(emailCodeRequests.id, id));
}

export async function deleteCodeRequestsBefore(db: Tx, before: Date): Promise<void> {
  await db.delete(emailCodeRequests).where(lt(emailCodeRequests.at, before));
}
