import { catalogRoutes, contractRoutes } from '@zakupki/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/harness.js';
import { contractBody, createContract, day, errorOf, issuesOf } from './contracts.factories.js';

const t = testAppForFile();
let token: string;
let company: number;

beforeAll(async () => {
  token = await t.login('client');
  company = t.ids.companies.client1;
});

describe('contract entry', () => {
  it('creates a draft: computes line sums and VAT, takes the company as customer, stores version 1', async () => {
    const r = await t.call(contractRoutes.create, {
      params: { company_id: company },
      as: 'client',
      body: contractBody(),
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      status: 'draft',
      price: '1250000.00',
      revision: 1,
      customer_inn: '5003123458',
      customer_name: 'Акционерное общество «Энергосеть»',
      supplier_inn: '7704123450',
      duties: [],
      deadline: null,
      allowed_transitions: ['concluded', 'cancelled'],
    });
    expect(r.body.items.map((i) => [i.line_no, i.quantity, i.price, i.amount, i.vat_amount])).toEqual([
      [1, '1000', '1000', '1000000.00', '166666.67'],
      [2, '50', '5000', '250000.00', '41666.67'],
    ]);
    expect(r.body.payment_terms.map((p) => [p.kind, p.share_percent, p.term_days, p.day_kind])).toEqual([
      ['advance', '30.00', 10, 'working'],
      ['postpayment', '70.00', 7, 'working'],
    ]);
    const h = await t.call(contractRoutes.history, {
      params: { company_id: company, id: r.body.id },
      as: 'client',
    });
    expect(h.body.total).toBe(1);
    expect(h.body.items[0]).toMatchObject({
      revision: 1,
      action: 'create',
      changed_by: { title: 'Кузнецов Дмитрий' },
    });
    expect(h.body.items[0].snapshot.items).toHaveLength(2);
    const audit = await t.db.database.query<{ action: string }>(
      "select action from audit_log where entity = 'contract' and entity_id = $1",
      [String(r.body.id)],
    );
    expect(audit.map((a) => a.action)).toEqual(['create']);
  });

  it('names the difference when the specification does not add up to the price', async () => {
    const r = await t.call(contractRoutes.create, {
      params: { company_id: company },
      as: 'client',
      body: contractBody({ price: '1300000' }),
    });
    expect(r.status).toBe(400);
    expect(errorOf(r).code).toBe('validation_failed');
    expect(issuesOf(r)).toContain(
      'body.price: Сумма спецификации 1 250 000,00 ₽ не равна цене договора 1 300 000,00 ₽ (разница 50 000,00 ₽)',
    );
    // within a kopeck is accepted
    const ok = await t.call(contractRoutes.create, {
      params: { company_id: company },
      as: 'client',
      body: contractBody({ price: '1250000.01', number: 'К-1' }),
    });
    expect(ok.status).toBe(201);
  });

  it('checks each line: amount = quantity × price, VAT at its rate', async () => {
    const body = contractBody();
    body.items[0] = { ...body.items[0], amount: '999000.00', vat_amount: '100.00' };
    const r = await t.call(contractRoutes.create, { params: { company_id: company }, as: 'client', body });
    expect(r.status).toBe(400);
    expect(issuesOf(r)).toEqual(
      expect.arrayContaining([
        'body.items.0.amount: Позиция 1: сумма 999 000,00 ₽ не равна количеству × цену (1 000 000,00 ₽)',
        'body.items.0.vat_amount: Позиция 1: НДС 100,00 ₽ не соответствует ставке 20% (166 500,00 ₽)',
      ]),
    );
  });

  it('checks ИНН and КПП checksums, dates, codes, registry numbers and shares of payment', async () => {
    const r = await t.call(contractRoutes.create, {
      params: { company_id: company },
      as: 'client',
      body: contractBody({
        supplier_inn: '7704123451',
        supplier_kpp: '77040',
        start_date: day(10),
        end_date: day(5),
        eis_registry_number: '2510205003117000004',
        payment_terms: [{ kind: 'advance', share_percent: '30', term_days: 10, day_kind: 'working' }],
        items: [{ ...contractBody().items[0], okpd2_code: '27-32', okei_code: '6', price: '1250' }],
      }),
    });
    expect(r.status).toBe(400);
    expect(issuesOf(r)).toEqual(
      expect.arrayContaining([
        'body.supplier_inn: Неверное контрольное число ИНН',
        expect.stringMatching(/^body\.supplier_kpp: КПП должен состоять из 9 знаков/),
        'body.end_date: Дата окончания не может быть раньше даты начала',
        'body.eis_registry_number: Реестровый номер договора по 223-ФЗ состоит из 23 цифр, введено 19',
        'body.payment_terms: Доли оплаты договора в сумме должны составлять 100 %, сейчас 30,00 %',
        'body.items.0.okpd2_code: Код ОКПД2 записывается как ХХ.ХХ.ХХ.ХХХ (например, 26.20.11.110)',
        'body.items.0.okei_code: Код ОКЕИ состоит из 3 или 4 цифр (например, 796)',
      ]),
    );
    const count = await t.db.database.query<{ n: number }>(
      "select count(*)::int as n from contracts where subject like 'Поставка кабельной%' and supplier_inn = '7704123451'",
    );
    expect(count[0].n).toBe(0);
  });

  it('takes a 44-FZ registry number of 19 digits and refuses letters', async () => {
    const ok = await t.call(contractRoutes.create, {
      params: { company_id: company },
      as: 'client',
      body: contractBody({ law: '44', number: 'Ф.1', eis_registry_number: '2500312345824000011' }),
    });
    expect(ok.status).toBe(201);
    const bad = await t.call(contractRoutes.create, {
      params: { company_id: company },
      as: 'client',
      body: contractBody({ law: '44', number: 'Ф.2', eis_registry_number: '25003123458240000AB' }),
    });
    expect(issuesOf(bad)).toEqual([
      'body.eis_registry_number: Реестровый номер договора состоит только из цифр',
    ]);
  });

  it('refuses a concluded contract dated in the future and an EIS placement before conclusion', async () => {
    const r = await t.call(contractRoutes.create, {
      params: { company_id: company },
      as: 'client',
      body: contractBody({ status: 'concluded', contract_date: day(3), start_date: day(3) }),
    });
    expect(r.status).toBe(400);
    expect(issuesOf(r)[0]).toMatch(/^body\.contract_date: Дата заключения .* ещё не наступила/);
    const p = await t.call(contractRoutes.create, {
      params: { company_id: company },
      as: 'client',
      body: contractBody({ status: 'concluded', eis_published_at: day(-40) }),
    });
    expect(issuesOf(p)).toEqual([
      'body.eis_published_at: Сведения не могут быть размещены в ЕИС раньше даты заключения договора',
    ]);
  });

  it('refuses a customer of another company and unknown catalogue entries', async () => {
    const [other] = await t.db.database.query<{ id: number }>(
      'select id from customers where company_id = $1',
      [t.ids.companies.client2],
    );
    const r = await t.call(contractRoutes.create, {
      params: { company_id: company },
      as: 'client',
      body: contractBody({ customer_id: other.id, funding_source_id: 999999, contract_basis_id: 999998 }),
    });
    expect(r.status).toBe(400);
    expect(issuesOf(r)).toEqual(
      expect.arrayContaining(['body.customer_id: Такого заказчика нет среди заказчиков компании']),
    );
    const [own] = await t.db.database.query<{ id: number }>(
      'select id from customers where company_id = $1',
      [company],
    );
    const c = await t.call(contractRoutes.create, {
      params: { company_id: company },
      as: 'client',
      body: contractBody({ customer_id: own.id, funding_source_id: 999999 }),
    });
    expect(issuesOf(c)).toEqual([
      'body.funding_source_id: Источник финансирования: запись справочника не найдена или в архиве',
    ]);
    const [funding] = await t.db.database.query<{ id: number }>(
      "select id from catalog_entries where kind = 'generic' and type_code = 8 and code = '2' and company_id is null",
    );
    const [basisAsFunding] = await t.db.database.query<{ id: number }>(
      "select id from catalog_entries where kind = 'generic' and type_code = 9 and code = '1'",
    );
    const wrongType = await t.call(contractRoutes.create, {
      params: { company_id: company },
      as: 'client',
      body: contractBody({ customer_id: own.id, funding_source_id: basisAsFunding.id }),
    });
    expect(wrongType.status).toBe(400);
    const good = await t.call(contractRoutes.create, {
      params: { company_id: company },
      as: 'client',
      body: contractBody({ number: 'К-cat', customer_id: own.id, funding_source_id: funding.id }),
    });
    expect(good.status).toBe(201);
    expect(good.body).toMatchObject({ customer_id: own.id, funding_source_id: funding.id });
    // the catalogue learns the entry is used: it may be archived, not deleted
    const del = await t.call(catalogRoutes.generic.remove, {
      params: { type: 8, id: funding.id },
      as: 'admin',
    });
    expect(del.status).toBe(409);
    expect(errorOf(del).code).toBe('has_dependents');
    expect(errorOf(del).message).toMatch(/Договоры: \d+/);
  });

  it('keeps registry numbers and EIS guids unique within the company', async () => {
    const reg = '50031234582400000770000';
    const guid = '1f0c2a4e-5b6d-4c7e-8f90-a1b2c3d4e5f6';
    const a = await createContract(t, token, company, {
      number: 'У-1',
      eis_registry_number: reg,
      eis_guid: guid.toUpperCase(),
    });
    expect(a.eis_guid).toBe(guid);
    const dup = await t.call(contractRoutes.create, {
      params: { company_id: company },
      as: 'client',
      body: contractBody({ number: 'У-2', eis_registry_number: reg }),
    });
    expect(dup.status).toBe(409);
    expect(errorOf(dup)).toMatchObject({
      code: 'duplicate',
      message: expect.stringMatching(
        /^Договор с реестровым номером 50031234582400000770000 уже есть в реестре: № У-1 от \d\d\.\d\d\.\d{4}$/,
      ),
    });
    const dupGuid = await t.call(contractRoutes.create, {
      params: { company_id: company },
      as: 'client',
      body: contractBody({ number: 'У-3', eis_guid: guid }),
    });
    expect(dupGuid.status).toBe(409);
    // another company may hold the same number
    const other = await t.call(contractRoutes.create, {
      params: { company_id: t.ids.companies.client2 },
      as: 'client2',
      body: contractBody({ eis_registry_number: reg }),
    });
    expect(other.status).toBe(201);
  });

  it('stops at the tariff’s contracts per year', async () => {
    const [{ n }] = await t.db.database.query<{ n: number }>(
      'select count(*)::int as n from contracts where company_id = $1',
      [company],
    );
    const [tariff] = await t.db.database.query<{ id: number }>(
      "insert into tariffs (code, name, max_contracts_per_year, price_per_month) values ('contracts-test', 'Тестовый', $1, '0') returning id",
      [n + 1],
    );
    await t.db.database.query('update companies set tariff_id = $1 where id = $2', [tariff.id, company]);
    try {
      expect(
        (
          await t.call(contractRoutes.create, {
            params: { company_id: company },
            as: 'client',
            body: contractBody({ number: 'Т-1' }),
          })
        ).status,
      ).toBe(201);
      const over = await t.call(contractRoutes.create, {
        params: { company_id: company },
        as: 'client',
        body: contractBody({ number: 'Т-2' }),
      });
      expect(over.status).toBe(409);
      expect(errorOf(over)).toMatchObject({
        code: 'tariff_limit',
        message: `Достигнут лимит тарифа «Тестовый»: договоров в год не больше ${n + 1}`,
      });
    } finally {
      await t.db.database.query('update companies set tariff_id = null where id = $1', [company]);
    }
  });

  it('an operator may read the register but not write it', async () => {
    expect(
      (await t.call(contractRoutes.list, { params: { company_id: company }, as: 'operator' })).status,
    ).toBe(200);
    const r = await t.call(contractRoutes.create, {
      params: { company_id: company },
      as: 'operator',
      body: contractBody(),
    });
    expect(r.status).toBe(403);
    expect(errorOf(r).code).toBe('forbidden');
  });
});
