import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { insertStatements, rowsOf, runStatements } from '../../db/bulk.js';
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

/** One subject of another module matched with a register entry in force on its date. */
export type RnpMatchRow<T> = { subject: T; entry: RnpEntryRow };

/**
 * The register's entries in force on each subject's date, in one statement: `subjects` is a query
 * (another module's, e.g. the contracts of a period) with at least the columns `inn` (text) and
 * `on_date` (date); each of its rows comes back whole as `subject` (its JSON: dates as YYYY-MM-DD)
 * beside every entry of that ИНН in force on `on_date` — the same test as `rnp.policy.ts`'s
 * `inForce`: included on or before the date, not excluded on or before it. Latest inclusion first.
 */
export async function entriesInForceFor<T>(db: Db | Tx, subjects: SQL): Promise<RnpMatchRow<T>[]> {
  const found = await rowsOf<{
    subject: T;
    id: number;
    registry_number: string;
    law: RnpEntryRow['law'];
    inn: string;
    kpp: string | null;
    name: string;
    included_on: string;
    excluded_on: string | null;
    customer_name: string | null;
    customer_inn: string | null;
    purchase_number: string | null;
    reason: string | null;
  }>(
    db,
    sql`select to_jsonb(s) as subject, e.id, e.registry_number, e.law, e.inn, e.kpp, e.name,
        e.included_on::text as included_on, e.excluded_on::text as excluded_on, e.customer_name,
        e.customer_inn, e.purchase_number, e.reason
      from (${subjects}) s
      join rnp_entries e on e.inn = s.inn and e.included_on <= s.on_date
        and (e.excluded_on is null or s.on_date < e.excluded_on)
      order by e.included_on desc, e.registry_number`,
  );
  return found.map((r) => ({
    subject: r.subject,
    entry: {
      id: Number(r.id),
      registryNumber: r.registry_number,
      law: r.law,
      inn: r.inn,
      kpp: r.kpp,
      name: r.name,
      includedOn: r.included_on,
      excludedOn: r.excluded_on,
      customerName: r.customer_name,
      customerInn: r.customer_inn,
      purchaseNumber: r.purchase_number,
      reason: r.reason,
    },
  }));
}
