import { inject } from 'vitest';
import type { SunkMail } from './smtp-sink.js';

/** Letters the server sent to `to` (the SMTP sink of the global setup). */
export async function mailTo(to: string): Promise<SunkMail[]> {
  const res = await fetch(`${inject('mailUrl')}/messages?to=${encodeURIComponent(to)}`);
  if (!res.ok) throw new Error(`mail sink answered ${res.status}`);
  return (await res.json()) as SunkMail[];
}

/** Waits for a letter to `to` whose subject matches, polling the sink; returns the newest. */
export async function waitForMail(to: string, subject: RegExp, timeoutMs = 20_000): Promise<SunkMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await mailTo(to)).filter((m) => subject.test(m.subject));
    if (found.length) return found[found.length - 1];
    if (Date.now() > deadline)
      throw new Error(`no letter to ${to} with subject ${subject} in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The 6-digit code of an e-mail confirmation letter («Ваш код: 123456»). */
export function codeFrom(mail: SunkMail): string {
  const m = /Ваш код: (\d{6})/.exec(mail.text);
  if (!m) throw new Error(`no code in the letter: ${mail.text}`);
  return m[1];
}
