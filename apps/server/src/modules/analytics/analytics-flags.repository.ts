import { eq, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { analyticsFlagDismissals, analyticsSettings, users } from '../../db/schema/index.js';
import type { Scope } from './analytics.repository.js';

/**
 * The candidates of the red flags: each rule's selection in SQL (thresholds as parameters); the
 * rules that need the law's periods (the notice period, the conclusion window) select the facts
 * and `analytics.policy.ts` decides with modules/law.
 */

export type FlagScope = Scope & { contractId?: number; procurementId?: number };

async function rows<T>(tx: Tx, query: SQL): Promise<T[]> {
  return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Contracts of the period (concluded, live), narrowed to one contract or a procurement's. */
function contracts(s: FlagScope): SQL {
  return sql`c.company_id = ${s.companyId} and c.archived_at is null
    and c.status in ('concluded', 'executed', 'terminated')
    and c.contract_date between ${s.dateFrom} and ${s.dateTo}
    ${s.customerId ? sql`and c.customer_id = ${s.customerId}` : sql``}
    ${s.contractId ? sql`and c.id = ${s.contractId}` : sql``}
    ${s.procurementId ? sql`and c.procurement_id = ${s.procurementId}` : sql``}`;
}

export type ContractFact = { id: number; number: string; date: string };

/** A contract price within `tolerance` percent below the НМЦД of its procurement or of one of its lots. */
function priceEqualsNmcdQuery(s: FlagScope, tolerancePercent: number): SQL {
  const k = sql`(1 - ${tolerancePercent}::numeric / 100)`;
  return sql`select c.id, c.number, c.contract_date::text as date, c.price::text as price, x.nmcd::text as nmcd
      from contracts c
      join procurements p on p.id = c.procurement_id and p.company_id = c.company_id
      cross join lateral (
        select n.nmcd from (select p.nmcd union all select l.nmcd from procurement_lots l where l.procurement_id = p.id) n
        where n.nmcd > 0 and c.price <= n.nmcd and c.price >= n.nmcd * ${k}
        order by n.nmcd limit 1
      ) x
      where ${contracts(s)}`;
}

export function priceEqualsNmcd(tx: Tx, s: FlagScope, tolerancePercent: number) {
  return rows<ContractFact & { price: string; nmcd: string }>(
    tx,
    sql`${priceEqualsNmcdQuery(s, tolerancePercent)} order by c.contract_date, c.id`,
  );
}

/** A contract whose price now exceeds its first version's by more than `percent`, after a change. */
function priceRiseQuery(s: FlagScope, percent: number): SQL {
  return sql`select c.id, c.number, c.contract_date::text as date, c.price::text as price, f.p0::text as first_price
      from contracts c
      cross join lateral (
        select (v.snapshot->>'price')::numeric as p0 from contract_versions v
        where v.contract_id = c.id order by v.revision limit 1
      ) f
      where ${contracts(s)}
        and exists (select 1 from contract_events e where e.contract_id = c.id and e.kind = 'change')
        and f.p0 > 0 and c.price > f.p0 * (1 + ${percent}::numeric / 100)`;
}

export function priceRise(tx: Tx, s: FlagScope, percent: number) {
  return rows<ContractFact & { price: string; first_price: string }>(
    tx,
    sql`${priceRiseQuery(s, percent)} order by c.contract_date, c.id`,
  );
}

/**
 * Possible splitting: contracts of one supplier with lines of one ОКПД2 class (two first digits)
 * in one quarter, each priced below `threshold`, at least `minCount` of them and together above it.
 */
function splittingQuery(s: FlagScope, threshold: string, minCount: number): SQL {
  const narrowed = s.contractId || s.procurementId;
  const base: FlagScope = { ...s, contractId: undefined, procurementId: undefined };
  return sql`with cc as (
      select distinct c.id, c.number, c.contract_date, c.supplier_inn, c.supplier_name, c.price,
        c.procurement_id, left(i.okpd2_code, 2) as cls, date_trunc('quarter', c.contract_date)::date as q
      from contracts c join contract_items i on i.contract_id = c.id
      where ${contracts(base)} and c.price < ${threshold}::numeric and i.okpd2_code is not null
    ), g as (
      select supplier_inn, cls, q, count(*)::int as n, sum(price) as total from cc
      group by supplier_inn, cls, q having count(*) >= ${minCount} and sum(price) > ${threshold}::numeric
    )
    select cc.id, cc.number, cc.contract_date::text as date, cc.supplier_name, cc.cls,
      cc.q::text as quarter, g.n, g.total::text as total
    from cc join g on g.supplier_inn = cc.supplier_inn and g.cls = cc.cls and g.q = cc.q
    ${narrowed ? sql`where ${s.contractId ? sql`cc.id = ${s.contractId}` : sql`cc.procurement_id = ${s.procurementId ?? 0}`}` : sql``}`;
}

export function splitting(tx: Tx, s: FlagScope, threshold: string, minCount: number) {
  return rows<
    ContractFact & { supplier_name: string; cls: string; quarter: string; n: number; total: string }
  >(tx, sql`${splittingQuery(s, threshold, minCount)} order by cc.contract_date, cc.id`);
}

/** A contract concluded from a procurement with a final protocol: the protocol's placement date. */
export function conclusionFacts(tx: Tx, s: FlagScope) {
  return rows<ContractFact & { protocol_date: string }>(
    tx,
    sql`select c.id, c.number, c.contract_date::text as date, pr.d::text as protocol_date
      from contracts c
      join procurements p on p.id = c.procurement_id and p.company_id = c.company_id
      cross join lateral (
        select coalesce(pp.published_on, pp.signed_on) as d from procurement_protocols pp
        where pp.procurement_id = p.id and pp.final order by pp.signed_on desc, pp.id desc limit 1
      ) pr
      where ${contracts(s)} and c.law = '223'
      order by c.contract_date, c.id`,
  );
}

/** A contract as the РНП check sees it: the subject row `rnp`'s `matchInRnp` gives back. */
export type RnpSubject = ContractFact & { kpp: string | null };

/**
 * The scope's contracts as subjects of the РНП check (`rnp`'s `matchInRnp`, one statement): the
 * supplier's ИНН as `inn`, the contract date as `on_date`. Not run here: the register's module
 * joins its entries to it.
 */
export function rnpSubjects(s: FlagScope): SQL {
  return sql`select c.id, c.number, c.contract_date::text as date, c.supplier_kpp as kpp,
      btrim(c.supplier_inn) as inn, c.contract_date as on_date
    from contracts c where ${contracts(s)}`;
}

/** Contract duties due in the period and placed late, or still open after their due date. */
function latePlacementsQuery(s: FlagScope, today: string): SQL {
  return sql`select c.id, c.number, min(d.due_date)::text as date, count(*)::int as late,
        (array_agg(d.title order by d.due_date, d.id))[1] as title,
        min(d.due_date)::text as due_date,
        (array_agg(d.done_on::text order by d.due_date, d.id))[1] as done_on
      from contract_duties d join contracts c on c.id = d.contract_id
      where d.company_id = ${s.companyId} and c.company_id = ${s.companyId} and c.archived_at is null
        and d.due_date between ${s.dateFrom} and ${s.dateTo}
        and (d.done_on > d.due_date or (d.done_on is null and d.due_date < ${today}))
        ${s.customerId ? sql`and c.customer_id = ${s.customerId}` : sql``}
        ${s.contractId ? sql`and c.id = ${s.contractId}` : sql``}
        ${s.procurementId ? sql`and c.procurement_id = ${s.procurementId}` : sql``}
      group by c.id, c.number`;
}

export function latePlacements(tx: Tx, s: FlagScope, today: string) {
  return rows<ContractFact & { late: number; title: string; due_date: string; done_on: string | null }>(
    tx,
    sql`${latePlacementsQuery(s, today)} order by min(d.due_date), c.id`,
  );
}

/** Procurements placed in the period with a bids deadline: what the notice-period rule reads. */
export function noticeFacts(tx: Tx, s: FlagScope) {
  if (s.contractId) return Promise.resolve([]);
  return rows<{
    id: number;
    number: string;
    published_on: string;
    bids_deadline: string;
    nmcd: string;
    method_extra: Record<string, unknown> | null;
  }>(
    tx,
    sql`select p.id, p.number, p.published_on::text as published_on, p.bids_deadline::text as bids_deadline,
        p.nmcd::text as nmcd, m.extra as method_extra
      from procurements p left join catalog_entries m on m.id = p.method_id
      where p.company_id = ${s.companyId} and p.published_on between ${s.dateFrom} and ${s.dateTo}
        and p.bids_deadline is not null and p.status <> 'cancelled'
        ${s.customerId ? sql`and p.customer_id = ${s.customerId}` : sql``}
        ${s.procurementId ? sql`and p.id = ${s.procurementId}` : sql``}
      order by p.published_on, p.id`,
  );
}

/** Lots with exactly one recorded bid, of the procurements published in the period (one row a lot). */
function singleBidLotsQuery(s: FlagScope): SQL {
  return sql`select p.id, p.number, p.published_on::text as published_on, l.number as lot_number,
        min(b.participant_name) as participant
      from bids b
      join procurements p on p.id = b.procurement_id and p.company_id = b.company_id
      join procurement_lots l on l.id = b.lot_id
      where b.company_id = ${s.companyId} and p.published_on between ${s.dateFrom} and ${s.dateTo}
        and p.status <> 'cancelled'
        ${s.customerId ? sql`and p.customer_id = ${s.customerId}` : sql``}
        ${s.procurementId ? sql`and p.id = ${s.procurementId}` : sql``}
      group by p.id, p.number, p.published_on, l.id, l.number
      having count(*) = 1`;
}

export function singleBidLots(tx: Tx, s: FlagScope) {
  if (s.contractId) return Promise.resolve([]);
  return rows<{ id: number; number: string; published_on: string; lot_number: number; participant: string }>(
    tx,
    sql`${singleBidLotsQuery(s)} order by p.published_on, p.id, l.number`,
  );
}

/** The thresholds the SQL-counted rules read. */
export type CountThresholds = {
  price_equal_tolerance_percent: number;
  price_rise_percent: number;
  split_threshold: string;
  split_min_count: number;
};

/** The rules counted wholly in SQL (the others need modules/law or modules/rnp). */
export type SqlCounts = {
  price_equals_nmcd: number;
  price_rise: number;
  splitting: number;
  late_placement: number;
  single_participant: number;
};

/**
 * The dashboard's counts of the rules decided in SQL, in one statement: each is the listing's own
 * statement (the same builders) counted, its rows dismissed on the object left out.
 */
export async function sqlRuleCounts(
  tx: Tx,
  s: FlagScope,
  t: CountThresholds,
  today: string,
): Promise<SqlCounts> {
  const counted = (code: keyof SqlCounts, type: 'contract' | 'procurement', q: SQL) =>
    sql`(select count(*)::int from (${q}) x where not exists (
      select 1 from analytics_flag_dismissals fd where fd.company_id = ${s.companyId}
        and fd.code = ${code} and fd.object_type = ${type} and fd.object_id = x.id))`;
  const [r] = await rows<SqlCounts>(
    tx,
    sql`select
      ${counted('price_equals_nmcd', 'contract', priceEqualsNmcdQuery(s, t.price_equal_tolerance_percent))} as price_equals_nmcd,
      ${counted('price_rise', 'contract', priceRiseQuery(s, t.price_rise_percent))} as price_rise,
      ${counted('splitting', 'contract', splittingQuery(s, t.split_threshold, t.split_min_count))} as splitting,
      ${counted('late_placement', 'contract', latePlacementsQuery(s, today))} as late_placement,
      ${s.contractId ? sql`0` : counted('single_participant', 'procurement', singleBidLotsQuery(s))} as single_participant`,
  );
  return r;
}

export type DismissalRow = {
  code: string;
  objectType: 'contract' | 'procurement';
  objectId: number;
  comment: string;
  by: string | null;
  at: Date;
};

export function dismissalsOf(tx: Tx, companyId: number): Promise<DismissalRow[]> {
  return tx
    .select({
      code: analyticsFlagDismissals.code,
      objectType: analyticsFlagDismissals.objectType,
      objectId: analyticsFlagDismissals.objectId,
      comment: analyticsFlagDismissals.comment,
      by: users.title,
      at: analyticsFlagDismissals.dismissedAt,
    })
    .from(analyticsFlagDismissals)
    .leftJoin(users, eq(users.id, analyticsFlagDismissals.dismissedBy))
    .where(eq(analyticsFlagDismissals.companyId, companyId));
}

export async function upsertDismissal(
  tx: Tx,
  v: {
    companyId: number;
    code: string;
    objectType: 'contract' | 'procurement';
    objectId: number;
    comment: string;
    by: number | null;
  },
) {
  await tx
    .insert(analyticsFlagDismissals)
    .values({ ...v, dismissedBy: v.by })
    .onConflictDoUpdate({
      target: [
        analyticsFlagDismissals.companyId,
        analyticsFlagDismissals.code,
        analyticsFlagDismissals.objectType,
        analyticsFlagDismissals.objectId,
      ],
      set: { comment: v.comment, dismissedBy: v.by, dismissedAt: sql`now()` },
    });
}

/** The company of a contract or procurement (null: none such). */
export async function objectOwner(tx: Tx, type: 'contract' | 'procurement', id: number) {
  const table = type === 'contract' ? sql`contracts` : sql`procurements`;
  const [r] = await rows<{ company_id: number }>(tx, sql`select company_id from ${table} where id = ${id}`);
  return r ? Number(r.company_id) : null;
}

export async function settingsOf(tx: Tx, companyId: number) {
  const [r] = await tx
    .select({ thresholds: analyticsSettings.thresholds })
    .from(analyticsSettings)
    .where(eq(analyticsSettings.companyId, companyId));
  return r?.thresholds ?? null;
}

export async function saveSettings(
  tx: Tx,
  companyId: number,
  thresholds: Record<string, unknown>,
  by: number | null,
) {
  await tx
    .insert(analyticsSettings)
    .values({ companyId, thresholds, updatedBy: by })
    .onConflictDoUpdate({
      target: analyticsSettings.companyId,
      set: { thresholds, updatedBy: by, updatedAt: sql`now()` },
    });
}
