import type { User } from '@zakupki/shared';
import type { Tx } from '../../db/client.js';
import { conflict, notFound } from '../../lib/app-error.js';
import type { Actor, AppDeps } from '../../types.js';
import { companyIdsFor } from '../access/access.service.js';
import { audit } from '../audit/audit.service.js';
import { revokeUserSessions } from '../auth/sessions.repository.js';
import { activateRequestedCompany, rejectRequestedCompany } from '../companies/requested-company.service.js';
import { assertTariffAllows } from '../tariffs/tariffs.service.js';
import { sendUserMailJob } from './users.jobs.js';
import { blockDenial, fromStatus, nextStatus, statusConflict, unblockDenial } from './users.policy.js';
import { changeStatus, ensureMembership, findUser } from './users.repository.js';
import { auditState, deny, loadVisible, NOT_FOUND, requireStaff, viewUser } from './users.service.js';

/** Re-reads the status after a conditional update found nothing to change (someone was faster). */
async function conflictNow(db: Tx, id: number, action: 'approve' | 'reject' | 'block' | 'unblock') {
  const u = await findUser(db, id, null);
  if (!u) return notFound(NOT_FOUND);
  return conflict(statusConflict(action, u.status) ?? 'Статус пользователя изменился, обновите страницу');
}

function decisionMail(deps: AppDeps, u: User, approved: boolean) {
  const number = u.registration_number ? `№ ${u.registration_number} ` : '';
  const subject = `Заявка ${number}${approved ? 'одобрена' : 'отклонена'}`;
  const { phones, email } = deps.config.support;
  const body = approved
    ? `Здравствуйте, ${u.title}!\n\nВаша заявка на регистрацию ${number}в Системе автоматизации закупок одобрена.\n` +
      `Войдите с логином ${u.login} и паролем, указанным при регистрации.\n\nСистема автоматизации закупок`
    : `Здравствуйте, ${u.title}!\n\nВаша заявка на регистрацию ${number}в Системе автоматизации закупок отклонена.\n` +
      `Если вы считаете это ошибкой, свяжитесь со службой поддержки: ${[...phones, email].join(', ')}.\n\n` +
      'Система автоматизации закупок';
  return { to: u.login, subject, body };
}

/**
 * Approves or rejects a registration request (status pending).
 *
 * Approval activates the user and makes them a member of their home company, within the user
 * limit of the company's tariff (a pending request already takes its place in the limit, so
 * approval is refused only when the company is over it, e.g. after the tariff changed). When
 * the request brought a new company, the company becomes active and the approving operator or
 * specialist becomes its serving staff member (a membership with the role's permissions), so
 * the new client is served by somebody; an admin acts for every company and gets none.
 *
 * Rejection of a request that brought a new company leaves that company `rejected` (out of the
 * lists) unless another live request or member keeps it. The person learns the decision by
 * e-mail. Every change is audited.
 */
export async function reviewRegistration(
  deps: AppDeps,
  actor: Actor,
  id: number,
  decision: 'approve' | 'reject',
): Promise<User> {
  requireStaff(actor);
  const { db } = deps;
  const target = await loadVisible(deps, actor, id);
  const refusal = statusConflict(decision, target.status);
  if (refusal) throw conflict(refusal);
  await db.transaction(async (tx) => {
    const before = await auditState(tx, id);
    if (decision === 'approve' && target.companyId !== null) {
      await assertTariffAllows(deps, tx, target.companyId, 'users', 0);
    }
    if (!(await changeStatus(tx, id, fromStatus(decision), nextStatus(decision)))) {
      throw await conflictNow(tx, id, decision);
    }
    if (target.companyId !== null) {
      if (decision === 'approve') await settleApprovedCompany(tx, actor, id, target.companyId);
      else await rejectRequestedCompany(tx, actor, target.companyId, id);
    }
    await audit(tx, actor, {
      action: decision,
      entity: 'user',
      entityId: id,
      companyId: target.companyId,
      before,
      after: await auditState(tx, id),
    });
  });
  const user = await viewUser(deps, await companyIdsFor(db, actor), id);
  try {
    await deps.jobs.send(sendUserMailJob, decisionMail(deps, user, decision === 'approve'));
  } catch (err) {
    // the decision is made and stored; a lost letter must not turn it into an error
    deps.log.error({ err, userId: id }, 'could not enqueue the registration decision letter');
  }
  return user;
}

/** The approved user joins the home company; a company the request brought becomes active and served. */
async function settleApprovedCompany(tx: Tx, actor: Actor, userId: number, companyId: number) {
  await ensureMembership(tx, userId, companyId);
  if (!(await activateRequestedCompany(tx, actor, companyId))) return;
  if (actor.role !== 'admin' && (await ensureMembership(tx, actor.userId, companyId))) {
    await audit(tx, actor, {
      action: 'create',
      entity: 'company_member',
      entityId: `${actor.userId}:${companyId}`,
      companyId,
      after: {
        user_id: actor.userId,
        company_id: companyId,
        permissions: null,
        reason: 'registration_approved',
      },
    });
  }
}

/**
 * Blocks (every session revoked, sockets disconnected; login answers account_blocked) or
 * unblocks an active user (within the user limit of the company's tariff).
 */
export async function setBlocked(
  deps: AppDeps,
  actor: Actor,
  id: number,
  action: 'block' | 'unblock',
): Promise<User> {
  requireStaff(actor);
  const { db } = deps;
  const target = await loadVisible(deps, actor, id);
  deny(action === 'block' ? blockDenial(actor, target) : unblockDenial(actor, target));
  const refusal = statusConflict(action, target.status);
  if (refusal) throw conflict(refusal);
  const revoked = await db.transaction(async (tx) => {
    const before = await auditState(tx, id);
    // a blocked user is not counted in the tariff's user limit; unblocking counts them again
    if (action === 'unblock' && target.companyId !== null) {
      await assertTariffAllows(deps, tx, target.companyId, 'users');
    }
    if (!(await changeStatus(tx, id, fromStatus(action), nextStatus(action)))) {
      throw await conflictNow(tx, id, action);
    }
    const sessionIds = action === 'block' ? await revokeUserSessions(tx, id) : [];
    await audit(tx, actor, {
      action,
      entity: 'user',
      entityId: id,
      companyId: target.companyId,
      before,
      after: {
        ...(await auditState(tx, id)),
        ...(action === 'block' ? { revoked_sessions: sessionIds.length } : {}),
      },
    });
    return sessionIds;
  });
  for (const sessionId of revoked) deps.sockets.disconnectSession(sessionId);
  return viewUser(deps, await companyIdsFor(db, actor), id);
}
