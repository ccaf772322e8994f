import { and, eq, gte, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { arrayParam, rowsOf } from '../../db/bulk.js';
import type { Tx } from '../../db/client.js';
import { catalogEntries, contracts, customers, procurements } from '../../db/schema/index.js';

/** Queries of what a contract points at: catalogue entries, customers, procurements; and its counts. */

/** Entries of the company's view of the catalogues (global ones and its own) among `ids`. */
export function visibleEntries(tx: Tx, companyId: number, ids: number[]) {
  return tx
    .select({
      id: catalogEntries.id,
      kind: catalogEntries.kind,
      typeCode: catalogEntries.typeCode,
      code: catalogEntries.code,
      title: catalogEntries.title,
      archivedAt: catalogEntries.archivedAt,
    })
    .from(catalogEntries)
    .where(
      and(
        inArray(catalogEntries.id, ids),
        inArray(catalogEntries.kind, ['generic', 'method']),
        or(isNull(catalogEntries.companyId), eq(catalogEntries.companyId, companyId)),
      ),
    );
}

/**
 * The entry of the methods catalogue the company sees with this code, not archived unless it is
 * `keptId`; the company's own entry wins over a global one with the same code.
 */
export async function methodByCode(tx: Tx, companyId: number, code: string, keptId: number) {
  const [row] = await tx
    .select({ id: catalogEntries.id, code: catalogEntries.code, title: catalogEntries.title })
    .from(catalogEntries)
    .where(
      and(
        eq(catalogEntries.kind, 'method'),
        eq(catalogEntries.code, code),
        or(isNull(catalogEntries.companyId), eq(catalogEntries.companyId, companyId)),
        or(isNull(catalogEntries.archivedAt), eq(catalogEntries.id, keptId)),
      ),
    )
    .orderBy(sql`${catalogEntries.companyId} is null`)
    .limit(1);
  return row;
}

/** Rows among the ids that belong to another company than `companyId`: entries, a customer, a procurement. */
export function foreignReferences(
  tx: Tx,
  companyId: number,
  ids: { entries: number[]; customer?: number | null; procurement?: number | null },
) {
  const foreign = and(isNotNull(catalogEntries.companyId), ne(catalogEntries.companyId, companyId));
  return Promise.all([
    ids.entries.length
      ? tx
          .select({ id: catalogEntries.id, companyId: catalogEntries.companyId })
          .from(catalogEntries)
          .where(and(inArray(catalogEntries.id, ids.entries), foreign))
      : [],
    ids.customer
      ? tx
          .select({ id: customers.id, companyId: customers.companyId })
          .from(customers)
          .where(and(eq(customers.id, ids.customer), ne(customers.companyId, companyId)))
      : [],
    ids.procurement
      ? tx
          .select({ id: procurements.id, companyId: procurements.companyId })
          .from(procurements)
          .where(and(eq(procurements.id, ids.procurement), ne(procurements.companyId, companyId)))
      : [],
  ] as const);
}

/** The company's procurement with this id. */
export async function companyProcurement(tx: Tx, companyId: number, id: number) {
  const [row] = await tx
    .select({ id: procurements.id })
    .from(procurements)
    .where(and(eq(procurements.id, id), eq(procurements.companyId, companyId)));
  return row;
}

/** The contracts a company added since `since` (the tariff's «договоров в год»). */
export async function contractsAddedSince(tx: Tx, companyId: number, since: Date): Promise<number> {
  const [{ n }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(contracts)
    .where(and(eq(contracts.companyId, companyId), gte(contracts.createdAt, since)));
  return Number(n);
}

/** The contract column that may name a catalogue entry of this kind and type, or null. */
function entryColumn(entry: { kind: string; typeCode: number | null }) {
  if (entry.kind === 'method') return contracts.procurementMethodId;
  if (entry.kind !== 'generic') return null;
  if (entry.typeCode === 1) return contracts.priceMethodId;
  if (entry.typeCode === 8) return contracts.fundingSourceId;
  if (entry.typeCode === 9) return contracts.contractBasisId;
  return null;
}

/**
 * The contracts that point at each of these catalogue entries (of a kind and type a contract can
 * name), by entry id, in one query (one branch per column the entries may be named in).
 */
export async function contractsUsingEntries(
  tx: Tx,
  entries: readonly { id: number; kind: string; typeCode: number | null }[],
): Promise<Map<number, number>> {
  const byColumn = new Map<PgColumn, number[]>();
  for (const e of entries) {
    const column = entryColumn(e);
    if (!column) continue;
    const ids = byColumn.get(column);
    if (ids) ids.push(e.id);
    else byColumn.set(column, [e.id]);
  }
  if (byColumn.size === 0) return new Map();
  const branches = [...byColumn].map(
    ([column, ids]) =>
      sql`select ${column} as id, count(*)::int as n from ${contracts}
        where ${column} = any(${arrayParam(ids, 'integer')}) group by ${column}`,
  );
  const rows = await rowsOf<{ id: number; n: number }>(tx, sql.join(branches, sql` union all `));
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}
