import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { mailOutbox } from '../../db/schema/index.js';

/** Keeps a letter in `mail_outbox`; returns its id. */
export async function insertOutboxMail(
  db: Tx,
  mail: { to: string; subject: string; body: string; transport: string },
): Promise<number> {
  const [row] = await db.insert(mailOutbox).values(mail).returning({ id: mailOutbox.id });
  return row.id;
}

/**
 * Claims the listed letters not delivered yet whose next attempt is due: counts the attempt and
 * moves the next one `backoffSeconds × attempts` ahead, so a letter is tried by one node at a time
 * (SKIP LOCKED) and a failed one waits. Returns the claimed letters.
 */
export async function claimUndelivered(db: Tx, ids: number[], maxAttempts: number, backoffSeconds: number) {
  if (ids.length === 0) return [];
  const result = (await db.execute(sql`
    update mail_outbox m
       set attempts = m.attempts + 1,
           retry_at = now() + make_interval(secs => ${backoffSeconds} * (m.attempts + 1))
     where m.id in (
       select id from mail_outbox
        where id in (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )})
          and sent_at is null and attempts < ${maxAttempts}
          and (retry_at is null or retry_at <= now())
        for update skip locked)
    returning m.id, m."to", m.subject, m.body, m.attempts`)) as unknown as {
    rows: { id: number; to: string; subject: string; body: string; attempts: number }[];
  };
  return result.rows;
}

export async function markDelivered(db: Tx, id: number) {
  await db.update(mailOutbox).set({ sentAt: new Date(), lastError: null }).where(eq(mailOutbox.id, id));
}

export async function markFailed(db: Tx, id: number, error: string) {
  await db
    .update(mailOutbox)
    .set({ lastError: error.slice(0, 1000) })
    .where(eq(mailOutbox.id, id));
}
