import { type ContractListQuery, contractRoutes } from '@zakupki/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/harness.js';
import { createContract, day } from './contracts.factories.js';
import { cachedTotals } from './register-totals.repository.js';

/**
 * The register's totals are counted once per filter and reused while the company's register
 * version (bumped at commit by every write that changes what a filter matches) stays the same.
 */
const t = testAppForFile();
let token: string;
let company: number;

const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  t.db.database.query<T>(text, params);
const version = async () =>
  Number(
    (
      await sql<{ v: string }>('select version v from contract_register_versions where company_id = $1', [
        company,
      ])
    )[0]?.v ?? 0,
  );
const total = async (query: ContractListQuery) =>
  (await t.call(contractRoutes.list, { params: { company_id: company }, query, as: 'specialist' })).body;

beforeAll(async () => {
  token = await t.login('specialist');
  company = t.ids.companies.provider;
  for (const [i, status] of (['concluded', 'concluded', 'draft'] as const).entries())
    await createContract(t, token, company, {
      number: `ВР-${i}`,
      status,
      contract_date: day(-10 - i),
      subject: 'Поставка кабельной продукции',
    });
});

describe('register totals', () => {
  it('a filter is counted once, then its total is reused while nothing it matches changed', async () => {
    expect((await total({ status: 'concluded', limit: 1 })).total).toBe(2);
    const cached = [...cachedTotals(t.app.deps.db)].filter(([key]) => key.startsWith(`${company}:`));
    expect(cached).toEqual([
      [expect.stringContaining('concluded'), { version: expect.any(Number), total: 2 }],
    ]);
    // the second page of the same filter uses the cached total
    expect((await total({ status: 'concluded', limit: 1, page: 2 })).total).toBe(2);
  });

  it('stays exact through inserts, edits of filtered columns, archiving and deletes from any connection', async () => {
    const q: ContractListQuery = { status: 'concluded', q: 'кабельной', limit: 1 };
    expect((await total(q)).total).toBe(2);
    await createContract(t, token, company, {
      number: 'ВР-9',
      status: 'concluded',
      subject: 'Кабельной линии ремонт',
    });
    expect((await total(q)).total).toBe(3);
    // another node (a raw connection) changes the status, the subject, archives and deletes
    await sql(`update contracts set status = 'executed' where company_id = $1 and number = 'ВР-9'`, [
      company,
    ]);
    expect((await total(q)).total).toBe(2);
    await sql(`update contracts set subject = 'Поставка насосов' where company_id = $1 and number = 'ВР-0'`, [
      company,
    ]);
    expect((await total(q)).total).toBe(1);
    await sql(`update contracts set archived_at = now() where company_id = $1 and number = 'ВР-1'`, [
      company,
    ]);
    expect((await total(q)).total).toBe(0);
    expect((await total({ ...q, archived: 'true' })).total).toBe(1);
    await sql(`delete from contract_register_versions`); // a register never versioned is not cached
    await sql(`update contracts set archived_at = null where company_id = $1 and number = 'ВР-1'`, [company]);
    expect((await total(q)).total).toBe(1);
    expect((await total(q)).total).toBe(1);
  });

  it('the version moves once per transaction, not for the sums an import keeps', async () => {
    const v0 = await version();
    await sql(
      `update contracts set paid_amount = paid_amount + 1, next_duty_due = null where company_id = $1`,
      [company],
    );
    expect(await version()).toBe(v0);
    await sql(`update contracts set price = price + 1 where company_id = $1`, [company]);
    expect(await version()).toBe(v0 + 1);
    // a transaction that is rolled back leaves it
    await sql(`do $$ begin update contracts set price = price + 1; raise exception 'no'; end $$`).catch(
      () => {},
    );
    expect(await version()).toBe(v0 + 1);
  });
});

describe('word filters in date order', () => {
  it('find contracts whose texts do not fit the words index among the others, in date order', async () => {
    const long = `Поставка изоляторов и арматуры ${'и сопутствующих материалов '.repeat(60)}`;
    expect(long.length).toBeGreaterThan(1000);
    const longName = `ООО «Изолстрой ${'Северо-Западного региона '.repeat(14)}»`;
    expect(longName.length).toBeGreaterThan(300);
    await createContract(t, token, company, {
      number: 'ДЛ-1',
      status: 'concluded',
      contract_date: day(-5),
      subject: long,
    });
    await createContract(t, token, company, {
      number: 'ДЛ-2',
      status: 'concluded',
      contract_date: day(-3),
      subject: 'Изоляторов опорных',
      supplier_name: longName,
    });
    await createContract(t, token, company, {
      number: 'ДЛ-3',
      status: 'concluded',
      contract_date: day(-4),
      subject: 'Изоляторов проходных',
    });
    const numbers = async (query: ContractListQuery) =>
      (
        await t.call(contractRoutes.list, { params: { company_id: company }, query, as: 'specialist' })
      ).body.items.map((i) => i.number);
    expect(
      await numbers({ q: 'изоляторов', status: 'concluded', sort: 'contract_date', order: 'desc' }),
    ).toEqual(['ДЛ-2', 'ДЛ-3', 'ДЛ-1']);
    expect(
      await numbers({ q: 'изоляторов', status: 'concluded', sort: 'contract_date', order: 'asc' }),
    ).toEqual(['ДЛ-1', 'ДЛ-3', 'ДЛ-2']);
    expect(await numbers({ q: 'сопутствующих', limit: 1, page: 1 })).toEqual(['ДЛ-1']);
    expect(await numbers({ supplier: 'Изолстрой' })).toEqual(['ДЛ-2']);
    expect(await numbers({ q: 'изоляторов', status: 'concluded', limit: 1, page: 2 })).toEqual(['ДЛ-3']);
  });
});
