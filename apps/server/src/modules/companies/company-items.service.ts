import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { Actor } from '../../types.js';
import { audit } from '../audit/audit.service.js';

/**
 * A sub-resource id in a company's URL must belong to that company. A row of another company
 * answers exactly like a missing one (404, same message) and the attempt is audited.
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
  if (owner === companyId) return;
  if (owner !== null) {
    await audit(db, actor, {
      action: 'access_denied',
      entity: item.entity,
      entityId: itemId,
      companyId: owner,
      after: { requested_company_id: companyId },
    });
  }
  throw new AppError('not_found', item.notFound);
}

/** Pages as the wire format has them. */
export const pageResult = <T>(items: T[], total: number, q: { page: number; limit: number }) => ({
  items,
  total,
  page: q.page,
  limit: q.limit,
});
