import { contractRoutes as r } from '@zakupki/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Res, testAppForFile } from '../../../test/harness.js';
import { contractBody, errorOf } from './contracts.factories.js';

/**
 * A client of АО «Энергосеть» against ГУП «Водоканал Северо-Запад»: every contract route answers
 * 404 (never 403) and leaves an access_denied entry in the audit log; nothing is written.
 */
const t = testAppForFile();
let own: number;
let other: number;
let foreignId: number;

beforeAll(async () => {
  own = t.ids.companies.client1;
  other = t.ids.companies.client2;
  const [row] = await t.db.database.query<{ id: number }>(
    "select id from contracts where company_id = $1 and status = 'concluded' order by id limit 1",
    [other],
  );
  foreignId = row.id;
});

async function denials(entity: string, entityId: string) {
  const [r] = await t.db.database.query<{ n: number }>(
    "select count(*)::int as n from audit_log where action = 'access_denied' and entity = $1 and entity_id = $2",
    [entity, entityId],
  );
  return r.n;
}

/** Each contract route, called by the client with a company and a contract id. */
type Call = [route: { method: string; path: string }, call: (company: number, id: number) => Promise<Res>];
const ids = (company_id: number, id: number) => ({ company_id, id });
const as = 'client';
const calls: Call[] = [
  [r.list, (c) => t.call(r.list, { params: { company_id: c }, as })],
  [r.create, (c) => t.call(r.create, { params: { company_id: c }, body: contractBody(), as })],
  [r.get, (c, id) => t.call(r.get, { params: ids(c, id), as })],
  [r.update, (c, id) => t.call(r.update, { params: ids(c, id), body: contractBody(), as })],
  [r.status, (c, id) => t.call(r.status, { params: ids(c, id), body: { status: 'executed' }, as })],
  [r.archive, (c, id) => t.call(r.archive, { params: ids(c, id), body: { archived: true }, as })],
  [
    r.publication,
    (c, id) => t.call(r.publication, { params: ids(c, id), body: { eis_published_at: null }, as }),
  ],
  [r.history, (c, id) => t.call(r.history, { params: ids(c, id), as })],
  [r.events, (c, id) => t.call(r.events, { params: ids(c, id), as })],
  [r.deadlines, (c) => t.call(r.deadlines, { params: { company_id: c }, as })],
];

/** The routes of one contract (addressed under the caller's own company in the second case). */
const byId = calls.filter(([route]) => route.path.includes('/contracts/:id'));

describe('tenancy of the contract routes', () => {
  it.each(calls.map(([route, call], i) => [i, route.method, route.path, call] as const))(
    'route %i %s %s in another company: 404 and an audit entry',
    async (_i, _method, _path, call) => {
      const before = await denials('company', String(other));
      const res = await call(other, foreignId);
      expect(res.status).toBe(404);
      expect(errorOf(res)).toEqual({ code: 'not_found', message: 'Запрашиваемый ресурс не найден' });
      expect(await denials('company', String(other))).toBe(before + 1);
    },
  );

  it.each(byId.map(([route, call], i) => [i, route.method, route.path, call] as const))(
    'route %i %s %s: the other company’s contract under one’s own company: 404 and an audit entry',
    async (_i, _method, _path, call) => {
      const before = await denials('contract', String(foreignId));
      const res = await call(own, foreignId);
      expect(res.status).toBe(404);
      expect(errorOf(res).code).toBe('not_found');
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
    const res = await t.call(r.get, { params: ids(other, foreignId), as: 'specialist' });
    expect(res.status).toBe(200);
    expect(res.body.company_id).toBe(other);
    expect((await t.call(r.list, { params: { company_id: other } })).status).toBe(401);
  });
});
