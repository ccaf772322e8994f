import pg from 'pg';
import { productionCalendar } from '../src/modules/calendar/production-calendar.js';
import {
  METHODS,
  PLACES,
  REGIONS,
  SUBJECTS,
  SUPPLIER_HEADS,
  SUPPLIER_PLACES,
  SUPPLIER_TAILS,
} from './register-vocabulary.js';

export type RegisterSize = { contracts: number; items: number; suppliers: number };
export type RegisterStats = {
  contracts: number;
  items: number;
  duties: number;
  openDuties: number;
  byStatus: Record<string, number>;
  dbSize: string;
  generateSeconds: number;
  analyzeSeconds: number;
};

const lit = (s: string) => `'${s.replaceAll("'", "''")}'`;
const textArray = (xs: string[]) => `array[${xs.map(lit).join(',')}]::text[]`;

/** The supplier ИНН pool: 10-digit ИНН with a valid check digit, КПП, a name, the SME flag. */
function suppliersSql(count: number) {
  return `
create temp table bench_suppliers as
with b as (
  select n, (${textArray(REGIONS)})[1 + n % ${REGIONS.length}] || lpad(((n * 7919 + 104729) % 10000000)::text, 7, '0') as d9
  from generate_series(1, ${count}) n
)
select n,
  d9 || ((select sum(substr(d9, i, 1)::int * (array[2,4,10,3,5,9,4,6,8])[i]) from generate_series(1, 9) i) % 11 % 10)::text as inn,
  substr(d9, 1, 4) || '01001' as kpp,
  (array['ООО','ООО','ООО','АО','ПАО'])[1 + n % 5] || ' «'
    || (${textArray(SUPPLIER_HEADS)})[1 + (n / 5) % 10]
    || (${textArray(SUPPLIER_TAILS)})[1 + (n / 50) % 10]
    || (${textArray(SUPPLIER_PLACES)})[1 + (n / 500) % 10] || '»' as name,
  n % 5 < 3 as is_sme
from b;
create unique index on bench_suppliers (n);`;
}

