import type { EmailPurpose } from '@zakupki/shared';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { emailCodes } from '../../db/schema/index.js';
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

/** Checks and consumes a code: 10 minutes of life, 5 attempts (configurable). */
export async function consumeEmailCode(
  db: Tx,
  email: string,
  purpose: EmailPurpose,
  code: string,
  maxAttempts: number,
) {
  const [row] = await db
    .select()
    .from(emailCodes)
    .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose), isNull(emailCodes.usedAt)))
    .orderBy(desc(emailCodes.id))
    .limit(1);
  const fail = (message: string) =>
    new AppError('validation_failed', message, { issues: [{ path: 'body.email_code', message }] });
  if (!row) throw fail('Код не запрашивался или уже использован. Запросите новый код');
  if (row.expiresAt.getTime() < Date.now()) throw fail('Срок действия кода истёк. Запросите новый код');
  if (row.attempts >= maxAttempts) throw fail('Исчерпано число попыток ввода кода. Запросите новый код');
  if (row.codeHash !== hash(email, purpose, code)) {
    await db
      .update(emailCodes)
      .set({ attempts: row.attempts + 1 })
      .where(eq(emailCodes.id, row.id));
    throw fail('Неверный код из письма');
  }
  await db.update(emailCodes).set({ usedAt: new Date() }).where(eq(emailCodes.id, row.id));
}

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
