import { z } from 'zod';
import { defineJob } from '../../plugins/jobs.js';

/** Delivery check: goes through the durable queue (any node) and ends in a stored, pushed notification. */
export const testNotificationJob = defineJob({
  name: 'system.test-notification',
  payload: z.object({ user_id: z.number().int(), requested_by: z.number().int(), node: z.string() }),
  retry: { limit: 2, delaySeconds: 2 },
  expireInSeconds: 60,
  handler: async (p, { deps, jobId }) => {
    await deps.notifier.notify({
      userId: p.user_id,
      companyId: null,
      kind: 'notification',
      status: 'success',
      header: 'Проверка уведомлений',
      message: 'Уведомления доставляются: это тестовое сообщение',
      payload: { job_id: jobId, requested_on: p.node, done_on: `${process.pid}` },
    });
  },
});
