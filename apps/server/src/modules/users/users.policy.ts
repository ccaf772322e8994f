import { isStaff, type Role, type UserStatus } from '@zakupki/shared';

/** Who acts and on whom: the pure facts a users policy needs. */
export type PolicyActor = { userId: number; role: Role };
export type PolicyTarget = { id: number; role: Role; status: UserStatus };

/** Each check answers null when allowed, else the Russian reason for a 403. */
export type Denial = string | null;

export const STAFF_ONLY = 'Раздел доступен только сотрудникам';

export function usersSectionDenial(role: Role): Denial {
  return isStaff(role) ? null : STAFF_ONLY;
}

/** Only an admin creates staff accounts; other staff create clients. */
export function createRoleDenial(actor: Role, role: Role): Denial {
  if (isStaff(role) && actor !== 'admin') return 'Создавать сотрудников может только администратор';
  return null;
}

/** An administrator's account is edited by administrators only. */
export function editDenial(actor: PolicyActor, target: PolicyTarget): Denial {
  if (target.role === 'admin' && actor.role !== 'admin' && actor.userId !== target.id) {
    return 'Изменять учётную запись администратора может только администратор';
  }
  return null;
}

/** Roles change by an admin only, and never one's own. Sending the current role is not a change. */
export function roleChangeDenial(actor: PolicyActor, target: PolicyTarget, role: Role | undefined): Denial {
  if (role === undefined || role === target.role) return null;
  if (actor.userId === target.id) return 'Нельзя изменить собственную роль';
  if (actor.role !== 'admin') return 'Менять роль может только администратор';
  return null;
}

export function blockDenial(actor: PolicyActor, target: PolicyTarget): Denial {
  if (actor.userId === target.id) return 'Нельзя заблокировать собственную учётную запись';
  if (target.role === 'admin' && actor.role !== 'admin') {
    return 'Заблокировать администратора может только администратор';
  }
  return null;
}

export function unblockDenial(actor: PolicyActor, target: PolicyTarget): Denial {
  if (target.role === 'admin' && actor.role !== 'admin') {
    return 'Разблокировать администратора может только администратор';
  }
  return null;
}

export type StatusAction = 'approve' | 'reject' | 'block' | 'unblock';

const NEXT_STATUS: Record<StatusAction, UserStatus> = {
  approve: 'active',
  reject: 'rejected',
  block: 'blocked',
  unblock: 'active',
};
const FROM_STATUS: Record<StatusAction, UserStatus> = {
  approve: 'pending',
  reject: 'pending',
  block: 'active',
  unblock: 'blocked',
};

export const fromStatus = (action: StatusAction) => FROM_STATUS[action];
export const nextStatus = (action: StatusAction) => NEXT_STATUS[action];

/** Why a status action does not apply to a user in `status` (a 409), or null. */
export function statusConflict(action: StatusAction, status: UserStatus): Denial {
  if (status === FROM_STATUS[action]) return null;
  if (action === 'approve' || action === 'reject') return 'Заявка уже рассмотрена';
  if (action === 'block') {
    if (status === 'blocked') return 'Пользователь уже заблокирован';
    return 'Заявка на регистрацию ещё не одобрена: её можно одобрить или отклонить';
  }
  return 'Пользователь не заблокирован';
}
