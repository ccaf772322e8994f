import { type Okpd2Entry, okpd2ParentCode } from '@zakupki/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { catalogEntries } from '../../db/schema/index.js';
import type { Actor } from '../../types.js';
import { viewOf } from './catalog-kinds.js';
import { assertMayOpen } from './catalogs.policy.js';
import { presentEntries } from './catalogs.presenter.js';
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

/** The nearest ancestor present in the catalogue (a gap in the hierarchy is skipped). */
export async function okpd2ParentId(db: Tx, code: string): Promise<number | null> {
  return (await nearestOkpd2(db, okpd2Ancestors(code)))?.id ?? null;
}

export async function okpd2CodeExists(db: Tx, code: string): Promise<boolean> {
  const [r] = await db
    .select({ id: catalogEntries.id })
    .from(catalogEntries)
    .where(
      and(eq(catalogEntries.kind, 'okpd2'), isNull(catalogEntries.companyId), eq(catalogEntries.code, code)),
    )
    .limit(1);
  return Boolean(r);
}

export async function okpd2ChildCount(db: Tx, id: number): Promise<number> {
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(catalogEntries)
    .where(eq(catalogEntries.parentId, id));
  return Number(n);
}

/** Children of a node (the sections A–U when parentId is absent), by code. */
export async function okpd2Children(
  db: Db,
  actor: Actor,
  q: { parent_id?: number; include_archived?: 'true' | 'false' },
): Promise<Okpd2Entry[]> {
  const view = viewOf('okpd2');
  assertMayOpen(actor, view.descriptor);
  const { rows } = await listEntries(
    db,
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
  return presentEntries<Okpd2Entry>(db, actor, view, rows);
}
