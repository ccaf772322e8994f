import nodemailer, { type Transporter } from 'nodemailer';
import type { Tx } from '../../db/client.js';
import type { AppDeps } from '../../types.js';
import { insertOutboxMail } from './mail.repository.js';

let transport: Transporter | null = null;

/**
 * Sends a letter through SMTP_URL; without it the letter is written to the log. Either way it
 * is kept in `mail_outbox`, so operators (and tests) can see what was sent.
 */
export async function sendMail(deps: AppDeps, mail: Mail) {
  const id = await storeMail(deps.db, deps, mail);
  await deliverMail(deps, mail);
  return id;
}

type Mail = { to: string; subject: string; body: string };

/**
 * Keeps a letter in `mail_outbox` in the caller's transaction (so it is stored once with the write
 * that decided to send it); deliver it with `deliverMail` after the commit. Returns its id.
 */
export function storeMail(tx: Tx, deps: Pick<AppDeps, 'config'>, mail: Mail): Promise<number> {
  return insertOutboxMail(tx, { ...mail, transport: deps.config.smtpUrl ? 'smtp' : 'log' });
}

/** Sends a stored letter through SMTP_URL, or writes it to the log without it. */
export async function deliverMail(deps: AppDeps, mail: Mail) {
  const { config, log } = deps;
  if (config.smtpUrl) {
    transport ??= nodemailer.createTransport(config.smtpUrl);
    await transport.sendMail({ from: config.mailFrom, to: mail.to, subject: mail.subject, text: mail.body });
  } else {
    log.info({ to: mail.to, subject: mail.subject, body: mail.body }, 'mail (no SMTP_URL configured)');
  }
}
