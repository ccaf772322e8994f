import { z } from 'zod';
import { defineJob } from '../../plugins/jobs.js';
import { retryReminderLetters, runReminders } from './reminders.service.js';

/**
 * The daily reminders of the compliance calendar (reminders.service.ts): scheduled by pg-boss at
 * REMINDER_CRON Moscow time (09:00 by default) and sent when a node with workers starts listening
 * (compliance.routes.ts: a day whose run was missed while every node was down is caught up). A run
 * twice on a day, on any nodes, sends each reminder once (`reminder_sends`).
 */
export const complianceRemindersJob = defineJob({
  name: 'compliance.reminders',
  payload: z.object({}).strict(),
  retry: { limit: 3, delaySeconds: 60, backoff: true },
  // reads every company's duties and sends a letter per user
  expireInSeconds: 900,
  concurrency: 1,
  schedule: {
    cron: (deps) => deps.config.reminders.cron,
    tz: 'Europe/Moscow',
    payload: {},
  },
  handler: async (_p, { deps }) => {
    const run = await runReminders(deps);
    deps.log.info(run, 'compliance reminders sent');
  },
});

/**
 * Reminder letters whose SMTP delivery failed are tried again every 5 minutes (the state is in
 * `mail_outbox`: attempts, retry_at, last_error; each letter claimed by one node at a time).
 */
export const reminderLettersRetryJob = defineJob({
  name: 'compliance.reminder-letters',
  payload: z.object({}).strict(),
  expireInSeconds: 300,
  concurrency: 1,
  schedule: { cron: () => '*/5 * * * *', tz: 'Europe/Moscow', payload: {} },
  handler: async (_p, { deps }) => {
    const run = await retryReminderLetters(deps);
    if (run.delivered || run.failed) deps.log.info(run, 'reminder letters retried');
  },
});
