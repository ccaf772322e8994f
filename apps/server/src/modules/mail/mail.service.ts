import nodemailer, { type Transporter } from 'nodemailer';
import type { Tx } from '../../db/client.js';
import type { AppDeps } from '../../types.js';
import { claimUndelivered, insertOutboxMail, markDelivered, markFailed } from './mail.repository.js';

/** One SMTP transport per SMTP_URL (a node has one; tests may point a deps copy elsewhere). */
const transports = new Map<string, Transporter>();

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
    let transport = transports.get(config.smtpUrl);
    if (!transport) {
      transport = nodemailer.createTransport(config.smtpUrl);
      transports.set(config.smtpUrl, transport);
    }
    await transport.sendMail({ from: config.mailFrom, to: mail.to, subject: mail.subject, text: mail.body });
  } else {
    log.info({ to: mail.to, subject: mail.subject, body: mail.body }, 'mail (no SMTP_URL configured)');
  }
}

/** Attempts a letter gets before it is left undelivered (its `last_error` says why). */
export const MAIL_MAX_ATTEMPTS = 6;
/** The wait after the n-th failed attempt is n times this (5, 10, 15 ... minutes). */
export const MAIL_RETRY_SECONDS = 300;

/**
 * Delivers stored letters (`storeMail`) that are not delivered yet and due for an attempt, each
 * claimed by one node at a time: a delivered one gets `sent_at`, a failed one its error and a
 * later `retry_at`, to be tried again by the next call (a scheduled job calls it) up to
 * MAIL_MAX_ATTEMPTS. Returns how many were delivered and how many failed now.
 */
export async function deliverStoredMail(
  deps: AppDeps,
  ids: number[],
): Promise<{ delivered: number; failed: number }> {
  const claimed = await claimUndelivered(deps.db, ids, MAIL_MAX_ATTEMPTS, MAIL_RETRY_SECONDS);
  let delivered = 0;
  for (const m of claimed) {
    try {
      await deliverMail(deps, { to: m.to, subject: m.subject, body: m.body });
      await markDelivered(deps.db, m.id);
      delivered += 1;
    } catch (err) {
      await markFailed(deps.db, m.id, err instanceof Error ? err.message : String(err));
      deps.log.error({ err, to: m.to, attempt: m.attempts }, 'letter not delivered, will be retried');
    }
  }
  return { delivered, failed: claimed.length - delivered };
}
