import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import { from as copyFrom } from 'pg-copy-streams';
import { arrayParam, rowsOf } from '../../../db/bulk.js';
import type { Tx } from '../../../db/client.js';
import type { ContractCandidate } from './payment-matcher.js';
import { STAGED_COLUMNS } from './statement-rows.js';

/**
 * The bank import's staging in PostgreSQL: the outgoing orders of one statement file are copied
 * (COPY, the rows made in the parse pool by statement-rows.ts) into a temporary table of the
 * file's transaction; repeats, the payees' contracts and the contracts each purpose names are
 * found there set-wise, and the payments are stored from it. Temporary tables are the
 * transaction's own (dropped at its end) and invisible to other sessions.
 */

/** Contract number in the matcher's compact form (`numberKey` of payment-matcher.ts): no №/N before it, no white space, lower case. */
const NUMBER_KEY = sql.raw(`lower(translate(
  case when c.number ~ '[[:space:]№N]' then regexp_replace(regexp_replace(regexp_replace(c.number,
    '^[[:space:]]+', ''), '^(№|N(?=[[:space:][:digit:]]))[[:space:]]*', ''), '[[:space:]]+', '', 'g')
  else c.number end,
  'АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ', 'абвгдеёжзийклмнопрстуфхцчшщъыьэюя'))`);

/** Creates the empty staging table of this transaction (a file before in the same transaction may have left one). */
export async function createStaging(tx: Tx): Promise<void> {
  // the joins and sorts of a year's statement (a million purpose positions against the register)
  // in memory, for this transaction only
  await tx.execute(sql`set local work_mem = '256MB'`);
  // its estimates of the unnested purposes make PostgreSQL sort both sides of the candidate join
  // by text (seconds); hashing them is what this join wants
  await tx.execute(sql`set local enable_mergejoin = off`);
  await tx.execute(sql`drop table if exists pg_temp.bank_staging, pg_temp.bank_contracts`);
  await tx.execute(sql`create temp table bank_staging (
    ord integer primary key, file_name text not null, natural_key text not null, kind text,
    number text not null, date date not null, amount numeric(18, 2) not null, date_debited date,
    date_credited date, payer_name text, payer_inn text, payer_kpp text, payer_account text,
    payer_bik text, payer_bank text, payee_name text, payee_inn text, payee_kpp text,
    payee_account text, payee_bik text, payee_bank text, purpose text not null, payment_type text,
    operation_type text, priority text, uin text, budget jsonb, purpose_compact text not null,
    grams text[] not null, registry_keys text[] not null, dup boolean not null default false
  ) on commit drop`);
}

type RawClient = {
  query: (text: unknown, params?: unknown[], options?: { blob?: Blob }) => Promise<unknown> | { on: unknown };
};

/** The driver's connection under a Drizzle transaction (node-postgres' client, or PGlite's transaction). */
function clientOf(tx: Tx): RawClient {
  const client = (tx as unknown as { session?: { client?: RawClient } }).session?.client;
  if (!client) throw new Error('The staging needs the connection of a transaction');
  return client;
}

/** Copies COPY text rows into the staging table: COPY FROM STDIN on PostgreSQL, the same COPY from a blob on PGlite. */
export async function copyIntoStaging(tx: Tx, rows: Uint8Array, pglite: boolean): Promise<void> {
  if (rows.length === 0) return;
  const copy = `copy bank_staging (${STAGED_COLUMNS.join(', ')}) from`;
  const client = clientOf(tx);
  if (pglite) {
    await client.query(`${copy} '/dev/blob'`, [], { blob: new Blob([rows]) });
    return;
  }
  const stream = client.query(copyFrom(`${copy} stdin`)) as unknown as NodeJS.WritableStream;
  await pipeline(Readable.from([Buffer.from(rows.buffer, rows.byteOffset, rows.byteLength)]), stream);
}

/**
 * Marks the repeats (an order stored before by this company, or met earlier in the file), then
 * keeps the payees' contracts a payment may belong to in `bank_contracts` with their number in
 * the matcher's form, and analyzes both tables for the matching's joins.
 */
