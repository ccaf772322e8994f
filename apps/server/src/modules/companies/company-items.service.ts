import type { Db } from '../../db/client.js';
import type { Actor } from '../../types.js';
import { assertOwned } from '../access/access.service.js';

/**
 * A sub-resource id in a company's URL must belong to that company: a row of another company
 * answers exactly like a missing one and the attempt is audited (`assertOwned`).
 * Call before the write transaction: the audit entry must survive the refusal.
 */
export async function ensureOwned(
  db: Db,
  actor: Actor,
  companyId: number,
  itemId: number,
  item: { entity: string; notFound: string; ownerOf: (db: Db, id: number) => Promise<number | null> },
) {
  const owner = await item.ownerOf(db, itemId);
  await assertOwned(db, actor, {
    entity: item.entity,
    id: itemId,
    owner,
    companyId,
    notFound: item.notFound,
  });
}
