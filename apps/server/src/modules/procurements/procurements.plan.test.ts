import { contractRoutes as c, eisPlanRoutes as plans, procurementRoutes as r } from '@zakupki/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/harness.js';
import { auditLog } from '../../db/schema/index.js';
import { todayMoscow } from '../../lib/moscow-time.js';
import { contractBody } from '../contracts/contracts.factories.js';
import {
  addProtocol,
  createProcurement,
  day,
  methodIds,
  moveTo,
  procurementBody,
} from './procurements.factories.js';
import { bodyOf } from './procurements.presenter.js';

const t = testAppForFile();
let company: number;
let methods: Record<string, number>;

type Position = {
  id: number;
  number: string;
  price: string;
  plan_id: number;
  status: string | null;
  current: boolean;
};

/** The demo plan's positions of a company as the newest version holding each states them. */
async function positions(companyId: number): Promise<Position[]> {
  return t.app.deps.database.query<Position>(
    `select distinct on (pos.id) pos.id, pos.number, pv.price::text as price, pos.plan_id, pv.status,
            v.version = pl.current_version as current, pv.method_name
       from eis_plan_positions pos
       join eis_plans pl on pl.id = pos.plan_id
       join eis_plan_position_versions pv on pv.position_id = pos.id
       join eis_plan_versions v on v.id = pv.version_id
      where pos.company_id = $1
      order by pos.id, v.version desc`,
    [companyId],
  );
}

let quotation: Position;
let annulled: Position;

beforeAll(async () => {
  company = t.ids.companies.client1;
  methods = await methodIds(t);
  const all = await positions(company);
  quotation = all.find(
    (p) =>
      p.current &&
      p.status !== 'A' &&
      (p as unknown as { method_name: string }).method_name === 'Запрос котировок в электронной форме',
  )!;
  annulled = all.find((p) => p.status === 'A')!;
  expect(quotation).toBeTruthy();
  expect(annulled).toBeTruthy();
});

function params(): { company_id: number };
function params(id: number): { company_id: number; id: number };
function params(id?: number) {
  return id ? { company_id: company, id } : { company_id: company };
}
const message = (res: { body: unknown }) => (res.body as { error: { message: string } }).error.message;

describe('a draft from a plan position', () => {
  it('takes the subject, НМЦД, rows and the method by its name, and links the position', async () => {
    const res = await t.call(r.fromPlan, {
      params: params(),
      body: { plan_position_id: quotation.id },
      as: 'specialist',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      status: 'draft',
      source: 'plan',
      nmcd: quotation.price,
      plan_position_id: quotation.id,
      plan_position_number: quotation.number,
      method_title: 'Запрос котировок в электронной форме',
      rule_version_number: 2,
    });
    // the demo position has one row (the units of its contract's first item): its amount is the НМЦД
    expect(res.body.lots).toHaveLength(1);
    expect(res.body.lots[0].items).toHaveLength(1);
    const [item] = res.body.lots[0].items;
    expect((Number(item.quantity) * Number(item.unit_price)).toFixed(2)).toBe(quotation.price);
    expect(item.okpd2_code).toEqual(expect.any(String));
    const history = await t.call(r.history, { params: params(res.body.id), as: 'client' });
    expect(history.body.items[0].comment).toBe(`По позиции плана закупки ${quotation.number}`);
  });

  it('refuses an annulled position, and one of another company like a missing one', async () => {
    const a = await t.call(r.fromPlan, {
      params: params(),
      body: { plan_position_id: annulled.id },
      as: 'specialist',
    });
    expect(a.status).toBe(409);
    expect(message(a)).toBe(`Позиция плана ${annulled.number} аннулирована: закупку по ней объявить нельзя`);
    const foreign = (await positions(t.ids.companies.client2))[0];
    const missing = await t.call(r.fromPlan, {
      params: params(),
      body: { plan_position_id: 99_999_999 },
      as: 'specialist',
    });
    const other = await t.call(r.fromPlan, {
      params: params(),
      body: { plan_position_id: foreign.id },
      as: 'specialist',
    });
    expect(other.status).toBe(404);
    expect(other.body).toEqual(missing.body);
    const denied = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'access_denied'), eq(auditLog.entity, 'eis_plan_position')));
    expect(denied.map((d) => d.entityId)).toContain(String(foreign.id));
  });

  it('refuses a method the Положение does not have, asking to choose one', async () => {
    const res = await t.call(r.fromPlan, {
      params: params(),
      body: { plan_position_id: quotation.id, method_id: methods.open_tender },
      as: 'specialist',
    });
    expect(res.status).toBe(400);
    expect(message(res)).toMatch(/^Способ закупки «Открытый конкурс» не предусмотрен Положением/);
  });
});

