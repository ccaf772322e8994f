import { procurementRoutes as r } from '@zakupki/shared';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/harness.js';
import { auditLog, customers } from '../../db/schema/index.js';
import { addProtocol, methodIds, procurementBody, publishedProcurement } from './procurements.factories.js';

/**
 * Ids of another company cannot be probed, even by staff acting for both companies: under company
 * B's path, A's procurement, protocol, plan position or customer answers exactly like a missing
 * one, and the foreign one is audited (`access_denied`). Lists show only the company's own rows.
 */

const t = testAppForFile();
let a: number;
let b: number;
const A = { procurement: 0, protocol: 0, position: 0, customer: 0 };
const B = { procurement: 0 };
const MISSING = 99_999_999;

beforeAll(async () => {
  a = t.ids.companies.client1;
  b = t.ids.companies.client2;
  const methods = await methodIds(t);
  const pa = await addProtocol(t, a, (await publishedProcurement(t, a, methods, 5)).id, {
    kind: 'review',
    signed_on: new Date().toISOString().slice(0, 10),
  });
  A.procurement = pa.id;
  A.protocol = pa.protocols[0].id;
  B.procurement = (await publishedProcurement(t, b, methods, 5)).id;
  const [pos] = await t.app.deps.database.query<{ id: number }>(
    'select id from eis_plan_positions where company_id = $1 order by id limit 1',
    [a],
  );
  A.position = pos.id;
  A.customer = (
    await t.app.deps.db.select().from(customers).where(eq(customers.companyId, a)).limit(1)
  )[0].id;
}, 120_000);

async function denials(entity: string): Promise<number> {
  const [row] = await t.app.deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'access_denied'), eq(auditLog.entity, entity)));
  return Number(row.n);
}

const inB = (id: number) => ({ company_id: b, id });

type Probe = [string, string, () => number, (id: number) => Promise<{ status: number; body: unknown }>];
const PROBES: Probe[] = [
  ['card', 'procurement', () => A.procurement, (id) => t.call(r.get, { params: inB(id), as: 'specialist' })],
  [
    'history',
    'procurement',
    () => A.procurement,
    (id) => t.call(r.history, { params: inB(id), as: 'specialist' }),
  ],
  [
    'update',
    'procurement',
    () => A.procurement,
    async (id) =>
      t.call(r.update, { params: inB(id), body: procurementBody(await methodIds(t)), as: 'specialist' }),
  ],
  [
    'delete',
    'procurement',
    () => A.procurement,
    (id) => t.call(r.remove, { params: inB(id), as: 'specialist' }),
  ],
  [
    'status',
    'procurement',
    () => A.procurement,
    (id) =>
      t.call(r.status, { params: inB(id), body: { status: 'cancelled', reason: 'x' }, as: 'specialist' }),
  ],
  [
    'pin options',
    'procurement',
    () => A.procurement,
    (id) => t.call(r.pinOptions, { params: inB(id), as: 'specialist' }),
  ],
  [
    'pin',
    'procurement',
    () => A.procurement,
    (id) => t.call(r.pin, { params: inB(id), body: { rule_version_id: 1 }, as: 'specialist' }),
  ],
  [
    'protocol add',
    'procurement',
    () => A.procurement,
    (id) =>
      t.call(r.addProtocol, {
        params: inB(id),
        body: { kind: 'review', signed_on: '2026-03-01' },
        as: 'specialist',
      }),
  ],
  [
    'plan position of a new procurement',
    'eis_plan_position',
    () => A.position,
    async (id) =>
      t.call(r.create, {
        params: { company_id: b },
        body: procurementBody(await methodIds(t), { plan_position_id: id }),
        as: 'specialist',
      }),
  ],
  [
    'plan position of a draft from the plan',
    'eis_plan_position',
    () => A.position,
    (id) =>
      t.call(r.fromPlan, { params: { company_id: b }, body: { plan_position_id: id }, as: 'specialist' }),
  ],
  [
    'customer of a new procurement',
    'customer',
    () => A.customer,
    async (id) =>
      t.call(r.create, {
        params: { company_id: b },
        body: procurementBody(await methodIds(t), { customer_id: id }),
        as: 'specialist',
      }),
  ],
];

describe('a foreign id answers exactly like a missing one, and is audited', () => {
  it.each(PROBES.map((p, i) => [p[0], i] as const))('%s', async (_name, i) => {
    const [name, entity, foreignId, call] = PROBES[i];
    const before = await denials(entity);
    const missing = await call(MISSING);
    expect(await denials(entity), name).toBe(before);
    const id = foreignId();
    const foreign = await call(id);
    const text = (res: { body: unknown }) =>
      JSON.stringify(res.body).replaceAll(String(MISSING), 'ID').replaceAll(String(id), 'ID');
    expect(missing.status, name).toBeGreaterThanOrEqual(400);
    expect({ status: foreign.status, body: text(foreign) }, name).toEqual({
      status: missing.status,
      body: text(missing),
    });
    expect(await denials(entity), name).toBe(before + 1);
  });

  it('a protocol of another procurement is not found', async () => {
    const res = await t.call(r.updateProtocol, {
      params: { company_id: b, id: B.procurement, protocol_id: A.protocol },
      body: { kind: 'review', signed_on: '2026-03-01' },
      as: 'specialist',
    });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: { message: 'Протокол не найден' } });
  });

  it('lists and deadlines show the company’s own procurements only', async () => {
    const list = await t.call(r.list, { params: { company_id: b }, as: 'client2' });
    expect(list.body.items.map((i) => i.id)).toEqual([B.procurement]);
    const deadlines = await t.call(r.deadlines, { params: { company_id: b }, as: 'client2' });
    expect(deadlines.body.items.every((d) => d.procurement_id === B.procurement)).toBe(true);
    const foreign = await t.call(r.get, { params: { company_id: a, id: A.procurement }, as: 'client2' });
    expect(foreign.status).toBe(404);
  });
});

describe('the methods a client may read for its register (issue 25, item 2)', () => {
  it('a client reads the methods its company’s procurements use, not another company’s entries', async () => {
    const db = t.app.deps.database;
    // company B's procurement on B's own method entry
    const [own] = await db.query<{ id: number }>(
      `insert into catalog_entries (kind, code, title, company_id, extra)
       values ('method', 'b_own', 'Закупка по собственному способу компании Б', $1, '{}') returning id`,
      [b],
    );
    await db.query('update procurements set method_id = $1 where id = $2', [own.id, B.procurement]);
    const expected = await db.query<{ id: number; title: string }>(
      `select distinct e.id, e.title from catalog_entries e join procurements p on p.method_id = e.id
       where p.company_id = $1 order by e.title, e.id`,
      [a],
    );
    expect(expected.length).toBeGreaterThan(0);
    const mine = await t.call(r.methods, { params: { company_id: a }, as: 'client' });
    expect(mine.status).toBe(200);
    expect(mine.body.items.map((m) => ({ id: m.id, title: m.title }))).toEqual(expected);
    expect(mine.body.items.some((m) => m.id === own.id)).toBe(false);
    const theirs = await t.call(r.methods, { params: { company_id: b }, as: 'client2' });
    expect(theirs.body.items.map((m) => m.id)).toContain(own.id);
    // another company's list answers like a missing company
    const foreign = await t.call(r.methods, { params: { company_id: b }, as: 'client' });
    expect(foreign.status).toBe(404);
  });
});
