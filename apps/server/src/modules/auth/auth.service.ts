import { hash, verify } from '@node-rs/argon2';
import {
  type EmailPurpose,
  type LoginHoldDetails,
  passwordProblem,
  type RegisterBody,
  type RegisterBody as RegisterSchema,
  type SessionInfo,
} from '@zakupki/shared';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import {
  accountBlocked,
  conflict,
  duplicate,
  invalid,
  invalidCredentials,
  notFound,
  registrationPending,
  registrationRejected,
  tooManyRequests,
  unauthorized,
} from '../../lib/app-error.js';
import { addressKey } from '../../lib/client-address.js';
import type { Actor, AppDeps } from '../../types.js';
import { audit } from '../audit/audit.service.js';
import { reopenRejectedCompany } from '../companies/requested-company.service.js';
import { assertTariffAllows } from '../tariffs/tariffs.service.js';
import { toSessionInfo } from './auth.presenter.js';
import {
  companyByInnKpp,
  countRegistrationNumbers,
  findActiveContact,
  findRegistrationStatus,
  findSessionUser,
  findUserById,
  findUserByLogin,
  insertPendingCompany,
  insertRegisteredUser,
  setPasswordHash,
} from './auth.repository.js';
import { checkEmailCode, consumeEmailCode, spendEmailCode } from './email-codes.service.js';
import { admitByCode, BY_CODE, checkLoginCode, spendLoginCode } from './login-code.service.js';
import { clearFailures, failureCounts, isKnownAddress, recordFailure } from './login-failures.repository.js';
import { raiseHoldAlarm } from './login-hold.service.js';
import { loginRefusal, refusalMessage } from './login-limits.policy.js';
import { createSession, revokeUserSessions } from './sessions.repository.js';

const ARGON = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const; // argon2id, OWASP minimum
export const hashPassword = (password: string) => hash(password, ARGON);
// a hash of a random password: verifying against it costs the same as a real one (no user-enumeration timing)
let dummyHash: Promise<string> | null = null;

export async function sessionInfo(deps: AppDeps, userId: number): Promise<SessionInfo> {
  const u = await findSessionUser(deps.db, userId);
  if (!u) throw unauthorized('Пользователь не найден');
  const contact = u.company_id ? await findActiveContact(deps.db, u.company_id) : null;
  return toSessionInfo(u, contact);
}

export async function login(
  deps: AppDeps,
  input: { login: string; password: string; email_code?: string },
  meta: { ip?: string; userAgent?: string },
) {
  const { db, config } = deps;
  const loginName = input.login.trim().toLowerCase();
  const address = addressKey(meta.ip);
  const user = await findUserByLogin(db, loginName);
  const counts = await failureCounts(db, loginName, address, config.login.windowMs);
  const refusal = await loginRefusal(
    counts,
    async () => (user ? isKnownAddress(db, user.id, address, config.login.knownAddressMs) : false),
    config.login,
  );
  if (refusal === 'global') await raiseHoldAlarm(deps, counts.total);
  // during the global hold a staff member passes with a code from their mailbox (checked first),
  // also when their own login is held by strangers' guesses; an address held stays held
  const byCode = refusal !== null && refusal !== 'address' && counts.total >= config.login.globalMaxFailures;
  let codeId: number | null = null;
  if (byCode && input.email_code !== undefined)
    codeId = await checkLoginCode(deps, user, loginName, address, input.email_code);
  else if (refusal) {
    const details: LoginHoldDetails = { hold: refusal, login_code: byCode };
    throw tooManyRequests(refusalMessage(refusal, config.login.windowMs), details);
  }
  dummyHash ??= hashPassword(`dummy-${Math.random()}`);
  let ok = false;
  if (user) ok = await verify(user.passwordHash, input.password);
  else await verify(await dummyHash, input.password);
  if (!user || !ok) {
    await recordFailure(db, loginName, address, config.login.windowMs);
    if (codeId !== null) await spendLoginCode(deps, codeId);
    // this failure starts the global hold: the admins learn of it now, not at the next refusal
    if (counts.total + 1 >= config.login.globalMaxFailures) await raiseHoldAlarm(deps, counts.total + 1);
    throw invalidCredentials('Неверный логин или пароль');
  }
  if (user.status === 'pending') {
    throw registrationPending('Заявка на регистрацию ещё не одобрена оператором', {
      registration_number: user.registrationNumber,
    });
  }
  if (user.status === 'rejected') throw registrationRejected('Заявка на регистрацию отклонена');
  if (user.status === 'blocked') throw accountBlocked('Учётная запись заблокирована. Обратитесь к оператору');
  if (codeId !== null) await admitByCode(deps, user, codeId);
  // the owner's own typing mistakes from this address are forgotten; others' stay counted
  await clearFailures(db, loginName, address);
  const { token, sessionId } = await createSession(db, user.id, config.session.maxMs, meta);
  await audit(
    db,
    {
      userId: user.id,
      role: user.role,
      companyId: user.companyId,
      title: user.title,
      login: user.login,
      sessionId,
      requestId: null,
    },
    {
      action: 'login',
      entity: 'session',
      entityId: sessionId,
      companyId: user.companyId,
      after: codeId !== null ? BY_CODE : undefined,
    },
  );
  return { token, ...(await sessionInfo(deps, user.id)) };
}

