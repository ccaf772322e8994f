import { PROCUREMENT_STATUSES, type ProcurementListQuery } from '@zakupki/shared';
import { and, asc, desc, eq, gte, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { arrayParam, rowsOf } from '../../db/bulk.js';
import type { Tx } from '../../db/client.js';
import { prefixPattern } from '../../db/like.js';
import { tablePage } from '../../db/paging.js';
import { procurements } from '../../db/schema/index.js';
import { todayMoscow } from '../../lib/moscow-time.js';
import type { ProcurementRow } from './procurements.repository.js';

/** Queries of the procurement register's lists: the page, the XLSX export, the deadlines; and counts. */

export type ListIn = z.output<typeof ProcurementListQuery>;

/** Words of the subject (prefixes, Russian stemming) or the beginning of the internal or EIS number. */
export function textCondition(q: string): SQL | undefined {
  const words = (q.match(/[\p{L}\p{N}]+/gu) ?? []).map((w) => `${w}:*`).join(' & ');
  const prefix = prefixPattern(q.toLowerCase());
  const arms: SQL[] = [
    sql`lower(${procurements.number}) like ${prefix}`,
    sql`${procurements.eisNoticeNumber} like ${prefix}`,
  ];
  if (words) arms.push(sql`${procurements.search} @@ to_tsquery('russian', ${words})`);
  return or(...arms);
}

export function listConditions(companyId: number, q: Omit<ListIn, 'page' | 'limit'>, today = todayMoscow()) {
  const published = sql`coalesce(${procurements.publishedOn}, ${procurements.plannedPublicationDate})`;
  return and(
    eq(procurements.companyId, companyId),
    q.status?.length ? inArray(procurements.status, q.status) : undefined,
    q.method_id ? eq(procurements.methodId, q.method_id) : undefined,
    q.customer_id ? eq(procurements.customerId, q.customer_id) : undefined,
    q.source ? eq(procurements.source, q.source) : undefined,
    q.date_from ? sql`${published} >= ${q.date_from}` : undefined,
    q.date_to ? sql`${published} <= ${q.date_to}` : undefined,
    q.nmcd_min !== undefined ? gte(procurements.nmcd, String(q.nmcd_min)) : undefined,
    q.nmcd_max !== undefined ? lte(procurements.nmcd, String(q.nmcd_max)) : undefined,
    q.sme_only ? eq(procurements.smeOnly, q.sme_only === 'true') : undefined,
    q.overdue === 'true' ? lt(procurements.nextDutyDue, today) : undefined,
    q.overdue === 'false'
      ? sql`(${procurements.nextDutyDue} is null or ${procurements.nextDutyDue} >= ${today})`
      : undefined,
    q.q ? textCondition(q.q) : undefined,
  );
}

const statusRank = sql`array_position(array[${sql.join(
  PROCUREMENT_STATUSES.map((s) => sql`${s}`),
  sql`, `,
)}]::text[], ${procurements.status})`;

export function listOrder(q: Pick<ListIn, 'sort' | 'order'>): SQL[] {
  const col = {
    created_at: procurements.createdAt,
    number: procurements.number,
    nmcd: procurements.nmcd,
    planned_publication_date: procurements.plannedPublicationDate,
    bids_deadline: procurements.bidsDeadline,
    status: statusRank,
    subject: procurements.subject,
  }[q.sort];
  const dir = q.order === 'asc' ? sql`asc nulls last` : sql`desc nulls last`;
  return [sql`${col} ${dir}`, q.order === 'asc' ? asc(procurements.id) : desc(procurements.id)] as SQL[];
}

/** A page of the register and the filter's total. */
export function registerPage(tx: Tx, companyId: number, q: ListIn) {
  return tablePage(tx, procurements, listConditions(companyId, q), listOrder(q), q);
}

/** The ids of every procurement of the filter, in the register's order (the XLSX export). */
export async function registerIds(
  tx: Tx,
  companyId: number,
  q: Omit<ListIn, 'page' | 'limit'>,
  today: string,
): Promise<number[]> {
  const rows = await tx
    .select({ id: procurements.id })
    .from(procurements)
    .where(listConditions(companyId, q, today))
    .orderBy(...listOrder(q));
  return rows.map((r) => r.id);
}

/** Procurements by id (any company). */
export function procurementsByIds(tx: Tx, ids: number[]): Promise<ProcurementRow[]> {
  return tx.select().from(procurements).where(inArray(procurements.id, ids));
}

/** The company's procurements with an open duty, the nearest first (at most `limit`). */
export function withOpenDuty(tx: Tx, companyId: number, limit: number): Promise<ProcurementRow[]> {
  return tx
    .select()
    .from(procurements)
    .where(and(eq(procurements.companyId, companyId), sql`${procurements.nextDutyDue} is not null`))
    .orderBy(asc(procurements.nextDutyDue), asc(procurements.id))
    .limit(limit);
}

/**
 * The procurements that point at each of these catalogue entries (method, НМЦД method, funding
 * source), by entry id, in one query.
 */
export async function procurementsUsingEntries(
  tx: Tx,
  entries: readonly { id: number }[],
): Promise<Map<number, number>> {
  if (entries.length === 0) return new Map();
  const rows = await rowsOf<{ id: number; n: number }>(
    tx,
    sql`select e.id, count(*)::int as n
      from unnest(${arrayParam(
        entries.map((e) => e.id),
        'integer',
      )}) as e(id)
      join ${procurements} on ${procurements.methodId} = e.id or ${procurements.nmcdMethodId} = e.id
        or ${procurements.fundingSourceId} = e.id
      group by e.id`,
  );
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}
