import type { Tx } from '../../db/client.js';
import type { Actor } from '../../types.js';
import { type EntryListRow, toEntry, type View } from './catalog-kinds.js';
import { writeDecider } from './catalogs.policy.js';
import { okpd2Paths } from './catalogs.repository.js';

/**
 * Entries as the API answers them: the stored shape (toEntry, which is also what the audit keeps)
 * plus the caller's `can_write` from the write policy and, for ОКПД2, the titled path up the tree.
 */
export async function presentEntries<T>(
  db: Tx,
  actor: Actor,
  view: View,
  rows: EntryListRow[],
): Promise<T[]> {
  const canWrite = await writeDecider(
    db,
    actor,
    view.descriptor,
    rows.map((r) => r.companyId),
  );
  const paths =
    view.kind === 'okpd2'
      ? await okpd2Paths(
          db,
          rows.map((r) => r.id),
        )
      : null;
  return rows.map(
    (r) =>
      ({
        ...toEntry<Record<string, unknown>>(r),
        ...(paths ? { path: paths.get(r.id) ?? [] } : {}),
        can_write: canWrite(r.companyId),
      }) as T,
  );
}

export async function presentEntry<T>(db: Tx, actor: Actor, view: View, row: EntryListRow): Promise<T> {
  const [one] = await presentEntries<T>(db, actor, view, [row]);
  return one;
}
