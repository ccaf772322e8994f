import { type EisPlanListQuery, fromKopecks, toScaled } from '@zakupki/shared';
import { and, asc, count, desc, eq, lt, type SQL, sql } from 'drizzle-orm';
import { arrayParam, insertStatements, rowsOf, runStatements } from '../../db/bulk.js';
import type { Tx } from '../../db/client.js';
import {
  contracts,
  type EisPlanTotalsJson,
  eisPlanPositions,
  eisPlanPositionVersions,
  eisPlans,
  eisPlanVersions,
} from '../../db/schema/index.js';
import {
  positionHasProcurement,
  procurementLinks,
} from '../procurements/procurement-positions.repository.js';

/** Every query of the plans module. */

export type PlanRow = typeof eisPlans.$inferSelect;
export type VersionRow = typeof eisPlanVersions.$inferSelect;
export type PositionVersionInsert = typeof eisPlanPositionVersions.$inferInsert;
export type PositionVersionRow = typeof eisPlanPositionVersions.$inferSelect & {
  number: string;
  guid: string;
};

export async function findPlanByNumber(tx: Tx, companyId: number, registrationNumber: string) {
  const [row] = await tx
    .select()
    .from(eisPlans)
    .where(and(eq(eisPlans.companyId, companyId), eq(eisPlans.registrationNumber, registrationNumber)));
  return row;
}

export async function findPlan(tx: Tx, companyId: number, planId: number): Promise<PlanRow | undefined> {
  const [row] = await tx
    .select()
    .from(eisPlans)
    .where(and(eq(eisPlans.companyId, companyId), eq(eisPlans.id, planId)));
  return row;
}

export async function findVersion(tx: Tx, planId: number, version: number): Promise<VersionRow | undefined> {
  const [row] = await tx
    .select()
    .from(eisPlanVersions)
    .where(and(eq(eisPlanVersions.planId, planId), eq(eisPlanVersions.version, version)));
  return row;
}

/** The stored version just before `version` (the base of its changes). */
export async function previousVersion(
  tx: Tx,
  planId: number,
  version: number,
): Promise<VersionRow | undefined> {
  const [row] = await tx
    .select()
    .from(eisPlanVersions)
    .where(and(eq(eisPlanVersions.planId, planId), lt(eisPlanVersions.version, version)))
    .orderBy(desc(eisPlanVersions.version))
    .limit(1);
  return row;
}

export async function planVersions(tx: Tx, planId: number): Promise<VersionRow[]> {
  return tx
    .select()
    .from(eisPlanVersions)
    .where(eq(eisPlanVersions.planId, planId))
    .orderBy(desc(eisPlanVersions.version));
}

export async function insertPlan(tx: Tx, v: typeof eisPlans.$inferInsert): Promise<PlanRow> {
  const [row] = await tx.insert(eisPlans).values(v).returning();
  return row;
}

export async function setCurrentVersion(tx: Tx, planId: number, version: number) {
  await tx
    .update(eisPlans)
    .set({ currentVersion: version, updatedAt: new Date() })
    .where(eq(eisPlans.id, planId));
}

export async function insertVersion(tx: Tx, v: typeof eisPlanVersions.$inferInsert): Promise<VersionRow> {
  const [row] = await tx.insert(eisPlanVersions).values(v).returning();
  return row;
}

/** Known positions of a plan: guid -> id, and the numbers taken. */
export async function planPositionKeys(tx: Tx, planId: number, _companyId: number) {
  const rows = await tx
    .select({ id: eisPlanPositions.id, guid: eisPlanPositions.guid, number: eisPlanPositions.number })
    .from(eisPlanPositions)
    .where(eq(eisPlanPositions.planId, planId));
  return { ids: new Map(rows.map((r) => [r.guid, r.id])), numbers: rows.map((r) => r.number) };
}

/** New positions in one statement per 20 000 rows; returns guid -> id. */
export async function insertPositions(
  tx: Tx,
  planId: number,
  companyId: number,
  rows: { guid: string; number: string; ordinalNumber: number; firstVersion: number }[],
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (rows.length === 0) return out;
  const statements = insertStatements(
    eisPlanPositions,
    rows.map((r) => ({ planId, companyId, ...r })),
  );
  for (const statement of statements) {
    for (const r of await rowsOf<{ id: number; guid: string }>(tx, sql`${statement} returning id, guid`)) {
      out.set(r.guid, Number(r.id));
    }
  }
  return out;
}

export async function insertPositionVersions(tx: Tx, rows: PositionVersionInsert[]) {
  await runStatements(tx, insertStatements(eisPlanPositionVersions, rows));
}

/** Every position of a version with its number, in file order. */
export async function versionPositionRows(tx: Tx, versionId: number): Promise<PositionVersionRow[]> {
  const rows = await tx
    .select({ pv: eisPlanPositionVersions, number: eisPlanPositions.number, guid: eisPlanPositions.guid })
    .from(eisPlanPositionVersions)
    .innerJoin(eisPlanPositions, eq(eisPlanPositions.id, eisPlanPositionVersions.positionId))
    .where(eq(eisPlanPositionVersions.versionId, versionId))
    .orderBy(asc(eisPlanPositionVersions.sort));
  return rows.map((r) => ({ ...r.pv, number: r.number, guid: r.guid }));
}

