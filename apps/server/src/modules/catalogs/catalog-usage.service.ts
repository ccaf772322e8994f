import type { Tx } from '../../db/client.js';
import type { AppDeps } from '../../types.js';
import type { EntryRow } from './catalog-kinds.js';
import { childrenOf, findEntryRow, goodsWithOkpd2 } from './catalogs.repository.js';

/**
 * Where a catalogue entry is used. The delete route refuses an entry any checker counts (409
 * has_dependents: archive it instead); the entries' `can_delete` asks the same checkers, so
 * «Удалить» is offered only where the route accepts. Every function runs in the caller's
 * transaction or on the pool.
 */

/**
 * Counts the references of one module to catalogue entries: the count by entry id (an entry
 * missing from the map has none), for a whole page of entries in one query.
 */
export type CatalogUsageChecker = {
  /** what refers to the entry, in Russian (shown in the 409 message) */
  name: string;
  count: (db: Tx, entries: readonly EntryRow[]) => Promise<Map<number, number>>;
};

const okpd2Of = (entries: readonly EntryRow[]) => entries.filter((e) => e.kind === 'okpd2');

/** The catalogues' own references: sub-codes and goods of an ОКПД2 code. */
const OWN_USAGE: CatalogUsageChecker[] = [
  {
    name: 'Подчинённые коды ОКПД2',
    count: (db, entries) =>
      childrenOf(
        db,
        okpd2Of(entries).map((e) => e.id),
      ),
  },
  {
    name: 'Товары, работы, услуги',
    count: async (db, entries) => {
      const codes = okpd2Of(entries);
      const byCode = await goodsWithOkpd2(db, [...new Set(codes.map((e) => e.code))]);
      return new Map(codes.map((e) => [e.id, byCode.get(e.code) ?? 0]));
    },
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
    const count = (await c.count(tx, [entry])).get(entry.id) ?? 0;
    if (count > 0) out.push({ name: c.name, count });
  }
  return out;
}

/**
 * The ids of the entries used anywhere: one query per checker for the whole list, each asked only
 * about the entries no checker before it counted (none once all are).
 */
export async function catalogEntriesInUse(
  deps: AppDeps,
  tx: Tx,
  entries: readonly EntryRow[],
): Promise<Set<number>> {
  const used = new Set<number>();
  for (const c of checkers(deps)) {
    const open = entries.filter((e) => !used.has(e.id));
    if (open.length === 0) break;
    for (const [id, n] of await c.count(tx, open)) if (n > 0) used.add(id);
  }
  return used;
}
