import { fromKopecks, toScaled } from '@zakupki/shared';
import { and, asc, count, desc, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias, type PgSelect } from 'drizzle-orm/pg-core';
import { arrayParam } from '../../db/bulk.js';
import type { Tx } from '../../db/client.js';
import { containsPattern, prefixPattern } from '../../db/like.js';
import { onPage } from '../../db/paging.js';
import {
  contracts,
  eisPlanPositions,
  eisPlanPositionVersions,
  eisPlans,
  eisPlanVersions,
} from '../../db/schema/index.js';
import { positionHasProcurement, procurementLinks } from './eis-plan-links.repository.js';

/** The positions of the plans: pages, totals, links to procurements and contracts, the picker. */

/** Filters of the positions page (already validated). */
export type PositionFilter = {
  status?: string;
  method?: string;
  month?: number;
  okpd2?: string;
  q?: string;
  has_procurement?: boolean;
  has_contract?: boolean;
};

/** Contracts linked to a position: the company's, naming the position's number, not cancelled. */
const linkedContracts = (companyId: number, number: SQL | AnyPgColumn) =>
  sql`${contracts.companyId} = ${companyId} and ${contracts.planPositionNumber} = ${number} and ${contracts.status} <> 'cancelled' and ${contracts.archivedAt} is null`;

const pp = alias(eisPlanPositions, 'pp');
/** `from` of the alias (an alias in a raw fragment renders by its name alone) */
const fromPp = sql`${eisPlanPositions} ${sql.identifier('pp')}`;

/**
 * The filters of the positions page on the position versions alone (no join to the positions: a
 * page's ids come from an index, the totals from the version rows). A number asked for in `q` is
 * looked up by the unique index; «has a contract» through the position's number.
 */
function positionWhere(versionId: number, companyId: number, f: PositionFilter): SQL | undefined {
  const pv = eisPlanPositionVersions;
  const hasContract = sql`exists (select 1 from ${fromPp} inner join ${contracts} on ${linkedContracts(companyId, pp.number)} where ${pp.id} = ${pv.positionId})`;
  return and(
    eq(pv.versionId, versionId),
    f.status ? eq(pv.status, f.status) : undefined,
    f.method ? eq(pv.methodCode, f.method) : undefined,
    f.month ? eq(pv.month, f.month) : undefined,
    f.okpd2 ? sql`${pv.okpd2Codes} like ${`% ${prefixPattern(f.okpd2)}`}` : undefined,
    f.q
      ? sql`(${pv.subject} ilike ${containsPattern(f.q)} or ${pv.positionId} = (select ${pp.id} from ${fromPp} where ${pp.companyId} = ${companyId} and ${pp.number} = ${f.q}))`
      : undefined,
    f.has_procurement === undefined
      ? undefined
      : f.has_procurement
        ? positionHasProcurement(sql`${pv.positionId}`)
        : sql`not ${positionHasProcurement(sql`${pv.positionId}`)}`,
    f.has_contract === undefined ? undefined : f.has_contract ? hasContract : sql`not ${hasContract}`,
  );
}

/**
 * A page of the positions a filter selects, in file order, with their contracts' count and sum.
 * The page's ids are taken first (from an index where the filter allows: an OFFSET into the
 * version then skips index entries, not joined rows) and the rows read for them; the contracts
 * are counted for the page's rows only.
 */
export async function positionsPage(
  tx: Tx,
  companyId: number,
  versionId: number,
  f: PositionFilter,
  page: { page: number; limit: number },
) {
  const pv = eisPlanPositionVersions;
  // unfiltered, a page is a range of `sort` (1…N in file order, as the import numbers a
  // version's positions): a deep page reads its 50 index entries, not the ones an OFFSET skips
  const filtered = Object.values(f).some((x) => x !== undefined);
  const ids = filtered
    ? onPage(
        tx
          .select({ id: pv.id })
          .from(pv)
          .where(positionWhere(versionId, companyId, f))
          .orderBy(asc(pv.sort)),
        page,
      )
    : tx
        .select({ id: pv.id })
        .from(pv)
        .where(and(eq(pv.versionId, versionId), gt(pv.sort, (page.page - 1) * page.limit)))
        .orderBy(asc(pv.sort))
        .limit(page.limit);
  const rows = await tx
    .select({ pv, number: eisPlanPositions.number, guid: eisPlanPositions.guid })
    .from(pv)
    .innerJoin(eisPlanPositions, eq(eisPlanPositions.id, pv.positionId))
    .where(inArray(pv.id, ids))
    .orderBy(asc(pv.sort));
  const sums = rows.length
    ? await tx
        .select({
          number: contracts.planPositionNumber,
          n: sql<number>`count(*)::int`,
          sum: sql<string>`sum(${contracts.price})::text`,
        })
        .from(contracts)
        .where(
          linkedContracts(
            companyId,
            sql`any(${arrayParam(
              rows.map((r) => r.number),
              'text',
            )})`,
          ),
        )
        .groupBy(contracts.planPositionNumber)
    : [];
  const byNumber = new Map(sums.map((x) => [x.number, x]));
  const procurements = await procurementSums(
    tx,
    companyId,
    rows.map((r) => r.pv.positionId),
  );
  return rows.map((r) => ({
    ...r,
    contracts: byNumber.get(r.number)?.n ?? 0,
    contractAmount: byNumber.get(r.number)?.sum ?? '0',
    procurements: procurements.get(r.pv.positionId)?.n ?? 0,
    procurementAmount: procurements.get(r.pv.positionId)?.sum ?? '0',
  }));
}

