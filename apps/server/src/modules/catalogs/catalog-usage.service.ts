import type { Tx } from '../../db/client.js';
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
const usageCheckers: CatalogUsageChecker[] = [
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
 * Other modules that keep catalogue ids (procurements, contracts, rules) register a checker here;
 * an entry any checker counts is archived, never deleted. Returns the unregister function.
 */
export function registerCatalogUsage(checker: CatalogUsageChecker): () => void {
  usageCheckers.push(checker);
  return () => {
    const i = usageCheckers.indexOf(checker);
    if (i >= 0) usageCheckers.splice(i, 1);
  };
}

/** Where the entry is used: one line per checker that found references. */
export async function catalogEntryUsage(tx: Tx, id: number): Promise<{ name: string; count: number }[]> {
  const entry = await findEntryRow(tx, id);
  if (!entry) return [];
  const out: { name: string; count: number }[] = [];
  for (const c of usageCheckers) {
    const count = await c.count(tx, entry);
    if (count > 0) out.push({ name: c.name, count });
  }
  return out;
}

/** Is the entry used anywhere (stops at the first checker that counts it)? */
export async function catalogEntryInUse(tx: Tx, entry: EntryRow): Promise<boolean> {
  for (const c of usageCheckers) if ((await c.count(tx, entry)) > 0) return true;
  return false;
}