export async function prepareMatching(tx: Tx, companyId: number): Promise<void> {
  await tx.execute(sql`update bank_staging s set dup = true
    from (select ord, row_number() over (partition by natural_key order by ord) as n from bank_staging) r
    where r.ord = s.ord and (r.n > 1 or exists (
      select 1 from payments p where p.company_id = ${companyId} and p.natural_key = s.natural_key))`);
  // the key is computed once per contract (the inner query is not flattened into the outer one)
  await tx.execute(sql`create temp table bank_contracts on commit drop as
    select c.id, c.number, to_char(c.contract_date, 'YYYY-MM-DD') as date,
      c.eis_registry_number as registry, c.supplier_inn, coalesce(c.customer_inn, '') as customer_inn,
      (c.price - c.paid_amount)::numeric(18, 2)::text as remaining, c.key collate "C" as key,
      case when length(c.key) >= 3 then left(c.key, 3) end collate "C" as prefix,
      case when length(regexp_replace(c.eis_registry_number, '\\D', '', 'g')) >= 19
        then left(regexp_replace(c.eis_registry_number, '\\D', '', 'g'), 19) end as reg
    from (select c.*, ${NUMBER_KEY} as key from contracts c
      where c.company_id = ${companyId} and c.status not in ('cancelled', 'draft')
        and c.supplier_inn in (select payee_inn from bank_staging where not dup)
      offset 0) c`);
  // statistics of the join columns only: of the purposes they would cost seconds
  await tx.execute(sql`analyze bank_staging (ord, payer_inn, payee_inn, dup)`);
  await tx.execute(sql`analyze bank_contracts (id, supplier_inn, customer_inn, prefix, reg)`);
}

/** A staged order as the matcher and the payment event read it, with the payee's facts. */
export type StagedPayment = {
  ord: number;
  dup: boolean;
  payerInn: string | null;
  payeeInn: string | null;
  amount: string;
  number: string;
  date: string;
  dateDebited: string | null;
  kind: string | null;
  purpose: string;
  /** The payee's contracts; those the payer may have signed; the one such when there is one. */
  contracts: number | null;
  eligible: number | null;
  onlyId: string | null;
};

/** The staged orders `from`..`to` (by `ord`), in file order. */
export function stagedPayments(tx: Tx, from: number, to: number): Promise<StagedPayment[]> {
  return rowsOf<StagedPayment>(
    tx,
    sql`with facts as (
        select supplier_inn, customer_inn, count(*)::int as n, min(id) as one
        from bank_contracts group by supplier_inn, customer_inn),
      payee as (
        select s.ord, sum(f.n)::int as contracts,
          coalesce(sum(f.n) filter (where s.payer_inn is null or f.customer_inn = ''
            or f.customer_inn = s.payer_inn), 0)::int as eligible,
          min(f.one) filter (where s.payer_inn is null or f.customer_inn = ''
            or f.customer_inn = s.payer_inn) as one
        from bank_staging s join facts f on f.supplier_inn = s.payee_inn
        where s.ord between ${from} and ${to} and not s.dup
        group by s.ord)
      select s.ord, s.dup, s.payer_inn as "payerInn", s.payee_inn as "payeeInn",
        s.amount::text as amount, s.number, s.date::text as date,
        s.date_debited::text as "dateDebited", s.kind, s.purpose,
        p.contracts, p.eligible, case when p.eligible = 1 then p.one::text end as "onlyId"
      from bank_staging s left join payee p on p.ord = s.ord
      where s.ord between ${from} and ${to}
      order by s.ord`,
  );
}

const CANDIDATE_COLUMNS = sql.raw(`c.id::text as id, c.number, c.date, c.registry as "registryNumber",
  c.supplier_inn as "supplierInn", c.customer_inn as "customerInn", c.remaining`);

/** Contracts by id (the only eligible contract of a payee). */
export function stagedContracts(tx: Tx, ids: string[]): Promise<ContractCandidate[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return rowsOf<ContractCandidate>(
    tx,
    sql`select ${CANDIDATE_COLUMNS} from bank_contracts c where c.id = any(${arrayParam(ids, 'integer')})`,
  );
}

