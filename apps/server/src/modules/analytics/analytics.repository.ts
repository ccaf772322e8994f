import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';

/**
 * The dashboard's aggregates, each one statement computed by PostgreSQL (sums, counts and shares
 * grouped in SQL; JavaScript only shapes the few result rows). Every statement is bounded by the
 * company and the period's contract dates, and reads the contracts through
 * `contracts_analytics_idx` (index-only: the columns they read are in it) and their lines through
 * `contract_items_class_idx`.
 */

export type Scope = {
  companyId: number;
  dateFrom: string;
  dateTo: string;
  customerId?: number | null;
};

async function rows<T>(tx: Tx, query: SQL): Promise<T[]> {
  const result = (await tx.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The contracts the panels count: concluded (and later executed or terminated), in rubles, live. */
function contractFilter(s: Scope, alias = sql`c`): SQL {
  return sql`${alias}.company_id = ${s.companyId} and ${alias}.archived_at is null
    and ${alias}.status in ('concluded', 'executed', 'terminated') and ${alias}.currency_code = 'RUB'
    and ${alias}.contract_date between ${s.dateFrom} and ${s.dateTo}
    ${s.customerId ? sql`and ${alias}.customer_id = ${s.customerId}` : sql``}`;
}

export type SavingsAggregate = {
  dim: 'total' | 'month' | 'method';
  key: string;
  title: string;
  count: number;
  nmcd: string;
  price: string;
  saving: string;
  saving_percent: string | null;
};

/**
 * НМЦД against contract price: per procurement, its НМЦД and the sum of its contracts concluded in
 * the period (dated by the first of them), grouped by month, by method, and in total.
 */
export function savings(tx: Tx, s: Scope): Promise<SavingsAggregate[]> {
  const agg = sql`count(*)::int as count, coalesce(sum(nmcd), 0)::numeric(18, 2)::text as nmcd,
    coalesce(sum(price), 0)::numeric(18, 2)::text as price,
    coalesce(sum(nmcd) - sum(price), 0)::numeric(18, 2)::text as saving,
    round((sum(nmcd) - sum(price)) * 100 / nullif(sum(nmcd), 0), 2)::text as saving_percent`;
  return rows(
    tx,
    sql`with pc as (
      select p.id, p.nmcd, p.method_id, coalesce(m.title, 'Способ не указан') as method,
        min(c.contract_date) as d, sum(c.price) as price
      from contracts c
      join procurements p on p.id = c.procurement_id and p.company_id = c.company_id
      left join catalog_entries m on m.id = p.method_id
      where ${contractFilter(s)}
      group by p.id, p.nmcd, p.method_id, m.title
    )
    select 'total' as dim, '' as key, 'Итого' as title, ${agg} from pc
    union all
    select 'month', to_char(d, 'YYYY-MM'), to_char(d, 'YYYY-MM'), ${agg} from pc group by to_char(d, 'YYYY-MM')
    union all
    select 'method', coalesce(method_id::text, ''), method, ${agg} from pc group by method_id, method
    order by 1, 2`,
  );
}

export type ShareAggregate = { key: string; title: string; amount: string; share_percent: string | null };

/** The total of the period's contracts. */
export async function spendingTotal(tx: Tx, s: Scope): Promise<string> {
  const [r] = await rows<{ total: string }>(
    tx,
    sql`select coalesce(sum(c.price), 0)::numeric(18, 2)::text as total from contracts c where ${contractFilter(s)}`,
  );
  return r?.total ?? '0';
}

/**
 * The top suppliers (by ИНН) of the period with their share of the period's total. The sums are
 * an index-only scan (`contracts_analytics_idx`); the names are read for the top ones only.
 */
export function topSuppliers(tx: Tx, s: Scope, limit: number): Promise<ShareAggregate[]> {
  return rows(
    tx,
    sql`with top as (
      select c.supplier_inn as key, sum(c.price) as amount,
        round(sum(c.price) * 100 / nullif(sum(sum(c.price)) over (), 0), 2)::text as share_percent
      from contracts c where ${contractFilter(s)}
      group by c.supplier_inn order by sum(c.price) desc, c.supplier_inn limit ${limit}
    )
    select top.key,
      (select max(c.supplier_name) from contracts c where ${contractFilter(s)} and c.supplier_inn = top.key) as title,
      top.amount::text as amount, top.share_percent
    from top order by top.amount desc, top.key`,
  );
}

/**
 * The top ОКПД2 classes (the first two digits of the specification lines' codes) with their share
 * of the period's specification total; lines without a code are the class «—». Read from the sums
 * per company, customer, month and class that the database's triggers keep (migration 0041,
 * `analytics_okpd2_months`: the lines of the contracts `contractFilter` counts); the period is
 * whole months (`periodOf`).
 */
export function topOkpd2Classes(tx: Tx, s: Scope, limit: number): Promise<ShareAggregate[]> {
  return rows(
    tx,
    sql`with cls as (
      select m.cls as key, sum(m.amount) as amount
      from analytics_okpd2_months m
      where m.company_id = ${s.companyId} and m.month between date_trunc('month', ${s.dateFrom}::date) and ${s.dateTo}
        ${s.customerId ? sql`and m.customer_id = ${s.customerId}` : sql``}
      group by 1
    )
    select cls.key, coalesce(e.title, 'Класс не указан') as title, cls.amount::text as amount,
      round(cls.amount * 100 / nullif(sum(cls.amount) over (), 0), 2)::text as share_percent
    from cls left join classifier_entries e on e.classifier = 'okpd2' and e.code = cls.key
    order by cls.amount desc, cls.key limit ${limit}`,
  );
}

export type PlanAggregate = {
  positions: number;
  with_procurement: number;
  with_contract: number;
  plan_amount: string;
  contracted_amount: string;
};

/**
 * The positions of the plans' versions in force for `year` (annulled ones left out): how many have
 * a procurement (the procurement or one of its lots names the position), how many a contract (a
 * concluded contract names its number), the plan's value and the value contracted under them.
 */
export async function planExecution(tx: Tx, companyId: number, year: number): Promise<PlanAggregate> {
  const [r] = await rows<PlanAggregate>(
    tx,
    sql`with pos as (
      select pp.id, pp.number, coalesce(pv.price_rub, pv.price, 0) as amount
      from eis_plans pl
      join eis_plan_versions v on v.plan_id = pl.id and v.version = pl.current_version
      join eis_plan_position_versions pv on pv.version_id = v.id
      join eis_plan_positions pp on pp.id = pv.position_id
      where pl.company_id = ${companyId} and coalesce(pv.year, pl.year) = ${year}
        and coalesce(pv.status, '') <> 'A'
    ), linked as (
      select pos.id, pos.amount,
        exists (select 1 from procurements p where p.company_id = ${companyId} and p.plan_position_id = pos.id)
          or exists (select 1 from procurement_lots l join procurements p on p.id = l.procurement_id
                     where p.company_id = ${companyId} and l.plan_position_id = pos.id) as has_procurement,
        (select sum(c.price) from contracts c where c.company_id = ${companyId}
           and c.plan_position_number = pos.number and c.archived_at is null
           and c.status in ('concluded', 'executed', 'terminated')) as contracted
      from pos
    )
    select count(*)::int as positions,
      count(*) filter (where has_procurement)::int as with_procurement,
      count(contracted)::int as with_contract,
      coalesce(sum(amount), 0)::text as plan_amount,
      coalesce(sum(contracted), 0)::text as contracted_amount
    from linked`,
  );
  return r;
}

/** The company's title (the comparison table). */
export function companyTitles(tx: Tx, ids: number[]) {
  if (!ids.length) return Promise.resolve([] as { id: number; title: string }[]);
  return rows<{ id: number; title: string }>(
    tx,
    sql`select id, coalesce(title, 'ИНН ' || inn) as title from companies
      where id in (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )}) order by 2, 1`,
  );
}

/** How many contracts the period counts and their total. */
export async function contractCount(tx: Tx, s: Scope): Promise<{ count: number; amount: string }> {
  const [r] = await rows<{ count: number; amount: string }>(
    tx,
    sql`select count(*)::int as count, coalesce(sum(c.price), 0)::numeric(18, 2)::text as amount from contracts c where ${contractFilter(s)}`,
  );
  return { count: Number(r?.count ?? 0), amount: r?.amount ?? '0' };
}

/** Every active company (an admin's comparison). */
export async function activeCompanyIds(tx: Tx): Promise<number[]> {
  const list = await rows<{ id: number }>(
    tx,
    sql`select id from companies where status = 'active' and not is_provider order by id`,
  );
  return list.map((r) => Number(r.id));
}

export type CompetitionAggregate = {
  key: string;
  method: string;
  lots: number;
  bids_per_lot: string | null;
  single_bid_percent: string | null;
};

/**
 * Competition by method: the lots with at least one recorded bid of the procurements published in
 * the period, the mean number of bids per such lot and the share of lots with exactly one bid.
 */
export function competition(tx: Tx, s: Scope): Promise<CompetitionAggregate[]> {
  return rows(
    tx,
    sql`with l as (
      select b.lot_id, p.method_id, coalesce(m.title, 'Способ не указан') as method, count(*)::int as n
      from bids b
      join procurements p on p.id = b.procurement_id and p.company_id = b.company_id
      left join catalog_entries m on m.id = p.method_id
      where b.company_id = ${s.companyId} and p.published_on between ${s.dateFrom} and ${s.dateTo}
        and p.status <> 'cancelled'
        ${s.customerId ? sql`and p.customer_id = ${s.customerId}` : sql``}
      group by b.lot_id, p.method_id, m.title
    )
    select coalesce(method_id::text, '') as key, method, count(*)::int as lots,
      round(avg(n), 2)::text as bids_per_lot,
      round(count(*) filter (where n = 1) * 100.0 / count(*), 2)::text as single_bid_percent
    from l group by method_id, method order by method`,
  );
}
