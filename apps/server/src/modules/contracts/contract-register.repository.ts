import type { ContractListQuery } from '@zakupki/shared';
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { containsPattern, prefixPattern } from '../../db/like.js';
import { offsetOf } from '../../db/paging.js';
import { namedByText } from '../../db/prepared.js';
import {
  contractDuties,
  contractStatusRank,
  contractSuppliers,
  contracts,
  textsOverflow,
} from '../../db/schema/index.js';
import { todayMoscow } from '../../lib/moscow-time.js';
import { LIST_COLUMNS } from './contracts.repository.js';
import { cachedTotal, keepTotal, registerVersion } from './register-totals.repository.js';

/**
 * The contract register's page (docs/server.md, the register): one statement per page, the
 * word filters walked in date order through the word index, the totals kept per filter.
 */

type ListIn = z.output<typeof ContractListQuery>;

/** A register page reads the columns of its rows, and the nearest duty's date (see `nextDuties`). */
const PAGE_COLUMNS = { ...LIST_COLUMNS, nextDutyDue: contracts.nextDutyDue };

/**
 * Sort key of the register. `unindexed` wraps it in a no-op expression so that PostgreSQL cannot
 * walk a sort index: used with a text search, where finding the few matches through the word
 * index and sorting them is far cheaper than testing every contract in sort order.
 */
function sortKey(sort: ListIn['sort'], unindexed: boolean): SQL | AnyPgColumn {
  const col = {
    contract_date: contracts.contractDate,
    price: contracts.price,
    number: contracts.number,
    supplier_name: contracts.supplierName,
    end_date: contracts.endDate,
  } as const;
  if (sort === 'status')
    return unindexed
      ? sql`(${contractStatusRank(contracts.status)} + 0)`
      : contractStatusRank(contracts.status);
  if (!unindexed) return col[sort];
  return sort === 'number' || sort === 'supplier_name' ? sql`(${col[sort]} || '')` : sql`(${col[sort]} + 0)`;
}

/** Words typed by the user as a prefix query: 'кабел насос' -> 'кабел:* & насос:*'. */
function prefixQuery(text: string): string | null {
  const words = text.match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : null;
}

/**
 * Text search: words of the subject (prefixes, Russian stemming), or the start of the number or
 * registry number. The number is searched only when the text could start one (it has a digit or a
 * sign such as «/» or «-»): OR-ed to the word search, it keeps PostgreSQL from combining the word
 * index with the status and date index, and a plain word then costs a heap check of every
 * contract containing it (20 ms instead of 4 ms for a common word in 200 000 contracts).
 */
export function textCondition(q: string): SQL | undefined {
  const words = prefixQuery(q);
  if (!words) return undefined;
  const arms: SQL[] = [sql`${contracts.search} @@ to_tsquery('russian', ${words})`];
  if (/[^\p{L}\s]/u.test(q))
    arms.push(sql`lower(${contracts.number}) like ${prefixPattern(q.toLowerCase())}`);
  if (/^\d{4,}$/.test(q)) arms.push(sql`${contracts.eisRegistryNumber} like ${`${q}%`}`);
  return or(...arms);
}

/**
 * Supplier: an ИНН (10 or 12 digits) exactly, else a part of the name. The name is looked up among
 * the suppliers the company's contracts name (`contract_suppliers`, a row per ИНН and spelling)
 * for their ИНН, whose contracts `contracts_supplier_inn_idx` finds; each contract's own name is
 * then checked as a substring. Intersecting a word index of the names with the other filters cost
 * PostgreSQL 10–13 ms a page for a frequent name (≈ 3 ms this way); walking the date-ordered index
 * instead cost 0.3 s for a rare one.
 */
