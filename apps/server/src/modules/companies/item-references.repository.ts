import { type SQL, sql } from 'drizzle-orm';
import { arrayParam } from '../../db/bulk.js';
import type { Tx } from '../../db/client.js';
import type { Dependent } from './companies.policy.js';

/**
 * What refers to rows of a company's sub-resource (customers, contacts, bank requisites): every
 * foreign key onto the table found in the catalogue (so a table added later counts without a
 * change here) and, for customers, the Положения naming them in `customer_ids` (an array, no
 * key). One query per referring column for a whole page of ids, not one per row.
 */

type FkRow = { table_name: string; column_name: string };
type CountRow = { id: number; n: number };

async function rowsOf<T>(tx: Tx, query: SQL): Promise<T[]> {
  const r = (await tx.execute(query)) as unknown as { rows: T[] };
  return r.rows;
}

/** Tables that may name a row of a sub-resource other than by a foreign key. */
const ARRAY_REFS: Record<string, { table: string; column: string }[]> = {
  customers: [{ table: 'procurement_rules', column: 'customer_ids' }],
};

/** For each id, the tables that refer to it with how many rows (only ids referred to are in the map). */
export async function referencesTo(
  tx: Tx,
  table: 'customers' | 'contacts' | 'bank_requisites',
  ids: number[],
): Promise<Map<number, Dependent[]>> {
  const out = new Map<number, Dependent[]>();
  if (!ids.length) return out;
  const add = (rows: CountRow[], from: string) => {
    for (const r of rows) {
      const list = out.get(Number(r.id)) ?? [];
      const same = list.find((d) => d.table === from);
      if (same) same.count += Number(r.n);
      else list.push({ table: from, count: Number(r.n) });
      out.set(Number(r.id), list);
    }
  };
  const fks = await rowsOf<FkRow>(
    tx,
    sql`select cl.relname as table_name, a.attname as column_name
        from pg_constraint c
        join pg_class cl on cl.oid = c.conrelid
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
        where c.contype = 'f' and c.confrelid = ${table}::regclass
          and array_length(c.conkey, 1) = 1 and c.confdeltype not in ('c', 'n')
        order by cl.relname, a.attname`,
  );
  const wanted = arrayParam(ids, 'int4');
  for (const fk of fks) {
    const col = sql.identifier(fk.column_name);
    add(
      await rowsOf<CountRow>(
        tx,
        sql`select ${col} as id, count(*)::int as n from ${sql.identifier(fk.table_name)}
            where ${col} = any(${wanted}) group by ${col}`,
      ),
      fk.table_name,
    );
  }
  for (const ref of ARRAY_REFS[table] ?? []) {
    const col = sql.identifier(ref.column);
    add(
      await rowsOf<CountRow>(
        tx,
        sql`select x.id, count(*)::int as n from ${sql.identifier(ref.table)}, unnest(${col}) as x(id)
            where x.id = any(${wanted}) group by x.id`,
      ),
      ref.table,
    );
  }
  return out;
}
