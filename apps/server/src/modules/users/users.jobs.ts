import { z } from 'zod';
import { defineJob } from '../../plugins/jobs.js';
import { sendMail } from '../mail/mail.service.js';

/** A letter to a user about their account (registration approved or rejected), retried on SMTP failure. */
export const sendUserMailJob = defineJob({
  name: 'users.send-mail',
  payload: z.object({
    to: z.string().email(),
    subject: z.string().min(1),
    body: z.string().min(1),
  }),
  retry: { limit: 3, delaySeconds: 10, backoff: true },
  // one SMTP exchange
  expireInSeconds: 120,
  handler: async (p, { deps }) => {
    await sendMail(deps, p);
  },
});
