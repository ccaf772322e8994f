import type { EmailPurpose } from '@zakupki/shared';
import type { Tx } from '../../db/client.js';
import { invalid } from '../../lib/app-error.js';
import { sha256, sixDigits } from '../../lib/ids.js';
import type { AppDeps } from '../../types.js';
import {
  countCodeRequests,
  deleteCodeRequest,
  deleteCodeRequestsBefore,
  findLatestUnusedCode,
  insertCodeRequest,
  insertEmailCode,
  lastCodeSince,
  markCodeUsed,
  retireUnusedCodes,
  setCodeAttempts,
} from './email-codes.repository.js';

const hash = (email: string, purpose: string, code: string) => sha256(`${email}:${purpose}:${code}`);

/**
 * A new 6-digit code (it lives `ttlMs`, by default `config.emailCode.ttlMs`); earlier unused codes
 * of the same purpose stop working.
 */
export async function issueEmailCode(
  deps: AppDeps,
  email: string,
  purpose: EmailPurpose,
  ttlMs = deps.config.emailCode.ttlMs,
): Promise<string> {
  const code = sixDigits();
  await retireUnusedCodes(deps.db, email, purpose);
  await insertEmailCode(deps.db, {
    email,
    purpose,
    codeHash: hash(email, purpose, code),
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return code;
}

/**
 * Checks a code without spending it (the caller spends it with `spendEmailCode` once everything
 * else is checked): 10 minutes of life, `config.emailCode.maxAttempts` attempts; a wrong code
 * uses an attempt. Returns the code's id.
 */
export async function checkEmailCode(
  deps: AppDeps,
  email: string,
  purpose: EmailPurpose,
  code: string,
): Promise<number> {
  const row = await findLatestUnusedCode(deps.db, email, purpose);
  if (!row) throw codeFailure('Код не запрашивался или уже использован. Запросите новый код');
  if (row.expiresAt.getTime() < Date.now())
    throw codeFailure('Срок действия кода истёк. Запросите новый код');
  if (row.attempts >= deps.config.emailCode.maxAttempts)
    throw codeFailure('Исчерпано число попыток ввода кода. Запросите новый код');
  if (row.codeHash !== hash(email, purpose, code)) {
    await setCodeAttempts(deps.db, row.id, row.attempts + 1);
    throw codeFailure('Неверный код из письма');
  }
  return row.id;
}

/**
 * Spends a checked code; refused when another request spent it meanwhile. Runs in the caller's
 * transaction (`tx`), so the code is spent only with the write it allows.
 */
export async function spendEmailCode(tx: Tx, id: number) {
  if (!(await markCodeUsed(tx, id)))
    throw codeFailure('Код не запрашивался или уже использован. Запросите новый код');
}

/** Checks and spends a code at once. */
export async function consumeEmailCode(deps: AppDeps, email: string, purpose: EmailPurpose, code: string) {
  await spendEmailCode(deps.db, await checkEmailCode(deps, email, purpose, code));
}

const codeFailure = (message: string) => invalid([{ path: 'body.email_code', message }], message);

/**
 * Seconds to wait before another code may be sent to this address for this purpose (0: may send
 * now), by `config.emailCode.resendMs`.
 */
export async function resendWaitSeconds(
  deps: AppDeps,
  email: string,
  purpose: EmailPurpose,
): Promise<number> {
  const resendMs = deps.config.emailCode.resendMs;
  if (resendMs <= 0) return 0;
  const last = await lastCodeSince(deps.db, email, purpose, new Date(Date.now() - resendMs));
  if (!last) return 0;
  return Math.max(1, Math.ceil((last.getTime() + resendMs - Date.now()) / 1000));
}

const HOUR_MS = 3600_000;

/**
 * Admits a request for an e-mail code from a client address, or names why not (Russian): at most
 * `perAddressHourly` from one address and `hourly` in all (`config.emailCode`) within an hour,
 * counted in PostgreSQL across nodes. The request is recorded first and counted with the others,
 * so two nodes admitting at once cannot both slip past a limit; a refused request is not kept.
 * A staff login code (purpose 'login') is not held to the limit in all: a flood of other codes
 * must not keep staff out during the login hold; its letters go to staff logins only, each at
 * most once per `resendMs`.
 */
export async function admitEmailCodeRequest(
  deps: AppDeps,
  address: string,
  email: string,
  purpose: EmailPurpose = 'register',
): Promise<string | null> {
  const { db } = deps;
  const limits = deps.config.emailCode;
  const since = new Date(Date.now() - HOUR_MS);
  const mine = await insertCodeRequest(db, address, email);
  const counts = await countCodeRequests(db, address, since, mine);
  let refusal: string | null = null;
  if (counts.address > limits.perAddressHourly)
    refusal = 'Слишком много запросов кода с вашего адреса. Попробуйте через час';
  else if (counts.total > limits.hourly && purpose !== 'login')
    refusal = 'Сейчас отправляется слишком много писем с кодами. Попробуйте через несколько минут';
  if (refusal) await deleteCodeRequest(db, mine);
  // keep the table to the last hour
  await deleteCodeRequestsBefore(db, since);
  return refusal;
}
