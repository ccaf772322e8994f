import { type ContractCreateInput, type ContractListQuery, contractRoutes } from '@zakupki/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/harness.js';
import { contractBody, createContract, day, errorOf, SUPPLIER, SUPPLIER2 } from './contracts.factories.js';

/**
 * The register of the provider company (no demo contracts there), acted on by the specialist:
 * six contracts with known dates, prices, suppliers and statuses.
 */
const t = testAppForFile();
let token: string;
let company: number;
const ids: Record<string, number> = {};

const one = (price: string): Partial<ContractCreateInput> => ({
  items: [
    {
      name: 'Работы',
      okpd2_code: '43.21.10.110',
      okei_code: '876',
      unit_name: 'усл. ед',
      quantity: '1',
      price,
      vat_rate: '20%',
    },
  ],
  price,
  payment_terms: [],
});

beforeAll(async () => {
  token = await t.login('specialist');
  company = t.ids.companies.provider;
  const make = async (key: string, over: Partial<ContractCreateInput>) => {
    ids[key] = (await createContract(t, token, company, over)).id;
  };
  await make('cable', {
    number: 'А-101',
    contract_date: day(-100),
    end_date: day(50),
    status: 'concluded',
    eis_registry_number: '77051234522400001230000',
    eis_published_at: day(-99),
    subject: 'Поставка кабельной продукции',
    ...one('500000.00'),
  });
  await make('pumps', {
    number: 'Б-7',
    contract_date: day(-60),
    end_date: day(10),
    status: 'concluded',
    subject: 'Поставка насосного оборудования для КНС',
    supplier_inn: SUPPLIER2.inn,
    supplier_kpp: SUPPLIER2.kpp,
    supplier_name: SUPPLIER2.name,
    ...one('2500000.00'),
  });
  await make('repair', {
    number: 'В-15',
    contract_date: day(-30),
    start_date: day(-30),
    end_date: day(300),
    subject: 'Выполнение работ по ремонту кровли административного здания',
    ...one('150000.00'),
  });
  await make('fuel', {
    number: 'А-102',
    contract_date: day(-10),
    start_date: day(-10),
    end_date: null,
    status: 'concluded',
    eis_published_at: day(-9),
    subject: 'Поставка дизельного топлива',
    supplier_inn: SUPPLIER2.inn,
    supplier_kpp: SUPPLIER2.kpp,
    supplier_name: SUPPLIER2.name,
    ...one('90000.00'),
  });
  await make('law44', {
    law: '44',
    number: 'Г-1',
    contract_date: day(-200),
    start_date: day(-200),
    end_date: day(-20),
    status: 'concluded',
    eis_published_at: day(-198),
    subject: 'Оказание услуг по охране объектов',
    ...one('3000000.00'),
  });
  await make('archived', { number: 'Д-1', subject: 'Поставка кабельной арматуры', ...one('1000.00') });
  await t.call(contractRoutes.status, {
    params: { company_id: company, id: ids.law44 },
    as: 'specialist',
    body: { status: 'executed', date: day(-20) },
  });
  await t.call(contractRoutes.archive, {
    params: { company_id: company, id: ids.archived },
    as: 'specialist',
    body: { archived: true },
  });
});

async function list(query: ContractListQuery) {
  const r = await t.call(contractRoutes.list, { params: { company_id: company }, query, as: 'specialist' });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}
const keys = (b: { items: { id: number }[] }) =>
  b.items.map((i) => Object.keys(ids).find((k) => ids[k] === i.id));

