import { asc, eq, inArray, sql } from 'drizzle-orm';
import { insertStatements, runStatements } from '../../db/bulk.js';
import type { Db, Tx } from '../../db/client.js';
import { rnpEntries, rnpLoads } from '../../db/schema/index.js';
import type { RnpRow } from './rnp.policy.js';

/** The one row of `rnp_loads`. */
const REGISTER = 'rnp';

export type RnpEntryRow = typeof rnpEntries.$inferSelect;
export type RnpLoadRow = typeof rnpLoads.$inferSelect;

/** Loads of the register take turns until the transaction ends (two uploads at once). */
export async function lockRnpLoads(tx: Tx) {
  await tx.execute(sql`select pg_advisory_xact_lock(727201)`);
}

export async function findLoad(db: Db | Tx): Promise<RnpLoadRow | undefined> {
  const [row] = await db.select().from(rnpLoads).where(eq(rnpLoads.register, REGISTER));
  return row;
}

/** Replaces every entry with a file's rows (in the caller's transaction: all or nothing). */
export async function replaceEntries(tx: Tx, rows: RnpRow[]) {
  await tx.execute(sql`delete from rnp_entries`);
  await runStatements(tx, insertStatements(rnpEntries, rows));
}

export async function saveLoad(tx: Tx, values: Omit<typeof rnpLoads.$inferInsert, 'register'>) {
  await tx
    .insert(rnpLoads)
    .values({ register: REGISTER, ...values })
    .onConflictDoUpdate({ target: rnpLoads.register, set: values });
}

/** Every entry of these ИНН, in force or not, the latest inclusion first. */
export async function entriesByInn(db: Db | Tx, inns: string[]): Promise<RnpEntryRow[]> {
  if (inns.length === 0) return [];
  return db
    .select()
    .from(rnpEntries)
    .where(inArray(rnpEntries.inn, inns))
    .orderBy(sql`${rnpEntries.includedOn} desc`, asc(rnpEntries.registryNumber));
}
