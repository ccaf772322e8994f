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