export async function logout(deps: AppDeps, actor: Actor) {
  const { revokeSession } = await import('./sessions.repository.js');
  await revokeSession(deps.db, actor.sessionId);
  await audit(deps.db, actor, {
    action: 'logout',
    entity: 'session',
    entityId: actor.sessionId,
    companyId: actor.companyId,
  });
  deps.sockets.disconnectSession(actor.sessionId);
}

async function nextRegistrationNumber(tx: Tx): Promise<string> {
  const year = new Date().getFullYear();
  return `Р-${year}-${String((await countRegistrationNumbers(tx, year)) + 1).padStart(6, '0')}`;
}

/** An archived company takes no new users: the operator restores it first. */
function assertNotArchived(company: { status: string }, inn: string) {
  if (company.status === 'archived') {
    throw conflict(
      `Организация с ИНН ${inn} находится в архиве, регистрация в ней невозможна. Обратитесь к оператору`,
    );
  }
}

/**
 * A registration request: a pending client user with a request number, in the company with the
 * given ИНН/КПП. An unknown company is created pending; a company an earlier rejected request
 * brought is pending again; an archived company is refused (409). The e-mail code is checked
 * first, so a caller who does not hold the mailbox learns nothing about which logins exist (every
 * login answers the same code error); a login already registered answers 409 only to the person
 * who has just proved they own its mailbox. A known company must not be archived and its tariff
 * must allow one more user: checked before the code is spent, and again in the transaction that
 * adds, where the code is spent.
 */
export async function register(deps: AppDeps, body: z.output<typeof RegisterSchema>) {
  const { db } = deps;
  const codeId = await checkEmailCode(deps, body.login, 'register', body.email_code);
  if (await findUserByLogin(db, body.login)) {
    throw duplicate(
      'Пользователь с таким e-mail уже зарегистрирован. Войдите в систему или восстановите пароль',
    );
  }
  const kpp = body.company.kpp ?? null;
  const knownBefore = await companyByInnKpp(db, body.company.inn, kpp);
  if (knownBefore) {
    assertNotArchived(knownBefore, body.company.inn);
    await db.transaction((tx) => assertTariffAllows(deps, tx, knownBefore.id, 'users'));
  }
  const passwordHash = await hashPassword(body.password);
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        await spendEmailCode(tx, codeId);
        const known = await companyByInnKpp(tx, body.company.inn, kpp);
        let companyId: number;
        if (known) {
          companyId = known.id;
          assertNotArchived(known, body.company.inn);
          await assertTariffAllows(deps, tx, companyId, 'users');
          if (known.status === 'rejected') await reopenRejectedCompany(tx, companyId);
        } else {
          companyId = await insertPendingCompany(tx, {
            title: body.company.title,
            inn: body.company.inn,
            kpp,
          });
        }
        const registrationNumber = await nextRegistrationNumber(tx);
        const user = await insertRegisteredUser(tx, {
          login: body.login,
          title: body.title,
          passwordHash,
          companyId,
          registrationNumber,
        });
        await audit(tx, null, {
          action: 'register',
          entity: 'user',
          entityId: user.id,
          companyId,
          after: {
            login: user.login,
            title: user.title,
            company_id: companyId,
            registration_number: registrationNumber,
          },
        });
        return { registration_number: registrationNumber, status: 'pending' as const };
      });
    } catch (err) {
      // two registrations racing for the same number: take the next one
      if (attempt < 3 && String((err as { code?: string }).code) === '23505') continue;
      throw err;
    }
  }
}

export async function registrationStatus(deps: AppDeps, number: string) {
  const u = await findRegistrationStatus(deps.db, number);
  if (!u) throw notFound('Заявка с таким номером не найдена');
  const status = u.status === 'pending' ? 'pending' : u.status === 'rejected' ? 'rejected' : 'approved';
  return { registration_number: number, status } as const;
}

export async function changePassword(deps: AppDeps, actor: Actor, current: string, next: string) {
  const problem = passwordProblem(next, actor.login);
  if (problem) {
    throw invalid([{ path: 'body.new_password', message: problem }], problem);
  }
  const u = await findUserById(deps.db, actor.userId);
  if (!u || !(await verify(u.passwordHash, current))) {
    throw invalid(
      [{ path: 'body.current_password', message: 'Текущий пароль указан неверно' }],
      'Текущий пароль указан неверно',
    );
  }
  await setPasswordHash(deps.db, actor.userId, await hashPassword(next));
  const revoked = await revokeUserSessions(deps.db, actor.userId, actor.sessionId);
  for (const id of revoked) deps.sockets.disconnectSession(id);
  await audit(deps.db, actor, { action: 'password_change', entity: 'user', entityId: actor.userId });
}

export async function resetPassword(deps: AppDeps, login: string, code: string, next: string) {
  const u = await findUserByLogin(deps.db, login);
  await consumeEmailCode(deps, login, 'reset', code);
  if (!u) throw notFound('Пользователь с таким e-mail не найден');
  await setPasswordHash(deps.db, u.id, await hashPassword(next));
  const revoked = await revokeUserSessions(deps.db, u.id);
  for (const id of revoked) deps.sockets.disconnectSession(id);
  // the mailbox's owner proved themselves: failures others caused stop holding the login
  await clearFailures(deps.db, u.login);
  await audit(deps.db, null, {
    action: 'password_reset',
    entity: 'user',
    entityId: u.id,
    companyId: u.companyId,
  });
}

export type { EmailPurpose, RegisterBody };
