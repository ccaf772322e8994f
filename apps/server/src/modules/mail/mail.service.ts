import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { mailOutbox } from '../../db/schema/index.js';

let transport: Transporter | null = null;

/**
 * Sends a letter through SMTP_URL; without it the letter is written to the log. Either way it
 * is kept in `mail_outbox`, so operators (and tests) can see what was sent.
 */
export async function sendMail(
  db: Db,
  config: Config,
  log: { info: (o: object, m: string) => void },
  mail: { to: string; subject: string; body: string },
) {
  const kind = config.smtpUrl ? 'smtp' : 'log';
  const [row] = await db
    .insert(mailOutbox)
    .values({ ...mail, transport: kind })
    .returning({ id: mailOutbox.id });
  if (config.smtpUrl) {
    transport ??= nodemailer.createTransport(config.smtpUrl);
    await transport.sendMail({ from: config.mailFrom, to: mail.to, subject: mail.subject, text: mail.body });
  } else {
    log.info({ to: mail.to, subject: mail.subject, body: mail.body }, 'mail (no SMTP_URL configured)');
  }
  return row.id;
}
