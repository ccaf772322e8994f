import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { contractBody } from './contracts.test-helpers.js';

/**
 * A client of АО «Энергосеть» against ГУП «Водоканал Северо-Запад»: every contract route answers
 * 404 (never 403) and leaves an access_denied entry in the audit log; nothing is written.
 */
let t: TestApp;
let token: string;
let own: number;
let other: number;
let foreignId: number;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('client');
  own = t.ids.companies.client1;
  other = t.ids.companies.client2;
  const [row] = await t.db.database.query<{ id: number }>(
    "select id from contracts where company_id = $1 and status = 'concluded' order by id limit 1",
    [other],
  );
  foreignId = row.id;
});
afterAll(async () => {
  await t?.close();
});

async function denials(entity: string, entityId: string) {
  const [r] = await t.db.database.query<{ n: number }>(
    "select count(*)::int as n from audit_log where action = 'access_denied' and entity = $1 and entity_id = $2",
    [entity, entityId],
  );
  return r.n;
}

type Call = [method: string, path: string, body?: unknown];
const routes = (company: number, id: number): Call[] => [
  ['GET', `/api/companies/${company}/contracts`],
  ['POST', `/api/companies/${company}/contracts`, contractBody()],
  ['GET', `/api/companies/${company}/contracts/${id}`],
  ['PUT', `/api/companies/${company}/contracts/${id}`, contractBody()],
  ['POST', `/api/companies/${company}/contracts/${id}/status`, { status: 'executed' }],
  ['POST', `/api/companies/${company}/contracts/${id}/archive`, { archived: true }],
  ['POST', `/api/companies/${company}/contracts/${id}/eis-publication`, { eis_published_at: null }],
  ['GET', `/api/companies/${company}/contracts/${id}/history`],
  ['GET', `/api/companies/${company}/contracts/${id}/events`],
  ['GET', `/api/companies/${company}/deadlines`],
];

/** The routes of one contract, addressed under the caller's own company. */
const byId = (id: number) => routes(own ?? 0, id).filter(([, p]) => p.includes(`/contracts/${id}`));

describe('tenancy of the contract routes', () => {
  it.each(routes(0, 0).map(([m, p], i) => [i, m, p.replace('/0', '/{company}')]))(
    'route %i %s %s in another company: 404 and an audit entry',
    async (i) => {
      const [method, path, body] = routes(other, foreignId)[i as number];
      const before = await denials('company', String(other));
      const r = await t.req(method, path, { token, body });
      expect(r.status).toBe(404);
      expect(r.body.error).toEqual({ code: 'not_found', message: 'Запрашиваемый ресурс не найден' });
      expect(await denials('company', String(other))).toBe(before + 1);
    },
  );

  it.each(byId(0).map(([m, p], i) => [i, m, p]))(
    'route %i %s %s: the other company’s contract under one’s own company: 404 and an audit entry',
    async (i) => {
      const [method, path, body] = byId(foreignId)[i as number];
      const before = await denials('contract', String(foreignId));
      const r = await t.req(method, path, { token, body });
      expect(r.status).toBe(404);
      expect(r.body.error.code).toBe('not_found');
      expect(await denials('contract', String(foreignId))).toBe(before + 1);
    },
  );

  it('the foreign contract is unchanged', async () => {
    const [row] = await t.db.database.query<{ status: string; revision: number; archived_at: unknown }>(
      'select status, revision, archived_at from contracts where id = $1',
      [foreignId],
    );
    expect(row).toEqual({ status: 'concluded', revision: 1, archived_at: null });
    const [{ n }] = await t.db.database.query<{ n: number }>(
      "select count(*)::int as n from contracts where company_id = $1 and number = '15/2024-ЭА'",
      [other],
    );
    expect(n).toBe(0);
  });

  it('staff act for assigned companies; a client without a session gets 401', async () => {
    const spec = await t.login('specialist');
    const r = await t.req('GET', `/api/companies/${other}/contracts/${foreignId}`, { token: spec });
    expect(r.status).toBe(200);
    expect(r.body.company_id).toBe(other);
    expect((await t.req('GET', `/api/companies/${other}/contracts`)).status).toBe(401);
  });
});
