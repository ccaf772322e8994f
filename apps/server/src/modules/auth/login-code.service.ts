import { isStaff, type LoginHoldDetails } from '@zakupki/shared';
import { invalid, tooManyRequests } from '../../lib/app-error.js';
import type { AppDeps } from '../../types.js';
import { audit } from '../audit/audit.service.js';
import { sendMail } from '../mail/mail.service.js';
import { findUserByLogin, type UserRow } from './auth.repository.js';
import { markCodeUsed } from './email-codes.repository.js';
import { checkEmailCode, issueEmailCode } from './email-codes.service.js';
import { failureCounts, recordFailure } from './login-failures.repository.js';
import { refusalMessage } from './login-limits.policy.js';

/**
 * Staff login through an e-mailed one-time code while the global login hold is on (issue 26
 * item 5): failed logins from many addresses have stopped every login from a new address, and an
 * administrator, specialist or operator away from their usual address still logs in with their
 * password and a code sent to their login's mailbox. The code is stored hashed, lives
 * `config.emailCode.loginTtlMs`, lets one login through (right password or wrong), takes
 * `config.emailCode.maxAttempts` tries; asking for one is held to the e-mail code limits; every
 * letter, wrong code and login by code is audited.
 */

const SUBJECT = 'Код для входа в систему';

/** Whether the global login hold is on: failed logins in all reached the limit within the window. */
export async function globalHoldOn(deps: AppDeps): Promise<boolean> {
  const { windowMs, globalMaxFailures } = deps.config.login;
  return (await failureCounts(deps.db, '', '', windowMs)).total >= globalMaxFailures;
}

const HELD: LoginHoldDetails = { hold: 'global', login_code: true };

const mayUseCode = (u: UserRow | undefined): u is UserRow => !!u && u.status === 'active' && isStaff(u.role);

/**
 * Sends a login code to `email` (the `auth.send-email-code` job, purpose 'login'), if it is the
 * login of an active staff member; to any other address nothing is sent, and the request is
 * answered the same, so the answer tells nobody which logins exist or whose they are.
 */
export async function sendLoginCode(deps: AppDeps, email: string): Promise<void> {
  const user = await findUserByLogin(deps.db, email);
  if (!mayUseCode(user)) {
    deps.log.info({ email }, 'login code not sent: not the login of an active staff member');
    return;
  }
  const ttlMs = deps.config.emailCode.loginTtlMs;
  const code = await issueEmailCode(deps, email, 'login', ttlMs);
  const minutes = Math.max(1, Math.round(ttlMs / 60000));
  await sendMail(deps, {
    to: email,
    subject: SUBJECT,
    body: `Ваш код для входа: ${code}\nКод действует ${minutes} мин и подходит для одного входа вместе с вашим паролем. Вход по коду открыт, пока система отражает подбор паролей.\nЕсли вы не входили в систему, сообщите администратору: кто-то пытается войти под вашим логином.\n\nСистема автоматизации закупок`,
  });
  await audit(deps.db, null, {
    action: 'login_code_sent',
    entity: 'user',
    entityId: user.id,
    companyId: user.companyId,
  });
}

/**
 * Checks a login code before the password is (only who holds the mailbox gets to try a password
 * during the hold): the latest unused code of the login, alive and within its attempts. A wrong
 * code uses an attempt, counts as a failed login from this address and is audited (400 naming
 * `body.email_code`). Returns the code's id, spent by `spendLoginCode`.
 */
export async function checkLoginCode(
  deps: AppDeps,
  user: UserRow | undefined,
  login: string,
  address: string,
  code: string,
): Promise<number> {
  try {
    return await checkEmailCode(deps, login, 'login', code);
  } catch (err) {
    await recordFailure(deps.db, login, address, deps.config.login.windowMs);
    if (user) {
      await audit(deps.db, null, {
        action: 'login_code_failed',
        entity: 'user',
        entityId: user.id,
        companyId: user.companyId,
        after: { reason: (err as Error).message },
      });
    }
    throw err;
  }
}

/**
 * Lets a login by code through once its password is right: the user must (still) be an active
 * staff member, else the login is held like anyone's (429); the code is spent, refused when another
 * request spent it meanwhile.
 */
export async function admitByCode(deps: AppDeps, user: UserRow, codeId: number): Promise<void> {
  if (!mayUseCode(user)) throw tooManyRequests(refusalMessage('global', deps.config.login.windowMs), HELD);
  if (!(await markCodeUsed(deps.db, codeId))) {
    const message = 'Код не запрашивался или уже использован. Запросите новый код';
    throw invalid([{ path: 'body.email_code', message }], message);
  }
}

/** Spends a login code whose password was wrong: a code lets one password through, right or wrong. */
export async function spendLoginCode(deps: AppDeps, codeId: number): Promise<void> {
  await markCodeUsed(deps.db, codeId);
}

/** The login audit's `after` of a login by code. */
export const BY_CODE = { second_factor: 'email_code', hold: 'global' } as const;
