import type { Db } from '../../db/client.js';
import type { Actor, AppDeps } from '../../types.js';
import { assertOwned } from '../access/access.service.js';

/**
 * A sub-resource id in a company's URL must belong to that company: a row of another company
 * answers exactly like a missing one and the attempt is audited (`assertOwned`).
 * Call before the write transaction: the audit entry must survive the refusal.
 */
export async function ensureOwned(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  itemId: number,
  item: { entity: string; notFound: string; ownerOf: (db: Db, id: number) => Promise<number | null> },
) {
  const owner = await item.ownerOf(deps.db, itemId);
  await assertOwned(deps.db, actor, {
    entity: item.entity,
    id: itemId,
    owner,
    companyId,
    notFound: item.notFound,
  });
}
