import { type Okpd2Entry, okpd2ParentCode } from '@zakupki/shared';
import type { Tx } from '../../db/client.js';
import type { Actor, AppDeps } from '../../types.js';
import { presentEntries } from './catalog-access.service.js';
import { viewOf } from './catalog-kinds.js';
import { assertMayOpen } from './catalogs.policy.js';
import { listEntries, nearestOkpd2 } from './catalogs.repository.js';

/** Every ancestor code of an ОКПД2 code, closest first, up to its section. */
export function okpd2Ancestors(code: string): string[] {
  const out: string[] = [];
  let p = okpd2ParentCode(code);
  while (p) {
    out.push(p);
    p = okpd2ParentCode(p);
  }
  return out;
}

/** The nearest ancestor present in the catalogue (a gap in the hierarchy is skipped); runs in the caller's transaction. */
export async function okpd2ParentId(tx: Tx, code: string): Promise<number | null> {
  return (await nearestOkpd2(tx, okpd2Ancestors(code)))?.id ?? null;
}

/** Children of a node (the sections A–U when parentId is absent), by code. */
export async function okpd2Children(
  deps: AppDeps,
  actor: Actor,
  q: { parent_id?: number; include_archived?: 'true' | 'false' },
): Promise<Okpd2Entry[]> {
  const view = viewOf('okpd2');
  assertMayOpen(actor, view.descriptor);
  const { rows } = await listEntries(
    deps.db,
    view,
    {
      companyId: null,
      sort: 'code',
      order: 'asc',
      includeArchived: q.include_archived === 'true',
      parentId: q.parent_id ?? null,
      rootsOnly: !q.parent_id,
    },
    null,
  );
  return presentEntries<Okpd2Entry>(deps, deps.db, actor, view, rows);
}
