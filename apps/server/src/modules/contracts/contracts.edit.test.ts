import { type Contract, contractRoutes } from '@zakupki/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/harness.js';
import {
  type ContractUpdateBody,
  contractBody,
  createContract,
  day,
  errorOf,
  issuesOf,
  SUPPLIER2,
} from './contracts.factories.js';

const t = testAppForFile();
let token: string;
let company: number;

beforeAll(async () => {
  token = await t.login('client');
  company = t.ids.companies.client1;
});

describe('editing', () => {
  it('a concluded contract: a material change records a change event the EIS must learn about', async () => {
    const c = await createContract(t, token, company, {
      number: 'Р-1',
      status: 'concluded',
      eis_published_at: day(-28),
    });
    expect(c.duties).toMatchObject([{ duty: 'register', status: 'done' }]);
    const body: ContractUpdateBody = {
      ...contractBody({ number: 'Р-1', status: undefined, eis_published_at: day(-28) }),
      revision: 1,
    };
    body.items = c.items.map(({ accepted_quantity: _q, accepted_amount: _a, line_no: _n, ...i }) => i);
    body.items[1] = { ...body.items[1], quantity: '60', amount: null, vat_amount: null };
    body.price = '1300000.00';
    body.supplier_name = SUPPLIER2.name;
    const r = await t.call(contractRoutes.update, {
      params: { company_id: company, id: c.id },
      as: 'client',
      body: { ...body, change: { date: day(-1), description: 'Дополнительное соглашение № 1' } },
    });
    expect(r.status).toBe(200);
    expect(r.body.revision).toBe(2);
    expect(r.body.items.map((i) => i.id)).toEqual(c.items.map((i) => i.id));
    expect(r.body.items[1]).toMatchObject({ quantity: '60', amount: '300000.00' });
    const ev = await t.call(contractRoutes.events, {
      params: { company_id: company, id: c.id },
      as: 'client',
    });
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
    const h = await t.call(contractRoutes.history, {
      params: { company_id: company, id: c.id },
      as: 'client',
    });
    expect(h.body.items.map((v) => v.revision)).toEqual([2, 1]);
    expect(h.body.items[0].changed_fields).toEqual(
      expect.arrayContaining(['price', 'items', 'supplier_name']),
    );
    expect(h.body.items[0].changed_fields).not.toContain('number');
    expect(h.body.items[1].snapshot.price).toBe('1250000.00');
    expect(h.body.items[0].snapshot.price).toBe('1300000.00');

    // a stale revision is refused, nothing changes
    const stale = await t.call(contractRoutes.update, {
      params: { company_id: company, id: c.id },
      as: 'client',
      body: { ...body, price: '1300000.00', revision: 1 },
    });
    expect(stale.status).toBe(409);
    expect(errorOf(stale).message).toMatch(/^Договор уже изменён другим пользователем \(версия 2, у вас 1\)/);
  });

  it('a draft edit records no change event; an item with accepted deliveries cannot be removed', async () => {
    const c = await createContract(t, token, company, { number: 'Р-2' });
    await t.db.database.query("update contract_items set accepted_quantity = '10' where id = $1", [
      c.items[0].id,
    ]);
    const body = contractBody({ number: 'Р-2', price: '1000000.00' });
    body.items = [{ ...body.items[1], id: c.items[1].id, quantity: '200' }];
    const r = await t.call(contractRoutes.update, {
      params: { company_id: company, id: c.id },
      as: 'client',
      body,
    });
    expect(r.status).toBe(400);
    expect(issuesOf(r)).toEqual([
      'body.items: Позицию «Кабель силовой АПвПу2г 1х240/50-10» нельзя удалить: по ней уже есть приёмка',
    ]);
    const lower = contractBody({ number: 'Р-2', price: '255000.00' });
    lower.items = [
      { ...lower.items[0], id: c.items[0].id, quantity: '5', price: '1000' },
      { ...lower.items[1], id: c.items[1].id },
    ];
    const q = await t.call(contractRoutes.update, {
      params: { company_id: company, id: c.id },
      as: 'client',
      body: lower,
    });
    expect(issuesOf(q)).toEqual(['body.items.0.quantity: Позиция 1: количество меньше уже принятого (10)']);
    const reorder = contractBody({ number: 'Р-2 (изм.)' });
    reorder.items = [
      { ...reorder.items[1], id: c.items[1].id },
      { ...reorder.items[0], id: c.items[0].id },
    ];
    const ok = await t.call(contractRoutes.update, {
      params: { company_id: company, id: c.id },
      as: 'client',
      body: reorder,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.items.map((i) => [i.id, i.line_no, i.accepted_quantity])).toEqual([
      [c.items[1].id, 1, '0'],
      [c.items[0].id, 2, '10'],
    ]);
    expect(
      (await t.call(contractRoutes.events, { params: { company_id: company, id: c.id }, as: 'client' })).body
        .total,
    ).toBe(0);
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
    const r = await t.call(contractRoutes.create, { params: { company_id: company }, as: 'client', body });
    expect(r.status).toBe(201);
    expect(r.body.stages.map((s) => [s.stage_no, s.amount])).toEqual([
      [1, '500000.00'],
      [2, '750000.00'],
    ]);
    expect(r.body.payment_terms.map((p) => p.stage_no)).toEqual([1, 2, 2]);
    const bad = await t.call(contractRoutes.create, {
      params: { company_id: company },
      as: 'client',
      body: { ...body, stages: [{ ...body.stages[0], amount: '600000' }, body.stages[1]] },
    });
    expect(issuesOf(bad)).toContain(
      'body.stages: Сумма этапов 1 350 000,00 ₽ не равна цене договора 1 250 000,00 ₽',
    );
  });

  it('404 for a contract that does not exist', async () => {
    const r = await t.call(contractRoutes.get, { params: { company_id: company, id: 999999 }, as: 'client' });
    expect(r.status).toBe(404);
    expect(errorOf(r).message).toBe('Договор не найден');
  });
});

describe('an edit keeps what it does not send (issue 26 item 3)', () => {
  const put = (id: number, body: Record<string, unknown>) =>
    t.call(contractRoutes.update, { params: { company_id: company, id }, as: 'client', body });
  /** The card without what every save changes (its revision, time, the payment terms' row ids). */
  const stable = ({ revision: _r, updated_at: _u, payment_terms, ...rest }: Contract) => ({
    ...rest,
    payment_terms: payment_terms.map(({ id: _id, ...term }) => term),
  });

  it('a body with one field changes that field only: the specification, terms and dates stay', async () => {
    const c = await createContract(t, token, company, {
      number: 'Ч-1',
      eis_url: 'https://zakupki.gov.ru/contract/1',
      notice_number: '32412345678',
    });
    const r = await put(c.id, { subject: 'Поставка кабеля (уточнено)' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.revision).toBe(c.revision + 1);
    expect(stable(r.body)).toEqual(stable({ ...c, subject: 'Поставка кабеля (уточнено)' }));
    expect(r.body.items.map((i) => i.id)).toEqual(c.items.map((i) => i.id));
    expect(r.body.payment_terms).toHaveLength(2);
  });

  it('an explicit null clears a field that may be empty; a required one refuses null', async () => {
    const c = await createContract(t, token, company, { number: 'Ч-2', eis_url: 'https://example.test/2' });
    const cleared = await put(c.id, { end_date: null, eis_url: null });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.body).toMatchObject({ end_date: null, eis_url: null, start_date: c.start_date });
    expect(cleared.body.items).toHaveLength(2);
    const refused = await put(c.id, { number: null });
    expect(refused.status).toBe(400);
    expect(issuesOf(refused).some((i) => i.startsWith('body.number'))).toBe(true);
  });

  it('the rules across fields are checked on the result: a price alone that no longer fits the items is refused', async () => {
    const c = await createContract(t, token, company, { number: 'Ч-3' });
    const r = await put(c.id, { price: '1000.00' });
    expect(r.status).toBe(400);
    expect(issuesOf(r)).toContain(
      'body.price: Сумма спецификации 1 250 000,00 ₽ не равна цене договора 1 000,00 ₽ (разница 1 249 000,00 ₽)',
    );
    const unchanged = await t.call(contractRoutes.get, {
      params: { company_id: company, id: c.id },
      as: 'client',
    });
    expect(unchanged.body.price).toBe('1250000.00');
    expect(unchanged.body.revision).toBe(c.revision);
  });
});
