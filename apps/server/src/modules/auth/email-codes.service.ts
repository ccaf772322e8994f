import type { EmailPurpose } from '@zakupki/shared';
import { and, desc, eq, gt, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { emailCodeRequests, emailCodes } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { sha256, sixDigits } from '../../lib/ids.js';

const hash = (email: string, purpose: string, code: string) => sha256(`${email}:${purpose}:${code}`);

/** A new 6-digit code; earlier unused codes of the same purpose stop working. */
export async function issueEmailCode(
  db: Tx,
  email: string,
  purpose: EmailPurpose,
  ttlMs: number,
): Promise<string> {
  const code = sixDigits();
  await db
    .update(emailCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose), isNull(emailCodes.usedAt)));
  await db.insert(emailCodes).values({
    email,
    purpose,
    codeHash: hash(email, purpose, code),
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return code;
}

/**
 * Checks a code without spending it (the caller spends it with `spendEmailCode` once everything
 * else is checked): 10 minutes of life, 5 attempts (configurable); a wrong code uses an attempt.
 * Returns the code's id.
 */
export async function checkEmailCode(
  db: Tx,
  email: string,
  purpose: EmailPurpose,
  code: string,
  maxAttempts: number,
): Promise<number> {
  const [row] = await db
    .select()
    .from(emailCodes)
    .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose), isNull(emailCodes.usedAt)))
    .orderBy(desc(emailCodes.id))
    .limit(1);
  if (!row) throw codeFailure('Код не запрашивался или уже использован. Запросите новый код');
  if (row.expiresAt.getTime() < Date.now())
    throw codeFailure('Срок действия кода истёк. Запросите новый код');
  if (row.attempts >= maxAttempts)
    throw codeFailure('Исчерпано число попыток ввода кода. Запросите новый код');
  if (row.codeHash !== hash(email, purpose, code)) {
    await db
      .update(emailCodes)
      .set({ attempts: row.attempts + 1 })
      .where(eq(emailCodes.id, row.id));
    throw codeFailure('Неверный код из письма');
  }
  return row.id;
}

/** Spends a checked code; refused when another request spent it meanwhile. */
export async function spendEmailCode(db: Tx, id: number) {
  const spent = await db
    .update(emailCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(emailCodes.id, id), isNull(emailCodes.usedAt)))
    .returning({ id: emailCodes.id });
  if (spent.length === 0) throw codeFailure('Код не запрашивался или уже использован. Запросите новый код');
}

/** Checks and spends a code at once. */
export async function consumeEmailCode(
  db: Tx,
  email: string,
  purpose: EmailPurpose,
  code: string,
  maxAttempts: number,
) {
  await spendEmailCode(db, await checkEmailCode(db, email, purpose, code, maxAttempts));
}

const codeFailure = (message: string) =>
  new AppError('validation_failed', message, { issues: [{ path: 'body.email_code', message }] });

/** Seconds to wait before another code may be sent to this address for this purpose (0: may send now). */
export async function resendWaitSeconds(
  db: Tx,
  email: string,
  purpose: EmailPurpose,
  resendMs: number,
): Promise<number> {
  if (resendMs <= 0) return 0;
  const [last] = await db
    .select({ createdAt: emailCodes.createdAt })
    .from(emailCodes)
    .where(
      and(
        eq(emailCodes.email, email),
        eq(emailCodes.purpose, purpose),
        gt(emailCodes.createdAt, new Date(Date.now() - resendMs)),
      ),
    )
    .orderBy(desc(emailCodes.id))
    .limit(1);
  if (!last) return 0;
  return Math.max(1, Math.ceil((last.createdAt.getTime() + resendMs - Date.now()) / 1000));
}

const HOUR_MS = 3600_000;

/**
 * Admits a request for an e-mail code from a client address, or names why not (Russian): at most
 * `perAddressHourly` from one address and `hourly` in all within an hour, counted in PostgreSQL
 * across nodes. The request is recorded first and counted with the others, so two nodes admitting
 * at once cannot both slip past a limit; a refused request is not kept.
 */
export async function admitEmailCodeRequest(
  db: Db,
  limits: Pick<Config['emailCode'], 'perAddressHourly' | 'hourly'>,
  address: string,
  email: string,
): Promise<string | null> {
  const since = new Date(Date.now() - HOUR_MS);
  const [mine] = await db.insert(emailCodeRequests).values({ ip: address, email }).returning();
  const [counts] = await db
    .select({
      address: sql<number>`count(*) filter (where ${emailCodeRequests.ip} = ${address})::int`,
      total: sql<number>`count(*)::int`,
    })
    .from(emailCodeRequests)
    .where(and(gt(emailCodeRequests.at, since), lte(emailCodeRequests.id, mine.id)));
  let refusal: string | null = null;
  if (Number(counts.address) > limits.perAddressHourly)
    refusal = 'Слишком много запросов кода с вашего адреса. Попробуйте через час';
  else if (Number(counts.total) > limits.hourly)
    refusal = 'Сейчас отправляется слишком много писем с кодами. Попробуйте через несколько минут';
  if (refusal) await db.delete(emailCodeRequests).where(eq(emailCodeRequests.id, mine.id));
  // keep the table to the last hour
  await db.delete(emailCodeRequests).where(lt(emailCodeRequests.at, since));
  return refusal;
}
