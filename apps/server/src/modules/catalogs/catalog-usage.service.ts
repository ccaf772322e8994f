import type { Tx } from '../../db/client.js';
import type { AppDeps } from '../../types.js';
import type { EntryRow } from './catalog-kinds.js';
import { countChildren, countGoodsWithOkpd2, findEntryRow } from './catalogs.repository.js';

/**
 * Where a catalogue entry is used. The delete route refuses an entry any checker counts (409
 * has_dependents: archive it instead); the entries' `can_delete` asks the same checkers, so
 * «Удалить» is offered only where the route accepts. Every function runs in the caller's
 * transaction or on the pool.
 */

/** Counts the references of one module to a catalogue entry (0: none). */
export type CatalogUsageChecker = {
  /** what refers to the entry, in Russian (shown in the 409 message) */
  name: string;
  count: (db: Tx, entry: EntryRow) => Promise<number>;
};
/** The catalogues' own references: sub-codes and goods of an ОКПД2 code. */
const OWN_USAGE: CatalogUsageChecker[] = [
  {
    name: 'Подчинённые коды ОКПД2',
    count: async (db, e) => (e.kind === 'okpd2' ? countChildren(db, e.id) : 0),
  },
  {
    name: 'Товары, работы, услуги',
    count: async (db, e) => (e.kind === 'okpd2' ? countGoodsWithOkpd2(db, e.code) : 0),
  },
];

/**
 * The checkers: the catalogues' own and those the modules that keep catalogue ids (procurements,
 * contracts, rules) declare (`catalogUsage` of `defineModule`); an entry any checker counts is
 * archived, never deleted.
 */
function checkers(deps: AppDeps): CatalogUsageChecker[] {
  return [...OWN_USAGE, ...deps.declared.catalogUsage];
}

/** Where the entry is used: one line per checker that found references. */
export async function catalogEntryUsage(
  deps: AppDeps,
  tx: Tx,
  id: number,
): Promise<{ name: string; count: number }[]> {
  const entry = await findEntryRow(tx, id);
  if (!entry) return [];
  const out: { name: string; count: number }[] = [];
  for (const c of checkers(deps)) {
    const count = await c.count(tx, entry);
    if (count > 0) out.push({ name: c.name, count });
  }
  return out;
}

/** Is the entry used anywhere (stops at the first checker that counts it)? */
export async function catalogEntryInUse(deps: AppDeps, tx: Tx, entry: EntryRow): Promise<boolean> {
  for (const c of checkers(deps)) if ((await c.count(tx, entry)) > 0) return true;
  return false;
}