describe('register filters', () => {
  it('excludes archived contracts unless asked, newest first by default', async () => {
    const b = await list({});
    expect(keys(b)).toEqual(['fuel', 'repair', 'pumps', 'cable', 'law44']);
    expect(b).toMatchObject({ total: 5, page: 1, limit: 10 });
    expect(keys(await list({ archived: 'true' }))).toEqual(['archived']);
  });

  it('status: one, several (comma or repeated)', async () => {
    expect(keys(await list({ status: 'draft' }))).toEqual(['repair']);
    expect(keys(await list({ status: 'draft,executed' }))).toEqual(['repair', 'law44']);
    expect(keys(await list({ status: ['draft', 'executed'] }))).toEqual(['repair', 'law44']);
    const bad = await t.call(contractRoutes.list, {
      params: { company_id: company },
      query: { status: 'signed' },
      as: 'specialist',
    });
    expect(bad.status).toBe(400);
  });

  it('supplier: ИНН exactly, or a part of the name', async () => {
    expect(keys(await list({ supplier: SUPPLIER2.inn }))).toEqual(['fuel', 'pumps']);
    expect(keys(await list({ supplier: 'Северная кабел' }))).toEqual(['fuel', 'pumps']);
    expect(keys(await list({ supplier: 'электроснаб' }))).toEqual(['repair', 'cable', 'law44']);
    expect(keys(await list({ supplier: SUPPLIER.inn.slice(0, 9) }))).toEqual([]);
  });

  it('an unknown parameter (a misspelt filter) is a 400 naming it, not the whole register', async () => {
    const r = await t.call(contractRoutes.list, {
      params: { company_id: company },
      query: { suplier: SUPPLIER2.inn, limit: 50 },
      as: 'specialist',
    });
    expect(r.status).toBe(400);
    expect(errorOf(r).details.issues).toEqual([{ path: 'query', message: 'Неизвестный параметр «suplier»' }]);
    const two = await t.call(contractRoutes.list, {
      params: { company_id: company },
      query: { suplier: 1, stauts: 'draft' },
      as: 'specialist',
    });
    expect(errorOf(two).details.issues[0].message).toBe('Неизвестные параметры: «suplier», «stauts»');
  });

  it('date and price ranges, law', async () => {
    expect(keys(await list({ date_from: day(-60), date_to: day(-10) }))).toEqual(['fuel', 'repair', 'pumps']);
    expect(keys(await list({ price_min: 150000, price_max: 2500000 }))).toEqual(['repair', 'pumps', 'cable']);
    expect(keys(await list({ law: '44' }))).toEqual(['law44']);
  });

  it('q: words of the subject (any form), the start of the number or of the registry number', async () => {
    expect(keys(await list({ q: 'кабель' }))).toEqual(['cable']);
    expect(keys(await list({ q: 'поставки насосов' }))).toEqual(['pumps']);
    expect(keys(await list({ q: 'а-10' }))).toEqual(['fuel', 'cable']);
    expect(keys(await list({ q: '7705123452240000' }))).toEqual(['cable']);
    expect(keys(await list({ q: 'кровл', status: 'draft' }))).toEqual(['repair']);
  });

  it('overdue: contracts with an overdue duty, and the deadline of each row', async () => {
    // pumps: concluded 60 days ago and not placed; law44: execution 20 days ago, 5 working days
    expect(keys(await list({ overdue: 'true' }))).toEqual(['pumps', 'law44']);
    expect(keys(await list({ overdue: 'false' }))).toEqual(['fuel', 'repair', 'cable']);
    const b = await list({ sort: 'number', order: 'asc' });
    const byKey = Object.fromEntries(b.items.map((i) => [keys({ items: [i] })[0], i.deadline]));
    expect(byKey.pumps).toMatchObject({ duty: 'register', status: 'overdue', base_date: day(-60) });
    expect(byKey.law44).toMatchObject({ duty: 'execution', status: 'overdue', base_date: day(-20) });
    expect(byKey.fuel).toBeNull(); // 90 000 ₽: under the register threshold
    expect(byKey.cable).toBeNull(); // placed in time
    expect(byKey.repair).toBeNull(); // a draft owes nothing yet
  });
});

describe('register sorting and paging', () => {
  it.each([
    ['contract_date', 'asc', ['law44', 'cable', 'pumps', 'repair', 'fuel']],
    ['price', 'desc', ['law44', 'pumps', 'cable', 'repair', 'fuel']],
    ['price', 'asc', ['fuel', 'repair', 'cable', 'pumps', 'law44']],
    ['number', 'asc', ['cable', 'fuel', 'pumps', 'repair', 'law44']],
    ['supplier_name', 'asc', ['pumps', 'fuel', 'cable', 'repair', 'law44']],
    ['end_date', 'asc', ['law44', 'pumps', 'cable', 'repair', 'fuel']],
    ['status', 'asc', ['repair', 'cable', 'pumps', 'fuel', 'law44']],
    ['status', 'desc', ['law44', 'fuel', 'pumps', 'cable', 'repair']],
  ] as const)('sort=%s order=%s', async (sort, order, expected) => {
    expect(keys(await list({ sort, order }))).toEqual(expected);
  });

  it('the same order with a text search (the word index is used first)', async () => {
    expect(keys(await list({ q: 'поставка', sort: 'price', order: 'desc' }))).toEqual([
      'pumps',
      'cable',
      'fuel',
    ]);
  });

  it('pages with the total of the whole filter', async () => {
    const p1 = await list({ limit: 2, page: 1, sort: 'price', order: 'asc' });
    const p2 = await list({ limit: 2, page: 2, sort: 'price', order: 'asc' });
    const p3 = await list({ limit: 2, page: 3, sort: 'price', order: 'asc' });
    expect([p1.total, p2.total, p3.total]).toEqual([5, 5, 5]);
    expect([...keys(p1), ...keys(p2), ...keys(p3)]).toEqual(['fuel', 'repair', 'cable', 'pumps', 'law44']);
    expect(p2).toMatchObject({ page: 2, limit: 2 });
    const empty = await list({ limit: 2, page: 9 });
    expect(empty).toMatchObject({ items: [], total: 5 });
    expect(
      (
        await t.call(contractRoutes.list, {
          params: { company_id: company },
          query: { limit: 501 },
          as: 'specialist',
        })
      ).status,
    ).toBe(400);
  });
});

it('a contract body with a number that only differs in case is found by q', async () => {
  const r = await t.call(contractRoutes.create, {
    params: { company_id: company },
    as: 'specialist',
    body: contractBody({ number: 'ЭА-77/Б', ...one('5000.00') }),
  });
  expect(r.status).toBe(201);
  expect((await list({ q: 'эа-77' })).items.map((i) => i.number)).toEqual(['ЭА-77/Б']);
});