export async function listPlans(tx: Tx, companyId: number, q: EisPlanListQuery) {
  const where = and(
    eq(eisPlans.companyId, companyId),
    q.year ? eq(eisPlans.year, q.year) : undefined,
    q.type ? eq(eisPlans.planType, q.type) : undefined,
    q.status ? eq(eisPlanVersions.status, q.status) : undefined,
  );
  const base = () =>
    tx
      .select({ plan: eisPlans, current: eisPlanVersions })
      .from(eisPlans)
      .innerJoin(
        eisPlanVersions,
        and(eq(eisPlanVersions.planId, eisPlans.id), eq(eisPlanVersions.version, eisPlans.currentVersion)),
      )
      .where(where);
  const rows = await base()
    .orderBy(desc(eisPlans.year), asc(eisPlans.planType), asc(eisPlans.registrationNumber))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [{ total }] = await tx
    .select({ total: count() })
    .from(eisPlans)
    .innerJoin(
      eisPlanVersions,
      and(eq(eisPlanVersions.planId, eisPlans.id), eq(eisPlanVersions.version, eisPlans.currentVersion)),
    )
    .where(where);
  const counts = rows.length
    ? await tx
        .select({ planId: eisPlanVersions.planId, n: count() })
        .from(eisPlanVersions)
        .where(
          sql`${eisPlanVersions.planId} = any(${arrayParam(
            rows.map((r) => r.plan.id),
            'int',
          )})`,
        )
        .groupBy(eisPlanVersions.planId)
    : [];
  const versions = new Map(counts.map((c) => [c.planId, c.n]));
  return { rows: rows.map((r) => ({ ...r, versions: versions.get(r.plan.id) ?? 1 })), total };
}

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
const linkedContracts = (companyId: number) =>
  sql`${contracts.companyId} = ${companyId} and ${contracts.planPositionNumber} = ${eisPlanPositions.number} and ${contracts.status} <> 'cancelled' and ${contracts.archivedAt} is null`;

/** A live procurement (not cancelled, not failed) names the position, itself or through a lot. */
const hasProcurement = (want: boolean): SQL =>
  want
    ? positionHasProcurement(eisPlanPositions.id)
    : sql`not ${positionHasProcurement(eisPlanPositions.id)}`;

function positionWhere(versionId: number, companyId: number, f: PositionFilter): SQL | undefined {
  const pv = eisPlanPositionVersions;
  const escaped = (s: string) => s.replace(/[\\%_]/g, '\\$&');
  return and(
    eq(pv.versionId, versionId),
    f.status ? eq(pv.status, f.status) : undefined,
    f.method ? eq(pv.methodCode, f.method) : undefined,
    f.month ? eq(pv.month, f.month) : undefined,
    f.okpd2 ? sql`${pv.okpd2Codes} like ${`% ${escaped(f.okpd2)}%`}` : undefined,
    f.q
      ? sql`(${pv.subject} ilike ${`%${escaped(f.q)}%`} or ${eisPlanPositions.number} = ${f.q})`
      : undefined,
    f.has_procurement === undefined ? undefined : hasProcurement(f.has_procurement),
    f.has_contract === undefined
      ? undefined
      : f.has_contract
        ? sql`exists (select 1 from ${contracts} where ${linkedContracts(companyId)})`
        : sql`not exists (select 1 from ${contracts} where ${linkedContracts(companyId)})`,
  );
}

/**
 * A page of the positions a filter selects, in file order, with their contracts' count and sum.
 * The page is taken first and the contracts counted for its rows only (in the select list they
 * would be counted for every row an OFFSET skips).
 */
