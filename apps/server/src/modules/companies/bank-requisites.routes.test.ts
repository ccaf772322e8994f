import { companyRoutes } from '@zakupki/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testAppForFile } from '../../../test/harness.js';
import { accountFor, auditRows, type BankIn, breakKey, errorOf, issuesOf } from './companies.factories.js';

const t = testAppForFile();
let C: TestApp['ids']['companies'];

beforeAll(async () => {
  C = t.ids.companies;
  // sessions first, as before: their login audit entries come before the tests
  for (const who of ['admin', 'specialist', 'operator', 'client', 'client2'] as const) await t.login(who);
});

const BIK = '044525593';
const CORR = '30101810200000000593';
const body = (n: number, extra: Partial<BankIn> = {}): BankIn => ({
  bank_name: 'АО «Альфа-Банк»',
  bik: BIK,
  settlement_account: accountFor(BIK, n),
  correspondent_account: CORR,
  ...extra,
});

async function mainIds(companyId: number): Promise<number[]> {
  const rows = await t.app.deps.database.query<{ id: number }>(
    'select id from bank_requisites where company_id = $1 and is_main order by id',
    [companyId],
  );
  return rows.map((r) => r.id);
}

describe('GET /api/companies/:id/bank_requesits', () => {
  it('lists the company accounts, the main one first, for every role that acts for it', async () => {
    for (const who of ['admin', 'specialist', 'operator', 'client'] as const) {
      const r = await t.call(companyRoutes.bank.list, { params: { id: C.client1 }, as: who });
      expect(r.status).toBe(200);
      expect(r.body).toEqual({
        items: [
          {
            id: expect.any(Number),
            company_id: C.client1,
            bank_name: 'АО «Альфа-Банк»',
            bik: BIK,
            settlement_account: '40702810800000012345',
            correspondent_account: CORR,
            is_main: true,
            can_delete: true,
          },
        ],
        total: 1,
        page: 1,
        limit: 10,
      });
    }
  });
});