function supplierCondition(companyId: number, supplier: string): SQL {
  if (/^\d{10}$|^\d{12}$/.test(supplier)) return eq(contracts.supplierInn, supplier);
  const pattern = containsPattern(supplier);
  const inns = sql`select ${contractSuppliers.supplierInn} from ${contractSuppliers}
    where ${contractSuppliers.companyId} = ${companyId} and ${contractSuppliers.nameLower} like lower(${pattern})`;
  return sql`${contracts.supplierInn} in (${inns}) and ${contracts.supplierName} ilike ${pattern}`;
}

/**
 * An open duty of the contract past its due date: the contract is overdue (its nearest open duty,
 * next_duty_due, is before today exactly when such a duty exists).
 */
const overdueDuty = (today: string) =>
  sql`select 1 from ${contractDuties} where ${contractDuties.contractId} = ${contracts.id}
    and ${contractDuties.doneOn} is null and ${contractDuties.dueDate} < ${today}`;

/** The register's filters (the exports read the same). */
export function listConditions(companyId: number, q: ListIn, today = todayMoscow()): SQL | undefined {
  const conds: (SQL | undefined)[] = [
    eq(contracts.companyId, companyId),
    q.archived === 'true' ? isNotNull(contracts.archivedAt) : isNull(contracts.archivedAt),
    q.status?.length ? inArray(contracts.status, q.status) : undefined,
    q.law ? eq(contracts.law, q.law) : undefined,
    q.date_from ? gte(contracts.contractDate, q.date_from) : undefined,
    q.date_to ? lte(contracts.contractDate, q.date_to) : undefined,
    q.price_min !== undefined ? gte(contracts.price, String(q.price_min)) : undefined,
    q.price_max !== undefined ? lte(contracts.price, String(q.price_max)) : undefined,
    q.overdue === 'true' ? sql`exists (${overdueDuty(today)})` : undefined,
    q.overdue === 'false' ? sql`not exists (${overdueDuty(today)})` : undefined,
    q.q ? textCondition(q.q) : undefined,
  ];
  if (q.supplier) conds.push(supplierCondition(companyId, q.supplier));
  return and(...conds);
}

/**
 * The key a filter's total is cached under (`register-totals.repository.ts`); none for the overdue
 * filter, whose matches change with the duties and the date, not only with the contracts.
 */
function totalKey(companyId: number, q: ListIn): string | null {
  if (q.overdue !== undefined) return null;
  const { page: _p, limit: _l, sort: _s, order: _o, ...filter } = q;
  return `${companyId}:${JSON.stringify(filter)}`;
}

/** A word filter of the subject the date-order index serves, with no other filter it lacks. */
function servedByWordsIndex(q: ListIn): boolean {
  if (q.sort !== 'contract_date' || q.overdue !== undefined || q.supplier) return false;
  return q.q ? prefixQuery(q.q) !== null && !/[^\p{L}\s]/u.test(q.q) : false;
}

/**
 * The ids of a page filtered by words, in date order: each branch walks a date-ordered index and
 * stops after the page's rows — `contracts_register_words_idx` holds the filtered columns, so the
 * word filters are evaluated on its entries without reading the table (an index-only scan), and
 * `contracts_long_texts_idx` the few contracts whose texts do not fit an index entry. Finding all
 * matches through the word index and sorting them cost per request as much as the matches in the
 * filter (a word of a year: 600–2 000 rows read); the walk costs the entries before the page's last.
 */
function wordsInDateOrder(companyId: number, where: SQL | undefined, q: ListIn): SQL {
  const dir = sql.raw(q.order === 'asc' ? 'asc' : 'desc');
  const overflow = textsOverflow(contracts.subject, contracts.supplierName);
  const branch = (from: SQL, texts?: SQL) =>
    sql`(select ${contracts.id} as id, ${contracts.contractDate} as d from ${from} where ${and(where, texts)}
      order by ${contracts.contractDate} ${dir}, ${contracts.id} ${dir} limit ${q.page * q.limit})`;
  // the long texts are read first, by themselves (`offset 0` keeps the filters out of that
  // subquery, so PostgreSQL cannot prefer combining the word indexes); the subquery is named
  // like the table, so the filters apply to it unchanged
  const longTexts = sql`(select * from ${contracts} where ${contracts.companyId} = ${companyId} and ${overflow} > 0 offset 0) as ${contracts}`;
  return sql`select u.id from (${branch(sql`${contracts}`, sql`${overflow} <= 0`)} union all ${branch(longTexts)}) u
    order by u.d ${dir}, u.id ${dir} limit ${q.limit} offset ${(q.page - 1) * q.limit}`;
}

