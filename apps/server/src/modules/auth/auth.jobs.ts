import { EMAIL_PURPOSES, NS_UNAUTH } from '@zakupki/shared';
import { z } from 'zod';
import { defineJob } from '../../plugins/jobs.js';
import { sendMail } from '../mail/mail.service.js';
import { issueEmailCode } from './email-codes.service.js';
import { sendLoginCode } from './login-code.service.js';

/** Subjects of the codes' letters (a login code's letter is login-code.service.ts's). */
const SUBJECTS: Record<Exclude<(typeof EMAIL_PURPOSES)[number], 'login'>, string> = {
  register: 'Код подтверждения регистрации',
  reset: 'Код для восстановления пароля',
};

/** Sends a 6-digit code, then answers the requesting socket with emailServiceResponse. */
export const sendEmailCodeJob = defineJob({
  name: 'auth.send-email-code',
  payload: z.object({
    email: z.string().email(),
    purpose: z.enum(EMAIL_PURPOSES),
    socket_id: z.string().nullable(),
  }),
  retry: { limit: 2, delaySeconds: 2, backoff: true },
  // one SMTP exchange: a code is useful for minutes only
  expireInSeconds: 60,
  handler: async (p, { deps, lastAttempt }) => {
    const answer = (ok: boolean, error: string | null) => {
      if (p.socket_id)
        deps.io
          .of(NS_UNAUTH)
          .to(p.socket_id)
          .emit('emailServiceResponse', { ok, error, email: p.email, purpose: p.purpose });
    };
    try {
      if (p.purpose === 'login') {
        // only to an active staff member's login; the socket's answer is the same either way
        await sendLoginCode(deps, p.email);
        answer(true, null);
        return;
      }
      const code = await issueEmailCode(deps, p.email, p.purpose);
      const minutes = Math.round(deps.config.emailCode.ttlMs / 60000);
      await sendMail(deps, {
        to: p.email,
        subject: SUBJECTS[p.purpose],
        body: `Ваш код: ${code}\nКод действует ${minutes} минут. Если вы не запрашивали код, просто проигнорируйте это письмо.\n\nСистема автоматизации закупок`,
      });
      answer(true, null);
    } catch (err) {
      if (lastAttempt) answer(false, 'Не удалось отправить письмо с кодом. Попробуйте позже');
      throw err;
    }
  },
});