/**
 * For the new orders `from`..`to`: the payee's contracts (of this payer or of no customer) whose
 * registry number the purpose contains, or whose number the purpose contains and whose first three
 * characters stand where a number may begin (`grams` of statement-rows.ts; a number of one or two
 * characters anywhere) — all the candidates `namedIn` of payment-matcher.ts finds (its `score`
 * then weighs them), found by hash joins instead of an index per payee. In the order of the
 * order, then of the contract.
 */
export function namedContracts(
  tx: Tx,
  from: number,
  to: number,
): Promise<(ContractCandidate & { ord: number })[]> {
  return rowsOf(
    tx,
    sql`with s as (
        select ord, payer_inn, payee_inn, purpose_compact, grams, registry_keys from bank_staging
        where ord between ${from} and ${to} and not dup and payee_inn is not null),
      g as materialized (
        select s.ord, s.payee_inn, g.gram collate "C" as gram
        from s cross join lateral unnest(s.grams) as g(gram)),
      found as (
        select g.ord, c.id from g join bank_contracts c on c.supplier_inn = g.payee_inn and c.prefix = g.gram
        union
        select s.ord, c.id from s join bank_contracts c on c.supplier_inn = s.payee_inn
        where length(c.key) between 1 and 2 and strpos(s.purpose_compact, c.key) > 0
        union
        select s.ord, c.id from s cross join lateral unnest(s.registry_keys) as r(k)
          join bank_contracts c on c.reg = r.k and c.supplier_inn = s.payee_inn)
      select found.ord, ${CANDIDATE_COLUMNS}
      from found join s on s.ord = found.ord join bank_contracts c on c.id = found.id
      where (s.payer_inn is null or c.customer_inn = '' or c.customer_inn = s.payer_inn)
        and (strpos(s.purpose_compact, c.key) > 0 or c.reg = any(s.registry_keys))
      order by found.ord, c.id`,
  );
}

/** One new order's outcome, stored with its staged row. */
export type StagedOutcome = {
  ord: number;
  contractId: number | null;
  confidence: string | null;
  reason: string;
  eventId: number | null;
};

/** The statement storing new orders from the staging table with their outcomes. */
export function insertFromStaging(companyId: number, importId: number, outcomes: StagedOutcome[]) {
  const col = <K extends keyof StagedOutcome>(k: K) => outcomes.map((o) => o[k]);
  return sql`insert into payments (company_id, import_id, file_name, natural_key, direction, kind,
      number, date, amount, date_debited, date_credited, payer_name, payer_inn, payer_kpp,
      payer_account, payer_bik, payer_bank, payee_name, payee_inn, payee_kpp, payee_account,
      payee_bik, payee_bank, purpose, payment_type, operation_type, priority, uin, budget,
      status, contract_id, match_confidence, match_reason, event_id)
    select ${companyId}, ${importId}, s.file_name, s.natural_key, 'outgoing', s.kind, s.number,
      s.date, s.amount, s.date_debited, s.date_credited, s.payer_name, s.payer_inn, s.payer_kpp,
      s.payer_account, s.payer_bik, s.payer_bank, s.payee_name, s.payee_inn, s.payee_kpp,
      s.payee_account, s.payee_bik, s.payee_bank, s.purpose, s.payment_type, s.operation_type,
      s.priority, s.uin, s.budget,
      case when o.contract_id is null then 'unmatched' else 'matched' end, o.contract_id,
      o.confidence, o.reason, o.event_id
    from unnest(${arrayParam(col('ord'), 'integer')}, ${arrayParam(col('contractId'), 'integer')},
      ${arrayParam(col('confidence'), 'numeric')}, ${arrayParam(col('reason'), 'text')},
      ${arrayParam(col('eventId'), 'bigint')}) as o(ord, contract_id, confidence, reason, event_id)
    join bank_staging s on s.ord = o.ord
    order by s.ord`;
}