/**
 * Whether a page's statements are prepared under a name (`namedByText`), so that a connection plans
 * the shape once and PostgreSQL may keep a generic plan: the filters by status, law, dates, price,
 * archive and the sorts, whose generic plan was measured as good as a plan for the values on the
 * bench's 200 000 contracts and on a company of 12. Not the text and supplier filters: their plans
 * depend on how many contracts the values match (the words-index walk, the suppliers named like
 * the text), and the generic plan PostgreSQL keeps after five runs took 35–75 ms where a plan for
 * the values takes 0.3–0.6 ms; nor the overdue filter (its generic plan 290 ms against 27 ms):
 * docs/benchmarks.md, issue 27 item 3, measured with bench/register-plans.ts.
 */
const namedShape = (q: ListIn) => !q.q && !q.supplier && q.overdue === undefined;

/**
 * One page of the register and the filter's total. Takes the pool (`Db`), never a transaction
 * that wrote contracts: the register version is bumped at its commit (docs/server.md).
 */
export async function registerPage(db: Db, companyId: number, q: ListIn, today: string) {
  const where = listConditions(companyId, q, today);
  const dir = q.order === 'asc' ? asc : desc;
  const unindexed = Boolean(q.q && textCondition(q.q));
  const key = totalKey(companyId, q);
  const cached = key === null ? undefined : cachedTotal(db, key);
  const version = registerVersion(companyId);
  const count = (filter: SQL | undefined) =>
    sql<number>`(select count(*)::int from ${contracts} where ${filter})`;
  // the page, the register's version and — unless a total of this filter is cached — its total in
  // one statement (the subqueries are uncorrelated, computed once): one round trip per page
  const page = db
    .select({
      ...PAGE_COLUMNS,
      total: cached ? sql<null>`null` : count(where),
      registerVersion: version,
    })
    .from(contracts);
  // prepared under a name per shape where the generic plan is good (`namedShape`)
  const named = namedShape(q);
  const rows = servedByWordsIndex(q)
    ? await namedByText(
        page
          .where(sql`${contracts.id} in (${wordsInDateOrder(companyId, where, q)})`)
          .orderBy(dir(contracts.contractDate), dir(contracts.id)),
        named,
      ).execute()
    : await namedByText(
        page
          .where(where)
          .orderBy(
            dir(sortKey(q.sort, unindexed)),
            dir(unindexed ? sql`(${contracts.id} + 0)` : contracts.id),
          )
          .limit(q.limit)
          .offset(offsetOf(q)),
        named,
      ).execute();
  let total: number;
  const seen = rows.length > 0 && rows[0].registerVersion !== null ? Number(rows[0].registerVersion) : null;
  if (rows.length > 0 && !cached) {
    total = Number(rows[0].total);
    if (key) keepTotal(db, key, seen, total);
  } else if (rows.length > 0 && cached && seen === cached.version) {
    total = cached.total;
  } else if (rows.length === 0 && q.page === 1) {
    total = 0;
  } else {
    // a page past the end has no row to carry the total; or the register changed since it was counted
    const [r] = await namedByText(
      db.select({ total: sql<number>`count(*)::int`, version }).from(contracts).where(where),
      named,
    ).execute();
    total = Number(r.total);
    if (key) keepTotal(db, key, r.version === null ? null : Number(r.version), total);
  }
  return { rows: rows.map(({ total: _t, registerVersion: _v, ...r }) => r), total };
}