describe('the plan position rules', () => {
  it('refuses an НМЦД above the position’s and a position changed after the notice', async () => {
    const created = await t.call(r.fromPlan, {
      params: params(),
      body: { plan_position_id: quotation.id },
      as: 'specialist',
    });
    const p = created.body;
    const above = (Number(quotation.price) + 1000).toFixed(2);
    const body = bodyOf(p);
    body.nmcd = above;
    body.lots[0].nmcd = above;
    body.lots[0].items[0].quantity = '1';
    body.lots[0].items[0].unit_price = above;
    const res = await t.call(r.update, { params: params(p.id), body, as: 'specialist' });
    expect(res.status).toBe(400);
    expect(message(res)).toContain(`больше НМЦД позиции плана ${quotation.number}`);

    // publish it (dates of a quotation request: 5 working days), then try to move the position
    const ready = { ...bodyOf(p), planned_publication_date: day(-20), bids_deadline: day(-5) };
    expect((await t.call(r.update, { params: params(p.id), body: ready, as: 'specialist' })).status).toBe(
      200,
    );
    await moveTo(t, company, p.id, { status: 'published', date: day(-20) });
    const other = (await positions(company)).find(
      (x) => x.current && x.status !== 'A' && x.id !== quotation.id,
    )!;
    const moved = await t.call(r.update, {
      params: params(p.id),
      body: { ...ready, published_on: day(-20), plan_position_id: other.id },
      as: 'specialist',
    });
    expect(moved.status).toBe(409);
    expect(message(moved)).toBe(
      `Позицию плана закупки нельзя изменить после размещения извещения (${day(-20).split('-').reverse().join('.')}): изменения позиции вносятся в план до размещения извещения (ПП РФ № 932)`,
    );
  });

  it('the plan sees its procurements: counts, links, filter and the over-price violation', async () => {
    const item = await t.call(plans.item, {
      params: { company_id: company, number: quotation.number },
      as: 'client',
    });
    expect(item.status).toBe(200);
    const live = item.body.links.filter((l) => l.kind === 'procurement');
    expect(live.length).toBe(2);
    expect(item.body.procurements).toBe(
      live.filter((l) => l.status !== 'cancelled' && l.status !== 'failed').length,
    );
    // two live procurements of the position's full НМЦД: together above it
    expect(item.body.violations.map((v) => v.code)).toContain('procurement_over_price');
    const version = await t.app.deps.database.query<{ version: number }>(
      'select current_version as version from eis_plans where id = $1',
      [quotation.plan_id],
    );
    const withProcurement = await t.call(plans.positions, {
      params: { company_id: company, plan_id: quotation.plan_id, version: version[0].version },
      query: { has_procurement: 'true' },
      as: 'client',
    });
    expect(withProcurement.body.items.map((i) => i.number)).toEqual([quotation.number]);
    const without = await t.call(plans.positions, {
      params: { company_id: company, plan_id: quotation.plan_id, version: version[0].version },
      query: { has_procurement: 'false' },
      as: 'client',
    });
    expect(without.body.items.map((i) => i.number)).not.toContain(quotation.number);
  });
});