/** Live procurements naming each position: their count and the amount they hold of it. */
export async function procurementSums(tx: Tx, companyId: number, positionIds: number[]) {
  const out = new Map<number, { n: number; sum: string }>();
  if (positionIds.length === 0) return out;
  for (const l of await procurementLinks(tx, companyId, positionIds)) {
    if (!l.live) continue;
    const cur = out.get(l.positionId) ?? { n: 0, sum: '0.00' };
    out.set(l.positionId, { n: cur.n + 1, sum: fromKopecks(toScaled(cur.sum, 2) + toScaled(l.amount, 2)) });
  }
  return out;
}

/** The numbers of a plan's positions that live procurements name. */
export async function procurementNumbers(tx: Tx, planId: number): Promise<string[]> {
  const rows = await tx
    .select({ number: eisPlanPositions.number })
    .from(eisPlanPositions)
    .where(and(eq(eisPlanPositions.planId, planId), positionHasProcurement(eisPlanPositions.id)));
  return rows.map((r) => r.number);
}

type TotalsRow = {
  g: number;
  code: string | null;
  name: string | null;
  year: number | null;
  month: number | null;
  all: number;
  count: number;
  sum: string;
  sme: string;
};

/**
 * The count of the positions a filter selects and their totals — by method, by month, and overall
 * with the SME-only share, annulled ones left out — in ONE scan (grouping sets). With `cap`, at
 * most `cap + 1` matching rows are read: `capped` says more than `cap` match (the totals are then
 * of an arbitrary part and must not be shown).
 */
export async function positionTotals(
  tx: Tx,
  companyId: number,
  versionId: number,
  f: PositionFilter,
  cap?: number,
) {
  const pv = eisPlanPositionVersions;
  const matching = tx
    .select({
      methodCode: pv.methodCode,
      methodName: pv.methodName,
      year: pv.year,
      month: pv.month,
      status: pv.status,
      price: pv.price,
      smeOnly: pv.smeOnly,
    })
    .from(pv)
    .where(positionWhere(versionId, companyId, f))
    .$dynamic();
  const m = (cap === undefined ? matching : matching.limit(cap + 1)).as('m');
  const live = sql`${m.status} is distinct from 'A'`;
  const rows = (await tx
    .select({
      g: sql<number>`grouping(${m.methodCode}, ${m.year}, ${m.month})`,
      code: m.methodCode,
      name: sql<string | null>`max(${m.methodName})`,
      year: m.year,
      month: m.month,
      all: sql<number>`count(*)::int`,
      count: sql<number>`(count(*) filter (where ${live}))::int`,
      sum: sql<string>`coalesce(sum(${m.price}) filter (where ${live}), 0)::text`,
      sme: sql<string>`coalesce(sum(${m.price}) filter (where ${live} and ${m.smeOnly}), 0)::text`,
    })
    .from(m)
    .groupBy(sql`grouping sets ((${m.methodCode}), (${m.year}, ${m.month}), ())`)) as TotalsRow[];
  const byMethod = rows
    .filter((r) => Number(r.g) === 3 && r.count > 0)
    .sort((a, b) => Number(b.sum) - Number(a.sum));
  const byMonth = rows
    .filter((r) => Number(r.g) === 4 && r.count > 0)
    .sort((a, b) => (a.year ?? 0) - (b.year ?? 0) || (a.month ?? 0) - (b.month ?? 0));
  const grand = rows.find((r) => Number(r.g) === 7);
  const pick = <T extends TotalsRow>(r: T) => ({ code: r.code, name: r.name, count: r.count, sum: r.sum });
  const total = grand?.all ?? 0;
  return {
    total: cap !== undefined && total > cap ? cap : total,
    capped: cap !== undefined && total > cap,
    byMethod: byMethod.map(pick),
    byMonth: byMonth.map((r) => ({ year: r.year, month: r.month, count: r.count, sum: r.sum })),
    all: { count: grand?.count ?? 0, sum: grand?.sum ?? '0', sme: grand?.sme ?? '0' },
  };
}

/**
 * A version's totals cells (`EisPlanTotalsCell`) as one jsonb value, computed from its position
 * versions (an `update` of the version sets it).
 */
