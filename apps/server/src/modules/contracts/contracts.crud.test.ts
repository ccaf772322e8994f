import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { type ContractBody, contractBody, createContract, day, SUPPLIER2 } from './contracts.test-helpers.js';

let t: TestApp;
let token: string;
let company: number;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('client');
  company = t.ids.companies.client1;
  base = `/api/companies/${company}/contracts`;
});
afterAll(async () => {
  await t?.close();
});

const issues = (r: { body: any }) =>
  (r.body.error.details.issues as { path: string; message: string }[]).map((i) => `${i.path}: ${i.message}`);

describe('contract entry', () => {
  it('creates a draft: computes line sums and VAT, takes the company as customer, stores version 1', async () => {
    const r = await t.req('POST', base, { token, body: contractBody() });
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
    expect(r.body.items.map((i: any) => [i.line_no, i.quantity, i.price, i.amount, i.vat_amount])).toEqual([
      [1, '1000', '1000', '1000000.00', '166666.67'],
      [2, '50', '5000', '250000.00', '41666.67'],
    ]);
    expect(r.body.payment_terms.map((p: any) => [p.kind, p.share_percent, p.term_days, p.day_kind])).toEqual([
      ['advance', '30.00', 10, 'working'],
      ['postpayment', '70.00', 7, 'working'],
    ]);
    const h = await t.req('GET', `${base}/${r.body.id}/history`, { token });
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
    const r = await t.req('POST', base, { token, body: contractBody({ price: '1300000' }) });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('validation_failed');
    expect(issues(r)).toContain(
      'body.price: Сумма спецификации 1 250 000,00 ₽ не равна цене договора 1 300 000,00 ₽ (разница 50 000,00 ₽)',
    );
    // within a kopeck is accepted
    const ok = await t.req('POST', base, {
      token,
      body: contractBody({ price: '1250000.01', number: 'К-1' }),
    });
    expect(ok.status).toBe(201);
  });

  it('checks each line: amount = quantity × price, VAT at its rate', async () => {
    const body = contractBody();
    body.items[0] = { ...body.items[0], amount: '999000.00', vat_amount: '100.00' } as never;
    const r = await t.req('POST', base, { token, body });
    expect(r.status).toBe(400);
    expect(issues(r)).toEqual(
      expect.arrayContaining([
        'body.items.0.amount: Позиция 1: сумма 999 000,00 ₽ не равна количеству × цену (1 000 000,00 ₽)',
        'body.items.0.vat_amount: Позиция 1: НДС 100,00 ₽ не соответствует ставке 20% (166 500,00 ₽)',
      ]),
    );
  });

  it('checks ИНН and КПП checksums, dates, codes, registry numbers and shares of payment', async () => {
    const r = await t.req('POST', base, {
      token,
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
    expect(issues(r)).toEqual(
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
    const ok = await t.req('POST', base, {
      token,
      body: contractBody({ law: '44', number: 'Ф.1', eis_registry_number: '2500312345824000011' }),
    });
    expect(ok.status).toBe(201);
    const bad = await t.req('POST', base, {
      token,
      body: contractBody({ law: '44', number: 'Ф.2', eis_registry_number: '25003123458240000AB' }),
    });
    expect(issues(bad)).toEqual([
      'body.eis_registry_number: Реестровый номер договора состоит только из цифр',
    ]);
  });

  it('refuses a concluded contract dated in the future and an EIS placement before conclusion', async () => {
    const r = await t.req('POST', base, {
      token,
      body: contractBody({ status: 'concluded', contract_date: day(3), start_date: day(3) }),
    });
    expect(r.status).toBe(400);
    expect(issues(r)[0]).toMatch(/^body\.contract_date: Дата заключения .* ещё не наступила/);
    const p = await t.req('POST', base, {
      token,
      body: contractBody({ status: 'concluded', eis_published_at: day(-40) }),
    });
    expect(issues(p)).toEqual([
      'body.eis_published_at: Сведения не могут быть размещены в ЕИС раньше даты заключения договора',
    ]);
  });

  it('refuses a customer of another company and unknown catalogue entries', async () => {
    const [other] = await t.db.database.query<{ id: number }>(
      'select id from customers where company_id = $1',
      [t.ids.companies.client2],
    );
    const r = await t.req('POST', base, {
      token,
      body: contractBody({ customer_id: other.id, funding_source_id: 999999, contract_basis_id: 999998 }),
    });
    expect(r.status).toBe(400);
    expect(issues(r)).toEqual(
      expect.arrayContaining(['body.customer_id: Такого заказчика нет среди заказчиков компании']),
    );
    const [own] = await t.db.database.query<{ id: number }>(
      'select id from customers where company_id = $1',
      [company],
    );
    const c = await t.req('POST', base, {
      token,
      body: contractBody({ customer_id: own.id, funding_source_id: 999999 }),
    });
    expect(issues(c)).toEqual([
      'body.funding_source_id: Источник финансирования: запись справочника не найдена или в архиве',
    ]);
    const [funding] = await t.db.database.query<{ id: number }>(
      "select id from catalog_entries where kind = 'generic' and type_code = 8 and code = '2' and company_id is null",
    );
    const [basisAsFunding] = await t.db.database.query<{ id: number }>(
      "select id from catalog_entries where kind = 'generic' and type_code = 9 and code = '1'",
    );
    const wrongType = await t.req('POST', base, {
      token,
      body: contractBody({ customer_id: own.id, funding_source_id: basisAsFunding.id }),
    });
    expect(wrongType.status).toBe(400);
    const good = await t.req('POST', base, {
      token,
      body: contractBody({ number: 'К-cat', customer_id: own.id, funding_source_id: funding.id }),
    });
    expect(good.status).toBe(201);
    expect(good.body).toMatchObject({ customer_id: own.id, funding_source_id: funding.id });
    // the catalogue learns the entry is used: it may be archived, not deleted
    const admin = await t.login('admin');
    const del = await t.req('DELETE', `/api/catalogs/generic/8/${funding.id}`, { token: admin });
    expect(del.status).toBe(409);
    expect(del.body.error.code).toBe('has_dependents');
    expect(del.body.error.message).toMatch(/Договоры: \d+/);
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
    const dup = await t.req('POST', base, {
      token,
      body: contractBody({ number: 'У-2', eis_registry_number: reg }),
    });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toMatchObject({
      code: 'duplicate',
      message: expect.stringMatching(
        /^Договор с реестровым номером 50031234582400000770000 уже есть в реестре: № У-1 от \d\d\.\d\d\.\d{4}$/,
      ),
    });
    const dupGuid = await t.req('POST', base, {
      token,
      body: contractBody({ number: 'У-3', eis_guid: guid }),
    });
    expect(dupGuid.status).toBe(409);
    // another company may hold the same number
    const t2 = await t.login('client2');
    const other = await t.req('POST', `/api/companies/${t.ids.companies.client2}/contracts`, {
      token: t2,
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
      expect((await t.req('POST', base, { token, body: contractBody({ number: 'Т-1' }) })).status).toBe(201);
      const over = await t.req('POST', base, { token, body: contractBody({ number: 'Т-2' }) });
      expect(over.status).toBe(409);
      expect(over.body.error).toMatchObject({
        code: 'tariff_limit',
        message: `Достигнут лимит тарифа «Тестовый»: договоров в год не больше ${n + 1}`,
      });
    } finally {
      await t.db.database.query('update companies set tariff_id = null where id = $1', [company]);
    }
  });

  it('an operator may read the register but not write it', async () => {
    const op = await t.login('operator');
    expect((await t.req('GET', base, { token: op })).status).toBe(200);
    const r = await t.req('POST', base, { token: op, body: contractBody() });
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('forbidden');
  });
});

describe('editing', () => {
  it('a concluded contract: a material change records a change event the EIS must learn about', async () => {
    const c = await createContract(t, token, company, {
      number: 'Р-1',
      status: 'concluded',
      eis_published_at: day(-28),
    });
    expect(c.duties).toMatchObject([{ duty: 'register', status: 'done' }]);
    const body: ContractBody = {
      ...contractBody({ number: 'Р-1', status: undefined, eis_published_at: day(-28) }),
      revision: 1,
    };
    body.items = c.items.map((i: any) => ({
      ...i,
      accepted_quantity: undefined,
      accepted_amount: undefined,
      line_no: undefined,
    }));
    body.items[1] = { ...body.items[1], quantity: '60', amount: null, vat_amount: null };
    body.price = '1300000.00';
    body.supplier_name = SUPPLIER2.name;
    const r = await t.req('PUT', `${base}/${c.id}`, {
      token,
      body: { ...body, change: { date: day(-1), description: 'Дополнительное соглашение № 1' } },
    });
    expect(r.status).toBe(200);
    expect(r.body.revision).toBe(2);
    expect(r.body.items.map((i: any) => i.id)).toEqual(c.items.map((i: any) => i.id));
    expect(r.body.items[1]).toMatchObject({ quantity: '60', amount: '300000.00' });
    const ev = await t.req('GET', `${base}/${c.id}/events`, { token });
    expect(ev.body.items).toMatchObject([
      {
        kind: 'change',
        title: 'Изменение договора',
        event_date: day(-1),
        description: 'Дополнительное соглашение № 1',
      },
    ]);
    expect(ev.body.items[0].duty).toMatchObject({
      duty: 'change',
      base_date: day(-1),
      status: expect.stringMatching(/due/),
    });
    const h = await t.req('GET', `${base}/${c.id}/history`, { token });
    expect(h.body.items.map((v: any) => v.revision)).toEqual([2, 1]);
    expect(h.body.items[0].changed_fields).toEqual(
      expect.arrayContaining(['price', 'items', 'supplier_name']),
    );
    expect(h.body.items[0].changed_fields).not.toContain('number');
    expect(h.body.items[1].snapshot.price).toBe('1250000.00');
    expect(h.body.items[0].snapshot.price).toBe('1300000.00');

    // a stale revision is refused, nothing changes
    const stale = await t.req('PUT', `${base}/${c.id}`, {
      token,
      body: { ...body, price: '1300000.00', revision: 1 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toMatch(
      /^Договор уже изменён другим пользователем \(версия 2, у вас 1\)/,
    );
  });

  it('a draft edit records no change event; an item with accepted deliveries cannot be removed', async () => {
    const c = await createContract(t, token, company, { number: 'Р-2' });
    await t.db.database.query("update contract_items set accepted_quantity = '10' where id = $1", [
      c.items[0].id,
    ]);
    const body = contractBody({ number: 'Р-2', price: '1000000.00' });
    body.items = [{ ...body.items[1], id: c.items[1].id, quantity: '200' }] as never;
    const r = await t.req('PUT', `${base}/${c.id}`, { token, body });
    expect(r.status).toBe(400);
    expect(issues(r)).toEqual([
      'body.items: Позицию «Кабель силовой АПвПу2г 1х240/50-10» нельзя удалить: по ней уже есть приёмка',
    ]);
    const lower = contractBody({ number: 'Р-2', price: '255000.00' });
    lower.items = [
      { ...lower.items[0], id: c.items[0].id, quantity: '5', price: '1000' },
      { ...lower.items[1], id: c.items[1].id },
    ] as never;
    const q = await t.req('PUT', `${base}/${c.id}`, { token, body: lower });
    expect(issues(q)).toEqual(['body.items.0.quantity: Позиция 1: количество меньше уже принятого (10)']);
    const reorder = contractBody({ number: 'Р-2 (изм.)' });
    reorder.items = [
      { ...reorder.items[1], id: c.items[1].id },
      { ...reorder.items[0], id: c.items[0].id },
    ] as never;
    const ok = await t.req('PUT', `${base}/${c.id}`, { token, body: reorder });
    expect(ok.status).toBe(200);
    expect(ok.body.items.map((i: any) => [i.id, i.line_no, i.accepted_quantity])).toEqual([
      [c.items[1].id, 1, '0'],
      [c.items[0].id, 2, '10'],
    ]);
    expect((await t.req('GET', `${base}/${c.id}/events`, { token })).body.total).toBe(0);
  });

  it('stages with payment terms bound to them', async () => {
    const body = contractBody({
      number: 'Р-3',
      stages: [
        { name: 'Этап 1', start_date: day(-30), end_date: day(30), amount: '500000' },
        { name: 'Этап 2', start_date: day(31), end_date: day(100), amount: '750000' },
      ],
      payment_terms: [
        { kind: 'postpayment', share_percent: '100', term_days: 7, day_kind: 'working', stage_no: 1 },
        { kind: 'advance', share_percent: '20', term_days: 5, day_kind: 'banking', stage_no: 2 },
        { kind: 'postpayment', share_percent: '80', term_days: 30, day_kind: 'calendar', stage_no: 2 },
      ],
    });
    const r = await t.req('POST', base, { token, body });
    expect(r.status).toBe(201);
    expect(r.body.stages.map((s: any) => [s.stage_no, s.amount])).toEqual([
      [1, '500000.00'],
      [2, '750000.00'],
    ]);
    expect(r.body.payment_terms.map((p: any) => p.stage_no)).toEqual([1, 2, 2]);
    const bad = await t.req('POST', base, {
      token,
      body: { ...body, stages: [{ ...body.stages[0], amount: '600000' }, body.stages[1]] },
    });
    expect(issues(bad)).toContain(
      'body.stages: Сумма этапов 1 350 000,00 ₽ не равна цене договора 1 250 000,00 ₽',
    );
  });

  it('404 for a contract that does not exist', async () => {
    const r = await t.req('GET', `${base}/999999`, { token });
    expect(r.status).toBe(404);
    expect(r.body.error.message).toBe('Договор не найден');
  });
});