describe('bank requisite writes', () => {
  it('rejects a wrong account key naming the field', async () => {
    const wrongSettlement = await t.call(companyRoutes.bank.create, {
      params: { id: C.client1 },
      as: 'client',
      body: body(1, { settlement_account: breakKey(accountFor(BIK, 1)) }),
    });
    expect(wrongSettlement.status).toBe(400);
    expect(errorOf(wrongSettlement).code).toBe('validation_failed');
    expect(issuesOf(wrongSettlement)).toEqual({
      'body.settlement_account': 'Расчётный счёт не соответствует БИК (неверный контрольный ключ)',
    });
    const wrongCorr = await t.call(companyRoutes.bank.create, {
      params: { id: C.client1 },
      as: 'client',
      body: body(1, { correspondent_account: '30101810300000000593' }),
    });
    expect(issuesOf(wrongCorr)).toEqual({
      'body.correspondent_account': 'Корреспондентский счёт не соответствует БИК (неверный контрольный ключ)',
    });
    // the key is checked against the БИК: a valid account under another bank's БИК fails
    const otherBank = await t.call(companyRoutes.bank.create, {
      params: { id: C.client1 },
      as: 'client',
      body: body(1, { bik: '044525225', correspondent_account: null }),
    });
    expect(issuesOf(otherBank)).toEqual({
      'body.settlement_account': 'Расчётный счёт не соответствует БИК (неверный контрольный ключ)',
    });
    const r = await t.app.deps.database.query('select id from bank_requisites where company_id = $1', [
      C.client1,
    ]);
    expect(r).toHaveLength(1);
  });

  it('lists every other invalid field in Russian', async () => {
    const r = await t.call(companyRoutes.bank.create, {
      params: { id: C.client1 },
      as: 'client',
      invalidBody: { bik: '04452', settlement_account: '4070281080000001234' },
    });
    expect(r.status).toBe(400);
    expect(issuesOf(r)).toEqual({
      'body.bank_name': 'Обязательное поле',
      'body.bik': 'БИК должен состоять из 9 цифр',
      'body.settlement_account': 'Расчётный счёт должен состоять из 20 цифр',
    });
  });

  it('creates an account; one main account at a time; audited', async () => {
    const [oldMain] = await mainIds(C.client1);
    const r = await t.call(companyRoutes.bank.create, {
      params: { id: C.client1 },
      as: 'client',
      body: body(2, { is_main: true }),
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      company_id: C.client1,
      settlement_account: accountFor(BIK, 2),
      is_main: true,
    });
    expect(await mainIds(C.client1)).toEqual([r.body.id]);
    const [cleared] = await auditRows(t, { entity: 'bank_requisite', entity_id: oldMain, action: 'update' });
    expect(cleared.before).toMatchObject({ is_main: true });
    expect(cleared.after).toMatchObject({ is_main: false });
    const [created] = await auditRows(t, {
      entity: 'bank_requisite',
      entity_id: r.body.id,
      action: 'create',
    });
    expect(created.after).toMatchObject({ bik: BIK, is_main: true });

    const notMain = await t.call(companyRoutes.bank.create, {
      params: { id: C.client1 },
      as: 'specialist',
      body: body(3),
    });
    expect(notMain.body.is_main).toBe(false);
    expect(await mainIds(C.client1)).toEqual([r.body.id]);

    const back = await t.call(companyRoutes.bank.update, {
      params: { id: C.client1, item_id: oldMain },
      as: 'admin',
      body: { ...body(0), settlement_account: '40702810800000012345', is_main: true },
    });
    expect(back.status).toBe(200);
    expect(await mainIds(C.client1)).toEqual([oldMain]);
    const list = await t.call(companyRoutes.bank.list, { params: { id: C.client1 }, as: 'client' });
    expect(list.body.total).toBe(3);
    expect(list.body.items[0].id).toBe(oldMain);
  });

  it('refuses the same account twice with 409 duplicate', async () => {
    const r = await t.call(companyRoutes.bank.create, {
      params: { id: C.client1 },
      as: 'client',
      body: body(2),
    });
    expect(r.status).toBe(409);
    expect(errorOf(r)).toEqual({
      code: 'duplicate',
      message: `Расчётный счёт ${accountFor(BIK, 2)} в банке с БИК ${BIK} уже есть у компании`,
      details: { fields: ['bik', 'settlement_account'] },
    });
  });

  it('updates and deletes; audited with before and after', async () => {
    const created = await t.call(companyRoutes.bank.create, {
      params: { id: C.client1 },
      as: 'client',
      body: body(4),
    });
    const id = created.body.id;
    const put = await t.call(companyRoutes.bank.update, {
      params: { id: C.client1, item_id: id },
      as: 'client',
      body: body(5, { bank_name: 'Альфа-Банк, филиал', correspondent_account: '' }),
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ bank_name: 'Альфа-Банк, филиал', correspondent_account: null });
    const [u] = await auditRows(t, { entity: 'bank_requisite', entity_id: id, action: 'update' });
    expect(u.before).toMatchObject({ settlement_account: accountFor(BIK, 4) });
    expect(u.after).toMatchObject({ settlement_account: accountFor(BIK, 5) });
    expect(
      (await t.call(companyRoutes.bank.remove, { params: { id: C.client1, item_id: id }, as: 'client' }))
        .status,
    ).toBe(204);
    const [d] = await auditRows(t, { entity: 'bank_requisite', entity_id: id, action: 'delete' });
    expect(d.before).toMatchObject({ bank_name: 'Альфа-Банк, филиал' });
  });

  it('an operator reads but may not write bank requisites', async () => {
    const r = await t.call(companyRoutes.bank.create, {
      params: { id: C.client1 },
      as: 'operator',
      body: body(6),
    });
    expect(r.status).toBe(403);
    expect(errorOf(r)).toEqual({
      code: 'forbidden',
      message: 'Недостаточно прав для этого действия в компании',
    });
    const [theirs] = await mainIds(C.client1);
    expect(
      (
        await t.call(companyRoutes.bank.remove, {
          params: { id: C.client1, item_id: theirs },
          as: 'operator',
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await t.call(companyRoutes.bank.update, {
          params: { id: C.client1, item_id: theirs },
          as: 'operator',
          body: body(7),
        })
      ).status,
    ).toBe(403);
  });

  it('an account id of another company answers 404, audited', async () => {
    const [foreign] = await mainIds(C.client2);
    const put = await t.call(companyRoutes.bank.update, {
      params: { id: C.client1, item_id: foreign },
      as: 'client',
      body: body(8),
    });
    expect(put.status).toBe(404);
    expect(errorOf(put)).toEqual({ code: 'not_found', message: 'Банковские реквизиты не найдены' });
    const del = await t.call(companyRoutes.bank.remove, {
      params: { id: C.client1, item_id: foreign },
      as: 'specialist',
    });
    expect(del.status).toBe(404);
    const denied = await auditRows(t, {
      entity: 'bank_requisite',
      entity_id: foreign,
      action: 'access_denied',
    });
    expect(denied.map((d) => d.company_id)).toEqual([C.client2, C.client2]);
    expect(await mainIds(C.client2)).toEqual([foreign]);
  });
});