export async function positionsPage(
  tx: Tx,
  companyId: number,
  versionId: number,
  f: PositionFilter,
  page: { page: number; limit: number },
) {
  const pv = eisPlanPositionVersions;
  const rows = await tx
    .select({ pv, number: eisPlanPositions.number, guid: eisPlanPositions.guid })
    .from(pv)
    .innerJoin(eisPlanPositions, eq(eisPlanPositions.id, pv.positionId))
    .where(positionWhere(versionId, companyId, f))
    .orderBy(asc(pv.sort))
    .limit(page.limit)
    .offset((page.page - 1) * page.limit);
  const sums = rows.length
    ? await tx
        .select({
          number: contracts.planPositionNumber,
          n: sql<number>`count(*)::int`,
          sum: sql<string>`sum(${contracts.price})::text`,
        })
        .from(contracts)
        .where(
          and(
            eq(contracts.companyId, companyId),
            sql`${contracts.planPositionNumber} = any(${arrayParam(
              rows.map((r) => r.number),
              'text',
            )})`,
            sql`${contracts.status} <> 'cancelled'`,
            sql`${contracts.archivedAt} is null`,
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
 * with the SME-only share, annulled ones left out — in ONE scan (grouping sets).
 */
export async function positionTotals(tx: Tx, companyId: number, versionId: number, f: PositionFilter) {
  const pv = eisPlanPositionVersions;
  const live = sql`${pv.status} is distinct from 'A'`;
  const rows = (await tx
    .select({
      g: sql<number>`grouping(${pv.methodCode}, ${pv.year}, ${pv.month})`,
      code: pv.methodCode,
      name: sql<string | null>`max(${pv.methodName})`,
      year: pv.year,
      month: pv.month,
      all: sql<number>`count(*)::int`,
      count: sql<number>`(count(*) filter (where ${live}))::int`,
      sum: sql<string>`coalesce(sum(${pv.price}) filter (where ${live}), 0)::text`,
      sme: sql<string>`coalesce(sum(${pv.price}) filter (where ${live} and ${pv.smeOnly}), 0)::text`,
    })
    .from(pv)
    .innerJoin(eisPlanPositions, eq(eisPlanPositions.id, pv.positionId))
    .where(positionWhere(versionId, companyId, f))
    .groupBy(sql`grouping sets ((${pv.methodCode}), (${pv.year}, ${pv.month}), ())`)) as TotalsRow[];
  const byMethod = rows
    .filter((r) => Number(r.g) === 3 && r.count > 0)
    .sort((a, b) => Number(b.sum) - Number(a.sum));
  const byMonth = rows
    .filter((r) => Number(r.g) === 4 && r.count > 0)
    .sort((a, b) => (a.year ?? 0) - (b.year ?? 0) || (a.month ?? 0) - (b.month ?? 0));
  const grand = rows.find((r) => Number(r.g) === 7);
  const pick = <T extends TotalsRow>(r: T) => ({ code: r.code, name: r.name, count: r.count, sum: r.sum });
  return {
    total: grand?.all ?? 0,
    byMethod: byMethod.map(pick),
    byMonth: byMonth.map((r) => ({ year: r.year, month: r.month, count: r.count, sum: r.sum })),
    all: { count: grand?.count ?? 0, sum: grand?.sum ?? '0', sme: grand?.sme ?? '0' },
  };
}

/** Keeps a version's totals (of all its positions) on its row. */
export async function storeVersionTotals(tx: Tx, versionId: number, totals: EisPlanTotalsJson) {
  await tx.update(eisPlanVersions).set({ totals }).where(eq(eisPlanVersions.id, versionId));
}

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

export async function findPositionByGuid(tx: Tx, companyId: number, guid: string) {
  const [row] = await tx
    .select()
    .from(eisPlanPositions)
    .where(and(eq(eisPlanPositions.companyId, companyId), eq(eisPlanPositions.guid, guid)));
  return row;
}

/** A version of a company's plan in one query (the positions page runs it on every request). */
export async function findPlanVersion(tx: Tx, companyId: number, planId: number, version: number) {
  const [row] = await tx
    .select({ id: eisPlanVersions.id, totals: eisPlanVersions.totals })
    .from(eisPlanVersions)
    .innerJoin(eisPlans, eq(eisPlans.id, eisPlanVersions.planId))
    .where(
      and(
        eq(eisPlans.companyId, companyId),
        eq(eisPlanVersions.planId, planId),
        eq(eisPlanVersions.version, version),
      ),
    );
  return row;
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
  const escaped = (s: string) => s.replace(/[\\%_]/g, '\\$&');
  const words = (q ?? '').split(/\s+/).filter(Boolean).slice(0, 8);
  const where = and(
    eq(eisPlanPositions.companyId, companyId),
    ...words.map(
      (w) =>
        sql`(${pv.subject} ilike ${`%${escaped(w)}%`} or ${eisPlanPositions.number} like ${`${escaped(w)}%`})`,
    ),
  );
  const from = () =>
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
      .innerJoin(eisPlans, eq(eisPlans.id, eisPlanPositions.planId))
      .innerJoin(
        eisPlanVersions,
        and(eq(eisPlanVersions.planId, eisPlans.id), eq(eisPlanVersions.version, eisPlans.currentVersion)),
      )
      .innerJoin(pv, and(eq(pv.versionId, eisPlanVersions.id), eq(pv.positionId, eisPlanPositions.id)))
      .where(where);
  const [rows, [{ n }]] = await Promise.all([
    from()
      .orderBy(desc(eisPlans.year), asc(eisPlans.registrationNumber), asc(pv.sort))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    tx
      .select({ n: count() })
      .from(eisPlanPositions)
      .innerJoin(eisPlans, eq(eisPlans.id, eisPlanPositions.planId))
      .innerJoin(
        eisPlanVersions,
        and(eq(eisPlanVersions.planId, eisPlans.id), eq(eisPlanVersions.version, eisPlans.currentVersion)),
      )
      .innerJoin(pv, and(eq(pv.versionId, eisPlanVersions.id), eq(pv.positionId, eisPlanPositions.id)))
      .where(where),
  ]);
  return { rows, total: Number(n) };
}
