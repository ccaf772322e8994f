import nodemailer, { type Transporter } from 'nodemailer';
import type { AppDeps } from '../../types.js';
import { insertOutboxMail } from './mail.repository.js';

let transport: Transporter | null = null;

/**
 * Sends a letter through SMTP_URL; without it the letter is written to the log. Either way it
 * is kept in `mail_outbox`, so operators (and tests) can see what was sent.
 */
export async function sendMail(deps: AppDeps, mail: { to: string; subject: string; body: string }) {
  const { db, config, log } = deps;
  const kind = config.smtpUrl ? 'smtp' : 'log';
  const id = await insertOutboxMail(db, { ...mail, transport: kind });
  if (config.smtpUrl) {
    transport ??= nodemailer.createTransport(config.smtpUrl);
    await transport.sendMail({ from: config.mailFrom, to: mail.to, subject: mail.subject, text: mail.body });
  } else {
    log.info({ to: mail.to, subject: mail.subject, body: mail.body }, 'mail (no SMTP_URL configured)');
  }
  return id;
}