describe('the contract concluded from a procurement', () => {
  it('links both ways and closes the contract duty', async () => {
    const p = await createProcurement(
      t,
      company,
      procurementBody(methods, {
        planned_publication_date: day(-40),
        bids_deadline: day(-20),
        review_date: day(-19),
        summing_up_date: day(-15),
      }),
    );
    await moveTo(t, company, p.id, { status: 'published', date: day(-40) });
    const final = await addProtocol(t, company, p.id, {
      kind: 'summing_up',
      final: true,
      signed_on: day(-15),
      published_on: day(-15),
    });
    expect(final.duties.find((d) => d.duty === 'contract_conclusion')).toMatchObject({
      status: expect.stringMatching(/^due/),
      earliest_date: day(-5),
    });
    const created = await t.call(c.create, {
      params: { company_id: company },
      as: 'specialist',
      body: contractBody({
        procurement_id: p.id,
        status: 'concluded',
        contract_date: day(-3),
        start_date: day(-3),
      }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ procurement_id: p.id, procurement_number: p.number });
    const card = await t.call(r.get, { params: params(p.id), as: 'client' });
    expect(card.body.contracts_count).toBe(1);
    expect(card.body.contracts[0]).toMatchObject({ id: created.body.id, contract_date: day(-3) });
    expect(card.body.duties.find((d) => d.duty === 'contract_conclusion')).toMatchObject({
      status: 'done',
      done_on: day(-3),
    });
    // the status follows, not before the 10th day after the final protocol (ч. 15 ст. 3.2)
    await moveTo(t, company, p.id, { status: 'bids_closed', date: day(-20) });
    await moveTo(t, company, p.id, { status: 'summing_up', date: day(-16) });
    const early = await t.call(r.status, {
      params: params(p.id),
      body: { status: 'contract_concluded', date: day(-6) },
      as: 'specialist',
    });
    expect(early.status).toBe(400);
    expect(message(early)).toMatch(/^Договор не может быть заключён .+ \(ч\. 15 ст\. 3\.2 223-ФЗ\)$/);
    await moveTo(t, company, p.id, { status: 'contract_concluded', date: day(-3) });
    // an update without the field keeps the link; null removes it and reopens the duty
    const kept = await t.call(c.update, {
      params: { company_id: company, id: created.body.id },
      body: contractBody({
        status: undefined,
        contract_date: day(-3),
        start_date: day(-3),
        subject: 'Кабель',
      }) as never,
      as: 'specialist',
    });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.procurement_id).toBe(p.id);
    const unlinked = await t.call(c.update, {
      params: { company_id: company, id: created.body.id },
      body: contractBody({
        status: undefined,
        contract_date: day(-3),
        start_date: day(-3),
        procurement_id: null,
      }) as never,
      as: 'specialist',
    });
    expect(unlinked.body.procurement_id).toBeNull();
    const reopened = await t.call(r.get, { params: params(p.id), as: 'client' });
    expect(reopened.body.contracts_count).toBe(0);
    expect(reopened.body.duties.find((d) => d.duty === 'contract_conclusion')?.status).toMatch(/^due/);
  });

  it('refuses a procurement of another company like a missing one, audited', async () => {
    const other = await createProcurement(t, t.ids.companies.client2, procurementBody(methods));
    const send = (id: number) =>
      t.call(c.create, {
        params: { company_id: company },
        as: 'specialist',
        body: contractBody({ procurement_id: id }),
      });
    const missing = await send(99_999_999);
    const foreign = await send(other.id);
    expect(missing.status).toBe(400);
    expect(foreign.body).toEqual(missing.body);
    expect(JSON.stringify(foreign.body)).toContain('Закупка не найдена среди закупок компании');
    const denied = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'access_denied'), eq(auditLog.entity, 'procurement')));
    expect(denied.map((d) => d.entityId)).toContain(String(other.id));
    expect(todayMoscow()).toBeTruthy();
  });
});