export const versionTotalsCells = (versionId: SQL | number) => {
  const pv = eisPlanPositionVersions;
  return sql`(select coalesce(jsonb_agg(jsonb_build_array(c.code, c.name, c.year, c.month, c.status, c.sme, c.n, c.s)), '[]'::jsonb) from (select ${pv.methodCode} as code, max(${pv.methodName}) as name, ${pv.year} as year, ${pv.month} as month, ${pv.status} as status, ${pv.smeOnly} as sme, count(*)::int as n, coalesce(sum(${pv.price}), 0)::text as s from ${pv} where ${pv.versionId} = ${versionId} group by 1, 3, 4, 5, 6) c)`;
};

export async function findPositionByNumber(tx: Tx, companyId: number, number: string) {
  const [row] = await tx
    .select({ position: eisPlanPositions, plan: eisPlans })
    .from(eisPlanPositions)
    .innerJoin(eisPlans, eq(eisPlans.id, eisPlanPositions.planId))
    .where(and(eq(eisPlanPositions.companyId, companyId), eq(eisPlanPositions.number, number)));
  return row;
}

/** A position in every version that holds it, oldest first. */
export async function positionHistory(tx: Tx, positionId: number) {
  return tx
    .select({ pv: eisPlanPositionVersions, version: eisPlanVersions })
    .from(eisPlanPositionVersions)
    .innerJoin(eisPlanVersions, eq(eisPlanVersions.id, eisPlanPositionVersions.versionId))
    .where(eq(eisPlanPositionVersions.positionId, positionId))
    .orderBy(asc(eisPlanVersions.version));
}

/** Contracts naming positions of a plan (by number), not cancelled. */
export async function contractsForNumbers(tx: Tx, companyId: number, numbers: string[]) {
  if (numbers.length === 0) return [];
  return tx
    .select({
      id: contracts.id,
      number: contracts.number,
      date: contracts.contractDate,
      subject: contracts.subject,
      price: contracts.price,
      status: contracts.status,
      planPositionNumber: contracts.planPositionNumber,
    })
    .from(contracts)
    .where(
      and(
        eq(contracts.companyId, companyId),
        sql`${contracts.planPositionNumber} = any(${arrayParam(numbers, 'text')})`,
        sql`${contracts.status} <> 'cancelled'`,
        sql`${contracts.archivedAt} is null`,
      ),
    );
}

/** The numbers of a plan's positions that contracts name. */
export async function linkedNumbers(tx: Tx, companyId: number, planId: number): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ number: eisPlanPositions.number })
    .from(eisPlanPositions)
    .innerJoin(
      contracts,
      and(
        eq(contracts.companyId, companyId),
        eq(contracts.planPositionNumber, eisPlanPositions.number),
        sql`${contracts.status} <> 'cancelled'`,
        sql`${contracts.archivedAt} is null`,
      ),
    )
    .where(eq(eisPlanPositions.planId, planId));
  return rows.map((r) => r.number);
}

/**
 * The picker of plan positions (the contract card): positions of every plan of the company as the
 * plan's version in force states them, each word of `q` found in the subject or at the start of
 * the number; the newest plans first, positions in file order. One page and the total.
 */
export async function searchPositions(
  tx: Tx,
  companyId: number,
  q: string | undefined,
  page: { page: number; limit: number },
) {
  const pv = eisPlanPositionVersions;
  const words = (q ?? '').split(/\s+/).filter(Boolean).slice(0, 8);
  const where = and(
    eq(eisPlanPositions.companyId, companyId),
    ...words.map(
      (w) =>
        sql`(${pv.subject} ilike ${containsPattern(w)} or ${eisPlanPositions.number} like ${prefixPattern(w)})`,
    ),
  );
  // the positions as the version in force of their plan states them, for the page and its total
  const inForce = <T extends PgSelect>(q: T) =>
    q
      .innerJoin(eisPlans, eq(eisPlans.id, eisPlanPositions.planId))
      .innerJoin(
        eisPlanVersions,
        and(eq(eisPlanVersions.planId, eisPlans.id), eq(eisPlanVersions.version, eisPlans.currentVersion)),
      )
      .innerJoin(pv, and(eq(pv.versionId, eisPlanVersions.id), eq(pv.positionId, eisPlanPositions.id)))
      .where(where);
  const list = inForce(
    tx
      .select({
        id: eisPlanPositions.id,
        number: eisPlanPositions.number,
        subject: pv.subject,
        price: pv.price,
        currency: pv.currency,
        status: pv.status,
        methodName: pv.methodName,
        registrationNumber: eisPlans.registrationNumber,
        planYear: eisPlans.year,
      })
      .from(eisPlanPositions)
      .$dynamic(),
  );
  const [rows, [{ n }]] = await Promise.all([
    onPage(list.orderBy(desc(eisPlans.year), asc(eisPlans.registrationNumber), asc(pv.sort)), page),
    inForce(tx.select({ n: count() }).from(eisPlanPositions).$dynamic()),
  ]);
  return { rows, total: Number(n) };
}