/** Due dates of the register duty for every date of the period, from the real production calendar. */
function dueDatesSql(from: string, to: string) {
  const cal = productionCalendar();
  const rows: string[] = [];
  for (
    let d = new Date(`${from}T00:00:00Z`);
    d <= new Date(`${to}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + 1)
  ) {
    const iso = d.toISOString().slice(0, 10);
    rows.push(`('${iso}','${cal.addWorkingDays(iso, 3)}','${cal.addWorkingDays(iso, 5)}')`);
  }
  return `create temp table bench_due (d date primary key, due3 date, due5 date);
insert into bench_due values ${rows.join(',')};`;
}

/**
 * Generates the register of one company with set-based SQL (INSERT … SELECT generate_series):
 * contracts over the last five years in every status with a supplier from a pool of ИНН (a few
 * suppliers get many contracts, most a few), subjects from a vocabulary, the specification (the
 * contract price is the sum of its lines), the EIS register duty of every concluded contract with
 * its due date from the production calendar (late and not yet placed ones included), the nearest
 * open duty on the contract; then VACUUM ANALYZE, as autovacuum would leave a real database.
 */
export async function generateRegister(
  url: string,
  companyId: number,
  userId: number,
  size: RegisterSize,
): Promise<RegisterStats> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const q = (sql: string, params?: unknown[]) => client.query(sql, params);
  try {
    const t0 = performance.now();
    await q('select setseed(0.20231)');
    await q(suppliersSql(size.suppliers));
    const from = new Date(Date.now() - 1900 * 86400_000).toISOString().slice(0, 10);
    const to = new Date(Date.now() + 60 * 86400_000).toISOString().slice(0, 10);
    await q(dueDatesSql(from, to));
    const [customer] = (
      await q(
        `select c.id, c.title, c.inn, c.kpp, co.full_title from customers c join companies co on co.id = c.company_id
         where c.company_id = $1 order by c.id limit 1`,
        [companyId],
      )
    ).rows;
    const [{ max_id: before }] = (await q('select coalesce(max(id), 0) as max_id from contracts')).rows;
    // average lines per contract: line counts 1..2k-1 spread evenly have mean k
    const meanLines = Math.max(1, Math.round(size.items / size.contracts));
    await q(
      `
insert into contracts (company_id, law, eis_registry_number, eis_guid, version, number, contract_date, subject,
  customer_id, customer_name, customer_inn, customer_kpp, supplier_inn, supplier_kpp, supplier_name, supplier_is_sme,
  price, plan_position_number, procurement_method_code, procurement_method_name, notice_number, start_date, end_date,
  status, eis_published_at, source, created_by, updated_by, created_at, updated_at)
select $1, x.law,
  case when x.status = 'draft' then null
       when x.law = '223' then '5' || $2 || to_char(x.d, 'YY') || lpad(x.g::text, 6, '0') || '0001'
       else '3' || $2 || to_char(x.d, 'YY') || lpad(x.g::text, 6, '0') end,
  case when x.status <> 'draft' then md5('bench' || x.g)::uuid::text end,
  case when x.status = 'draft' then 1 else 1 + (x.g % 3 = 0)::int end,
  x.g || '/' || to_char(x.d, 'YY') || (array['-ЭС','-Д','-МТР','-КР','-ИТ'])[1 + x.g % 5],
  x.d,
  (${textArray(SUBJECTS.map((x) => x[0]))})[1 + floor(x.r_subject * ${SUBJECTS.length})::int] || ' '
    || (${textArray(PLACES)})[1 + floor(x.r_place * ${PLACES.length})::int],
  $3, $4, $2, $5, s.inn, s.kpp, s.name, s.is_sme,
  0,
  to_char(x.d, 'YYYY') || lpad((1 + x.g % 9000)::text, 6, '0'),
  (${textArray(METHODS.map((m) => m[0]))})[x.m], (${textArray(METHODS.map((m) => m[1]))})[x.m],
  case when x.m < ${METHODS.length} then '32' || to_char(x.d, 'YY') || lpad(x.g::text, 9, '0') end,
  x.d + x.start_in, x.d + x.start_in + x.term,
  x.status,
  case when x.status = 'draft' or (x.d > current_date - 20 and x.r_pub < 0.6) then null
       else (x.d + 1 + floor(x.r_pub * 6)::int)::timestamp + interval '10 hours' end,
  case when x.r_pub < 0.5 then 'eis' else 'manual' end,
  $6, $6, x.d::timestamp + interval '9 hours', x.d::timestamp + interval '9 hours'
from (
  select g, d, r_subject, r_place, r_pub, start_in, term, m, law,
    case
      when d > current_date - 180 then
        case when r_status < 0.15 then 'draft' when r_status < 0.95 then 'concluded'
             when r_status < 0.98 then 'terminated' else 'cancelled' end
      else
        case when r_status < 0.35 then 'concluded' when r_status < 0.85 then 'executed'
             when r_status < 0.95 then 'terminated' else 'cancelled' end
    end as status,
    r_supplier
  from (
    select g, current_date - floor(random() * 1826)::int as d, random() as r_status, random() as r_subject,
      random() as r_place, random() as r_pub, random() as r_supplier, floor(random() * 10)::int as start_in,
      30 + floor(random() * 500)::int as term, 1 + floor(random() * ${METHODS.length})::int as m,
      case when random() < 0.1 then '44' else '223' end as law
    from generate_series(1, $7::int) g
  ) r
) x
-- a few suppliers win many contracts, most of them a few
join bench_suppliers s on s.n = 1 + floor(power(x.r_supplier, 1.7) * ${size.suppliers})::int`,
      [
        companyId,
        customer.inn,
        customer.id,
        customer.full_title ?? customer.title,
        customer.kpp,
        userId,
        size.contracts,
      ],
    );
    const products = SUBJECTS.flatMap(([, list], i) => list.map((p, j) => ({ s: i + 1, j: j + 1, p })));
    const col = (f: (p: (typeof products)[number]) => string | number, type: string) =>
      `array[${products.map((x) => (typeof f(x) === 'number' ? f(x) : lit(String(f(x))))).join(',')}]::${type}[]`;
    await q(
      `create temp table bench_subjects as
       select * from unnest(${textArray(SUBJECTS.map((x) => `${x[0]} `))}, array[${SUBJECTS.map((x) => x[1].length).join(',')}]::int[])
         with ordinality as t(head, products, s);
       create temp table bench_products as
       select * from unnest(${col((x) => x.s, 'int')}, ${col((x) => x.j, 'int')}, ${col((x) => x.p[0], 'text')},
         ${col((x) => x.p[1], 'text')}, ${col((x) => x.p[2], 'text')}, ${col((x) => x.p[3], 'text')},
         ${col((x) => x.p[4], 'numeric')}, ${col((x) => x.p[5], 'int')}) as p(s, j, name, okpd2, okei, unit, price, max_qty);
       create unique index on bench_products (s, j);`,
    );
    await q(
      `
insert into contract_items (contract_id, line_no, name, okpd2_code, okei_code, unit_name, quantity, price, vat_rate,
  vat_amount, amount)
select l.contract_id, l.line_no, l.name, l.okpd2, l.okei, l.unit, l.qty, l.price, l.vat,
  case when l.vat = 'без НДС' then 0 else round(l.amount * l.rate / (100 + l.rate), 2) end, l.amount
from (
  -- random() in the select list keeps this level from being flattened: the amount below uses the
  -- very quantity and price drawn here
  select x.*, round(x.qty * x.price, 2) as amount from (
  select c.id as contract_id, n as line_no,
    -- the subject's products in turn; a line beyond them is a further stage of the same product
    p.name || case when n > bs.products then ', этап ' || ((n - 1) / bs.products + 1) else '' end as name,
    p.okpd2, p.okei, p.unit,
    -- a quantity (small ones more often) and a price within ±20 % of the typical one
    (1 + floor(power(random(), 2) * p.max_qty))::numeric as qty,
    round(p.price * (0.8 + random() * 0.4)::numeric, 2) as price,
    case when c.supplier_is_sme and c.id % 4 = 0 then 'без НДС' when c.contract_date >= '2026-01-01' then '22%' else '20%' end as vat,
    case when c.contract_date >= '2026-01-01' then 22 else 20 end as rate
  from contracts c
  join bench_subjects bs on starts_with(c.subject, bs.head)
  cross join lateral generate_series(1, 1 + (c.id * 7 + 3) % ${2 * meanLines - 1}) n
  join bench_products p on p.s = bs.s and p.j = 1 + (n - 1 + c.id) % bs.products
  where c.id > $1 and c.company_id = $2
  ) x
) l`,
      [before, companyId],
    );
    await q(
      // executed and paid sums stay 0: they are kept from execution events, and none are generated
      `update contracts c set price = s.total
       from (select contract_id, sum(amount) as total from contract_items where contract_id > $1 group by contract_id) s
       where c.id = s.contract_id`,
      [before],
    );
    await q(
      `insert into contract_duties (contract_id, company_id, kind, title, reference, base_date, due_date, done_on)
       select c.id, c.company_id, 'register',
         case c.law when '223' then 'Сведения о договоре в реестре договоров' else 'Сведения о контракте в реестре контрактов' end,
         case c.law when '223' then 'ч. 2 ст. 4.1 223-ФЗ' else 'ч. 3 ст. 103 44-ФЗ' end,
         c.contract_date, case c.law when '223' then d.due3 else d.due5 end,
         (c.eis_published_at at time zone 'Europe/Moscow')::date
       from contracts c join bench_due d on d.d = c.contract_date
       where c.id > $1 and c.status in ('concluded', 'executed', 'terminated')`,
      [before],
    );
    await q(
      `update contracts c set next_duty_kind = 'register', next_duty_due = d.due_date
       from contract_duties d where d.contract_id = c.id and d.done_on is null and c.id > $1`,
      [before],
    );
    const generateSeconds = (performance.now() - t0) / 1000;
    const t1 = performance.now();
    await q('vacuum analyze');
    const analyzeSeconds = (performance.now() - t1) / 1000;
    return { ...(await registerStats(client, companyId)), generateSeconds, analyzeSeconds };
  } finally {
    await client.end();
  }
}

/** What the register of the company holds. */
export async function registerStats(
  client: pg.Client,
  companyId: number,
): Promise<Omit<RegisterStats, 'generateSeconds' | 'analyzeSeconds'>> {
  const count = async (sql: string) => Number((await client.query(sql, [companyId])).rows[0].n);
  const byStatus = Object.fromEntries(
    (
      await client.query(
        'select status, count(*)::int as n from contracts where company_id = $1 group by status order by 2 desc',
        [companyId],
      )
    ).rows.map((r) => [r.status, r.n]),
  );
  return {
    contracts: await count('select count(*) as n from contracts where company_id = $1'),
    items: await count(
      'select count(*) as n from contract_items i join contracts c on c.id = i.contract_id where c.company_id = $1',
    ),
    duties: await count('select count(*) as n from contract_duties where company_id = $1'),
    openDuties: await count(
      'select count(*) as n from contract_duties where company_id = $1 and done_on is null',
    ),
    byStatus,
    dbSize: (await client.query('select pg_size_pretty(pg_database_size(current_database())) as s')).rows[0]
      .s,
  };
}
