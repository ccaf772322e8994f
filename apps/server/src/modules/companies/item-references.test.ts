import { companyRoutes } from '@zakupki/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/harness.js';
import { addAccount, addCustomer, newCompany } from '../imports/imports.factories.js';
import { errorOf } from './companies.factories.js';

/**
 * Issue 25 item 8: the profile lists say `can_delete` by the delete's own refusal — data referring
 * to the row (any foreign key, found in the catalogue; a Положение naming a customer), and the
 * active contact while there are others — and the delete refuses exactly those.
 */
const t = testAppForFile();
let company: number;

type Row = { id: number; can_delete: boolean };
const list = async (route: typeof companyRoutes.customers.list) => {
  const r = await t.call(route, { params: { id: company }, query: { page: 1, limit: 50 }, as: 'admin' });
  expect(r.status).toBe(200);
  return r.body.items as unknown as (Row & Record<string, unknown>)[];
};

beforeAll(async () => {
  company = await newCompany(t, 'Ссылки на заказчиков');
}, 60_000);

describe('customers', () => {
  it('a customer a Положение names, or any row refers to, cannot be deleted; a free one can', async () => {
    await addCustomer(t, company, '7707083893', 'АО «Названный в положении»');
    await addCustomer(t, company, '7736050003', 'АО «Со ссылкой»');
    await addCustomer(t, company, '7702070139', 'ООО «Свободный»');
    const byTitle = async () =>
      Object.fromEntries((await list(companyRoutes.customers.list)).map((c) => [c.title, c]));
    const rows = await byTitle();
    const { database } = t.app.deps;
    await database.query(
      `insert into procurement_rules (company_id, title, customer_ids) values ($1, 'Положение', $2)`,
      [company, [rows['АО «Названный в положении»'].id]],
    );
    await database.query(
      'create table zz_customer_refs (id serial primary key, customer_id int references customers(id))',
    );
    try {
      await database.query('insert into zz_customer_refs (customer_id) values ($1), ($1)', [
        rows['АО «Со ссылкой»'].id,
      ]);
      const now = await byTitle();
      expect(Object.fromEntries(Object.entries(now).map(([k, v]) => [k, (v as Row).can_delete]))).toEqual({
        'АО «Названный в положении»': false,
        'АО «Со ссылкой»': false,
        'ООО «Свободный»': true,
      });
      const named = await t.call(companyRoutes.customers.remove, {
        params: { id: company, item_id: now['АО «Названный в положении»'].id },
        as: 'admin',
      });
      expect(named.status).toBe(409);
      expect(errorOf(named).message).toBe(
        'Заказчик «АО «Названный в положении»» используется: 1 положение о закупке. Удалить его нельзя',
      );
      const referred = await t.call(companyRoutes.customers.remove, {
        params: { id: company, item_id: now['АО «Со ссылкой»'].id },
        as: 'admin',
      });
      expect(referred.status).toBe(409);
      expect(errorOf(referred).message).toContain('2 записи в разделе «zz_customer_refs»');
      const free = await t.call(companyRoutes.customers.remove, {
        params: { id: company, item_id: now['ООО «Свободный»'].id },
        as: 'admin',
      });
      expect(free.status).toBe(204);
    } finally {
      await database.query('drop table zz_customer_refs');
    }
  });
});

describe('contacts', () => {
  it('the active contact among others cannot be deleted; the others can', async () => {
    const add = (full_name: string, is_active: boolean) =>
      t.call(companyRoutes.contacts.create, {
        params: { id: company },
        body: { full_name, is_active },
        as: 'admin',
      });
    await add('Иванова Анна', true);
    await add('Петров Пётр', false);
    const rows = await list(companyRoutes.contacts.list as unknown as typeof companyRoutes.customers.list);
    const flags = Object.fromEntries(rows.map((c) => [c.full_name, c.can_delete]));
    expect(flags).toEqual({ 'Иванова Анна': false, 'Петров Пётр': true });
    const active = rows.find((c) => c.full_name === 'Иванова Анна')!;
    const refused = await t.call(companyRoutes.contacts.remove, {
      params: { id: company, item_id: active.id },
      as: 'admin',
    });
    expect(refused.status).toBe(409);
    expect(errorOf(refused).message).toBe(
      'Нельзя удалить активный контакт «Иванова Анна»: сначала сделайте активным другой контакт',
    );
  });
});

describe('bank requisites', () => {
  it('one a row refers to cannot be deleted; the flag and the delete agree', async () => {
    await addAccount(t, company, '40702810900000000001');
    await addAccount(t, company, '40702810900000000002');
    const bankList = companyRoutes.bank.list as unknown as typeof companyRoutes.customers.list;
    const rows = await list(bankList);
    expect(rows.map((b) => b.can_delete)).toEqual([true, true]);
    const [first] = rows;
    const { database } = t.app.deps;
    await database.query(
      'create table zz_bank_refs (id serial primary key, bank_id int references bank_requisites(id))',
    );
    try {
      await database.query('insert into zz_bank_refs (bank_id) values ($1)', [first.id]);
      const now = await list(bankList);
      expect(now.find((b) => b.id === first.id)?.can_delete).toBe(false);
      const refused = await t.call(companyRoutes.bank.remove, {
        params: { id: company, item_id: first.id },
        as: 'admin',
      });
      expect(refused.status).toBe(409);
      expect(errorOf(refused).message).toBe(
        `Счёт ${first.settlement_account} используется: 1 запись в разделе «zz_bank_refs». Удалить его нельзя`,
      );
    } finally {
      await database.query('drop table zz_bank_refs');
    }
  });
});
