import { isStaff } from '@zakupki/shared';
import { mapPage } from '../../db/paging.js';
import { auditLog } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import type { Actor, AppDeps } from '../../types.js';
import { companyScope } from '../access/access.service.js';
import { toAuditEntry, toErrorEvent } from './system.presenter.js';
import { type AuditFilter, auditReach, findErrorEvent, listAudit } from './system.repository.js';

/** The audit log for staff: the admin sees all, others the companies they act for and their own actions. */
export async function auditEntries(deps: AppDeps, actor: Actor, q: AuditFilter) {
  const { db } = deps;
  if (!isStaff(actor.role)) throw new AppError('forbidden', 'Журнал аудита доступен только сотрудникам');
  const reach =
    actor.role === 'admin'
      ? undefined
      : auditReach(await companyScope(db, actor, auditLog.companyId), actor.userId);
  return mapPage(await listAudit(db, q, reach), toAuditEntry);
}

/** A stored server error by the code the user was shown (staff). */
export async function errorEvent(deps: AppDeps, actor: Actor, code: string) {
  if (!isStaff(actor.role)) throw new AppError('forbidden', 'Доступно только сотрудникам');
  const e = await findErrorEvent(deps.db, code.toUpperCase());
  if (!e) throw new AppError('not_found', 'Ошибка с таким кодом не найдена');
  return toErrorEvent(e);
}
