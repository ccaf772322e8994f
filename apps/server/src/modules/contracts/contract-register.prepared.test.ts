import { type ContractListQuery, contractRoutes } from '@zakupki/shared';
import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/harness.js';
import { statementName } from '../../db/prepared.js';
import { createContract, day, SUPPLIER2 } from './contracts.factories.js';

/**
 * The register's page is prepared under a name per statement shape (docs/benchmarks.md, issue 27):
 * the same shape reuses one name whatever its values, another shape has another name, the shapes
 * whose generic plan is bad are sent unnamed, and the plan PostgreSQL keeps for a name (generic)
 * answers what a plan for the values (custom) answers.
 */
const t = testAppForFile();
let company: number;

type Sent = { name?: string; text: string; values: unknown[] };
const sent: Sent[] = [];

const page = async (query: ContractListQuery) => {
  const r = await t.call(contractRoutes.list, { params: { company_id: company }, query, as: 'specialist' });
  expect(r.status).toBe(200);
  return r.body;
};

/** The register's statements one call sent (the session and tenancy statements left out). */
const sentBy = async (query: ContractListQuery) => {
  sent.length = 0;
  const body = await page(query);
  return { body, statements: sent.filter((s) => /from "contracts"/.test(s.text)) };
};

const pool = () => t.db.database.pool as pg.Pool;

beforeAll(async () => {
  const token = await t.login('specialist');
  company = t.ids.companies.provider;
  const contracts: Parameters<typeof createContract>[3][] = [
    { number: 'ПР-1', status: 'concluded', contract_date: day(-10), subject: 'Поставка кабельной продукции' },
    { number: 'ПР-2', status: 'concluded', contract_date: day(-20), subject: 'Ремонт трансформаторов' },
    { number: 'ПР-3', status: 'draft', contract_date: day(-30), subject: 'Поставка кабельной арматуры' },
    {
      number: 'ПР-4',
      status: 'concluded',
      contract_date: day(-40),
      subject: 'Охрана объектов',
      supplier_inn: SUPPLIER2.inn,
      supplier_kpp: SUPPLIER2.kpp,
      supplier_name: SUPPLIER2.name,
    },
  ];
  for (const c of contracts) await createContract(t, token, company, c);
  const p = t.db.database.pool;
  if (!p) return;
  const original = p.query.bind(p) as (...args: unknown[]) => Promise<unknown>;
  (p as unknown as { query: typeof original }).query = (...args: unknown[]) => {
    const [config, values] = args as [string | { name?: string; text: string }, unknown[] | undefined];
    if (typeof config !== 'string') sent.push({ name: config.name, text: config.text, values: values ?? [] });
    return original(...args);
  };
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('the register page as a named prepared statement', () => {
  it('reuses one name for one shape whatever the values, named by the hash of its text', async () => {
    const a = await sentBy({ status: 'concluded', date_from: day(-365), limit: 2 });
    const b = await sentBy({ status: 'draft', date_from: day(-100), limit: 5 });
    expect(a.statements).toHaveLength(1);
    expect(b.statements).toHaveLength(1);
    const [sa, sb] = [a.statements[0], b.statements[0]];
    expect(sa.name).toBe(statementName(sa.text));
    expect(sb.name).toBe(sa.name);
    expect(sb.values).not.toEqual(sa.values);
    expect(a.body.items.map((c) => c.number)).toEqual(['ПР-1', 'ПР-2']);
    expect(a.body.total).toBe(3);
    // a page past the end counts its total in a second statement, named the same way
    const c = await sentBy({ status: 'concluded', date_from: day(-100), limit: 5, page: 3 });
    expect(c.body).toMatchObject({ items: [], total: 3 });
    expect(c.statements).toHaveLength(2);
    for (const s of c.statements) expect(s.name).toBe(statementName(s.text));
  });

  it('names each shape differently, and sends the text, supplier and overdue filters unnamed', async () => {
    const year = { date_from: day(-365), date_to: day(0), limit: 3 };
    const shapes: ContractListQuery[] = [
      { status: 'concluded', ...year },
      { status: 'concluded', ...year, sort: 'price', order: 'asc' },
      { status: 'concluded', ...year, price_min: 1000 },
      { status: ['concluded', 'draft'], limit: 3 },
      { archived: 'true', sort: 'number', limit: 3 },
      { law: '223', limit: 3 },
    ];
    const names: string[] = [];
    for (const q of shapes) {
      const { statements } = await sentBy(q);
      expect(statements).toHaveLength(1);
      expect(statements[0].name).toBe(statementName(statements[0].text));
      names.push(statements[0].name as string);
    }
    expect(new Set(names).size).toBe(shapes.length);
    // their generic plans are bad for a large company (docs/benchmarks.md): planned for the values
    for (const q of [
      { status: 'concluded', ...year, supplier: SUPPLIER2.inn },
      { status: 'concluded', ...year, supplier: 'Северная' },
      { status: 'concluded', ...year, q: 'кабельной' },
      { q: 'кабельной', limit: 3 },
      { overdue: 'true', limit: 3 },
    ] as ContractListQuery[]) {
      const { statements } = await sentBy(q);
      expect(statements.length).toBeGreaterThan(0);
      for (const st of statements) expect(st.name ?? '').toBe('');
    }
  });

  it('answers the same through the kept plan as through a plan for the values', async () => {
    const shapes: ContractListQuery[] = [
      { status: 'concluded', date_from: day(-365), limit: 2, page: 2 },
      { status: ['concluded', 'draft'], date_to: day(0), limit: 10 },
      { sort: 'price', order: 'asc', price_min: 100_000, limit: 10 },
      { sort: 'supplier_name', order: 'desc', law: '223', limit: 2 },
    ];
    const client = await pool().connect();
    try {
      for (const q of shapes) {
        const first = await sentBy(q);
        // the route's own connections: ten more calls, past the five after which a plan is kept
        for (let i = 0; i < 10; i++) expect((await page(q)).items).toEqual(first.body.items);
        // each statement the calls sent (the first carries the total, the others take it cached)
        const distinct = new Map(
          sent.filter((x) => /from "contracts"/.test(x.text) && x.name).map((x) => [x.name, x]),
        );
        expect(distinct.size).toBeGreaterThan(0);
        for (const s of distinct.values()) {
          await client.query('set plan_cache_mode = force_custom_plan');
          const custom = await client.query({ text: s.text, values: s.values, rowMode: 'array' });
          await client.query('set plan_cache_mode = force_generic_plan');
          const generic = await client.query({
            name: s.name,
            text: s.text,
            values: s.values,
            rowMode: 'array',
          });
          const [kept] = (
            await client.query('select generic_plans::int as n from pg_prepared_statements where name = $1', [
              s.name,
            ])
          ).rows;
          expect(kept.n).toBeGreaterThan(0);
          expect(generic.rows).toEqual(custom.rows);
        }
      }
    } finally {
      await client.query('reset plan_cache_mode');
      client.release();
    }
  });
});
