import { isStaff } from '@zakupki/shared';
import { mapPage } from '../../db/paging.js';
import { forbidden, notFound } from '../../lib/app-error.js';
import type { Actor, AppDeps } from '../../types.js';
import { companyIdsFor } from '../access/access.service.js';
import { testNotificationJob } from '../notifications/notifications.jobs.js';
import { toAuditEntry, toErrorEvent } from './system.presenter.js';
import {
  type AuditFilter,
  auditReach,
  findErrorEvent,
  listAudit,
  pingDatabase,
} from './system.repository.js';

/** The audit log for staff: the admin sees all, others the companies they act for and their own actions. */
export async function auditEntries(deps: AppDeps, actor: Actor, q: AuditFilter) {
  const { db } = deps;
  if (!isStaff(actor.role)) throw forbidden('Журнал аудита доступен только сотрудникам');
  const reach = actor.role === 'admin' ? undefined : auditReach(await companyIdsFor(db, actor), actor.userId);
  return mapPage(await listAudit(db, q, reach), toAuditEntry);
}

/** A stored server error by the code the user was shown (staff). */
export async function errorEvent(deps: AppDeps, actor: Actor, code: string) {
  if (!isStaff(actor.role)) throw forbidden('Доступно только сотрудникам');
  const e = await findErrorEvent(deps.db, code.toUpperCase());
  if (!e) throw notFound('Ошибка с таким кодом не найдена');
  return toErrorEvent(e);
}

/**
 * The health answer: the database, the queue and Redis (when used), and how long the event loop
 * was held at worst since the last ask (`loopDelayMs`, read after the checks).
 */
export async function health(deps: AppDeps, loopDelayMs: () => number) {
  const db = await pingDatabase(deps);
  const queue = (await deps.jobs.healthy()) ? 'ok' : 'down';
  const redis = await deps.sockets.redisHealthy();
  const status = db === 'ok' && queue === 'ok' && redis !== 'down' ? 'ok' : 'degraded';
  return { status: status as 'ok' | 'degraded', db, queue, redis, event_loop_delay_ms: loopDelayMs() };
}

/** A delivery check through the durable queue (staff; another user's only by the admin). */
export async function sendTestNotification(deps: AppDeps, actor: Actor, userId: number | undefined) {
  if (!isStaff(actor.role)) throw forbidden('Доступно только сотрудникам');
  if (userId && userId !== actor.userId && actor.role !== 'admin') {
    throw forbidden('Отправить проверочное уведомление другому пользователю может только администратор');
  }
  const jobId = await deps.jobs.send(testNotificationJob, {
    user_id: userId ?? actor.userId,
    requested_by: actor.userId,
    node: String(process.pid),
  });
  return { job_id: String(jobId) };
}
