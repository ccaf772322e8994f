import { buildPath, companyRoutes, type RouteDef } from '@zakupki/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testAppForFile } from '../../../test/harness.js';
import { accountFor, auditCount, companyBody, errorOf, innFor } from './companies.factories.js';

/**
 * Every company-scoped route of the contract, walked as client@demo.local against the second
 * client's company: 404 each time, one 'access_denied' audit entry each time, nothing changed.
 */

const t = testAppForFile();
let C: TestApp['ids']['companies'];

beforeAll(async () => {
  C = t.ids.companies;
  // sessions first: their login audit entries must not count in the walk
  await t.login('client');
  await t.login('client2');
});

function allRoutes(): RouteDef[] {
  const out: RouteDef[] = [];
  for (const v of Object.values(companyRoutes)) {
    if ('method' in v) out.push(v as RouteDef);
    else out.push(...(Object.values(v) as RouteDef[]));
  }
  return out;
}

const scoped = () => allRoutes().filter((r) => r.path.includes(':id'));

/** A valid body for each write, so the request reaches the tenancy gate. */
function bodyFor(r: RouteDef): unknown {
  if (r.method !== 'POST' && r.method !== 'PUT') return undefined;
  if (r.path === '/api/companies/:id') return companyBody(1);
  if (r.path.includes('/contacts')) return { full_name: 'Взломщик', is_active: true };
  if (r.path.includes('/bank_requesits'))
    return {
      bank_name: 'Банк',
      bik: '044525593',
      settlement_account: accountFor('044525593', 1),
      is_main: true,
    };
  if (r.path.includes('/customers')) return { title: 'Чужой заказчик', inn: innFor(1) };
  if (r.path.includes('/eis_settings'))
    return { eis_login: 'intruder', certificate_thumbprint: 'A'.repeat(40), password: 'stolen' };
  throw new Error(`no body for ${r.method} ${r.path}`);
}

async function itemOf(r: RouteDef, companyId: number): Promise<number | undefined> {
  if (!r.path.includes(':item_id')) return undefined;
  const table = r.path.includes('/contacts')
    ? 'contacts'
    : r.path.includes('/bank_requesits')
      ? 'bank_requisites'
      : 'customers';
  const [row] = await t.app.deps.database.query<{ id: number }>(
    `select id from ${table} where company_id = $1 order by id limit 1`,
    [companyId],
  );
  return row.id;
}

async function snapshot(companyId: number) {
  const q = (sql: string) => t.app.deps.database.query(sql, [companyId]);
  return {
    company: await q('select * from companies where id = $1'),
    contacts: await q('select * from contacts where company_id = $1 order by id'),
    bank: await q('select * from bank_requisites where company_id = $1 order by id'),
    customers: await q('select * from customers where company_id = $1 order by id'),
    members: await q('select * from company_members where company_id = $1 order by user_id'),
    eis: await q('select * from company_eis_settings where company_id = $1'),
  };
}

describe('tenancy: client@demo.local against the second client company', () => {
  it('the walk covers every company-scoped route of the contract', () => {
    const list = scoped().map((r) => `${r.method} ${r.path}`);
    // GET /api/companies/:id/procurement_rules is served by the procurement rules module (its own tenancy test)
    expect(list).toHaveLength(20);
    for (const m of ['GET', 'PUT']) expect(list).toContain(`${m} /api/companies/:id/eis_settings`);
    for (const res of ['contacts', 'bank_requesits', 'customers']) {
      for (const m of ['GET', 'POST']) expect(list).toContain(`${m} /api/companies/:id/${res}`);
      for (const m of ['PUT', 'DELETE']) expect(list).toContain(`${m} /api/companies/:id/${res}/:item_id`);
    }
  });

  it('control: the owner of the company gets its data on every read', async () => {
    for (const r of scoped().filter((x) => x.method === 'GET')) {
      const res = await t.call(r, { params: { id: C.client2 }, as: 'client2' });
      expect(res.status, `${r.method} ${r.path}`).toBe(200);
    }
  });

  it('every route answers 404 with an access_denied audit entry and changes nothing', async () => {
    const before = await snapshot(C.client2);
    const clientId = t.ids.users['client@demo.local'];
    for (const r of scoped()) {
      const item = await itemOf(r, C.client2);
      const path = buildPath(r.path, { id: C.client2, ...(item ? { item_id: item } : {}) });
      const n = await auditCount(t);
      // a body of the route's own shape, typed `unknown` here: passed as is
      const res = await t.call(r, {
        params: { id: C.client2, ...(item ? { item_id: item } : {}) },
        invalidBody: bodyFor(r),
        as: 'client',
      });
      const what = `${r.method} ${path}`;
      expect(res.status, what).toBe(404);
      expect(errorOf(res), what).toEqual({ code: 'not_found', message: 'Запрашиваемый ресурс не найден' });
      expect(await auditCount(t), what).toBe(n + 1);
      const [last] = await t.app.deps.database.query<Record<string, unknown>>(
        'select user_id, company_id, action, entity, entity_id from audit_log order by id desc limit 1',
      );
      expect(last, what).toEqual({
        user_id: clientId,
        company_id: C.client2,
        action: 'access_denied',
        entity: 'company',
        entity_id: String(C.client2),
      });
    }
    expect(await snapshot(C.client2)).toEqual(before);
  });

  it('a company that does not exist answers the same 404', async () => {
    const res = await t.call(companyRoutes.get, { params: { id: 987654 }, as: 'client' });
    expect(res.status).toBe(404);
    expect(errorOf(res).message).toBe('Запрашиваемый ресурс не найден');
  });

  it('the lists never show another company', async () => {
    const list = await t.call(companyRoutes.list, { query: { inn: '7810123451' }, as: 'client' });
    expect(list.body).toMatchObject({ items: [], total: 0 });
    const my = await t.call(companyRoutes.my, { as: 'client' });
    expect(my.body).toEqual([{ id: C.client1, title: 'АО «Энергосеть»', has_data: true }]);
  });
});
