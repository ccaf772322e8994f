import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { users } from '../db/schema/index.js';

/**
 * One user by id, whatever company it belongs to (the author of a run, an export, a notice);
 * undefined when deleted. The users module's own lookup (`users.repository.ts`) adds visibility.
 */
export async function userById(db: Tx, id: number) {
  const [u] = await db
    .select({
      id: users.id,
      role: users.role,
      companyId: users.companyId,
      title: users.title,
      login: users.login,
      status: users.status,
    })
    .from(users)
    .where(eq(users.id, id));
  return u;
}
