import type { PageQuery } from '@zakupki/shared';
import { desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { countOf, offsetOf } from '../../db/paging.js';
import { contractVersions, users } from '../../db/schema/index.js';

/** Queries of the versions of contracts (full snapshots, one per write). */

export async function insertVersions(
  tx: Tx,
  values: (typeof contractVersions.$inferInsert)[],
): Promise<void> {
  await tx.insert(contractVersions).values(values);
}

/**
 * A page of the contract's versions, newest first, with their authors, and the total. The page
 * holds one more row: the revision before the page's last, to tell what it changed.
 */
export async function historyPage(tx: Tx, contractId: number, q: PageQuery) {
  const where = eq(contractVersions.contractId, contractId);
  const [rows, total] = await Promise.all([
    tx
      .select({ v: contractVersions, user: { id: users.id, title: users.title } })
      .from(contractVersions)
      .leftJoin(users, eq(users.id, contractVersions.changedBy))
      .where(where)
      .orderBy(desc(contractVersions.revision))
      .limit(q.limit + 1)
      .offset(offsetOf(q)),
    countOf(tx, contractVersions, where),
  ]);
  return { rows, total };
}
