import { contractRoutes as c, eisPlanRoutes as plans, procurementRoutes as r } from '@zakupki/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/harness.js';
import { contracts } from '../../db/schema/index.js';
import { contractBody } from '../contracts/contracts.factories.js';
import { moveTo } from '../procurements/procurements.factories.js';
import { bodyOf } from '../procurements/procurements.presenter.js';

/**
 * The violations of item 5 are stored (eis_plan_violations) when a linked procurement or contract
 * changes, in the writer's transaction, and the cards read what is stored.
 */

const t = testAppForFile();
let company: number;

type Position = { id: number; number: string; price: string; plan_id: number };

/** Current, not annulled positions of the company's plans that nothing links yet, cheapest first. */
async function freePositions(): Promise<Position[]> {
  return t.app.deps.database.query<Position>(
    `select pos.id, pos.number, pv.price::text as price, pos.plan_id
       from eis_plan_positions pos
       join eis_plans pl on pl.id = pos.plan_id
       join eis_plan_versions v on v.plan_id = pl.id and v.version = pl.current_version
       join eis_plan_position_versions pv on pv.position_id = pos.id and pv.version_id = v.id
      where pos.company_id = $1 and coalesce(pv.status, '') <> 'A' and pv.price is not null
        and not exists (select 1 from contracts k where k.company_id = pos.company_id and k.plan_position_number = pos.number)
        and not exists (select 1 from procurements p where p.plan_position_id = pos.id)
        and not exists (select 1 from procurement_lots l where l.plan_position_id = pos.id)
      order by pv.price, pos.id`,
    [company],
  );
}

/** The codes stored for a position, straight from the table. */
async function stored(positionId: number): Promise<string[]> {
  const rows = await t.app.deps.database.query<{ code: string }>(
    'select code from eis_plan_violations where position_id = $1 order by id',
    [positionId],
  );
  return rows.map((x) => x.code);
}

async function queued(): Promise<number> {
  const [row] = await t.app.deps.database.query<{ n: number }>(
    'select count(*)::int as n from eis_plan_violation_queue where company_id = $1',
    [company],
  );
  return row.n;
}

const params = () => ({ company_id: company });
const one = (id: number) => ({ company_id: company, id });

async function fromPlan(positionId: number) {
  const res = await t.call(r.fromPlan, {
    params: params(),
    body: { plan_position_id: positionId },
    as: 'specialist',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

beforeAll(async () => {
  company = t.ids.companies.client1;
  // the migration's backfill (and the seed's direct inserts) leave positions queued: the first
  // read of the company's plans stores them
  const [plan] = await t.app.deps.database.query<{ id: number }>(
    'select id from eis_plans where company_id = $1 order by id limit 1',
    [company],
  );
  const card = await t.call(plans.get, { params: { company_id: company, plan_id: plan.id }, as: 'client' });
  expect(card.status).toBe(200);
  expect(await queued()).toBe(0);
});

describe('stored plan violations', () => {
  it('change when a procurement linked to the position is created, updated, moved and deleted', async () => {
    const [pos] = await freePositions();
    expect(pos).toBeTruthy();
    // one procurement of the position's full НМЦД: within it
    const a = await fromPlan(pos.id);
    expect(await stored(pos.id)).toEqual([]);
    // create: a second one puts the procurements above the НМЦД
    const b = await fromPlan(pos.id);
    expect(await stored(pos.id)).toEqual(['procurement_over_price']);
    expect(await queued()).toBe(0);
    // delete (a draft): within it again
    expect((await t.call(r.remove, { params: one(b.id), as: 'specialist' })).status).toBe(204);
    expect(await stored(pos.id)).toEqual([]);
    // status: a cancelled procurement is not live
    const cancelled = await fromPlan(pos.id);
    expect(await stored(pos.id)).toEqual(['procurement_over_price']);
    await moveTo(t, company, cancelled.id, { status: 'cancelled', reason: 'Потребность отпала' });
    expect(await stored(pos.id)).toEqual([]);
    // update: unlinking the position from a procurement
    const d = await fromPlan(pos.id);
    expect(await stored(pos.id)).toEqual(['procurement_over_price']);
    const unlinked = await t.call(r.update, {
      params: one(d.id),
      body: { ...bodyOf(d), plan_position_id: null },
      as: 'specialist',
    });
    expect(unlinked.status, JSON.stringify(unlinked.body)).toBe(200);
    expect(await stored(pos.id)).toEqual([]);
    // the card shows what is stored
    const item = await t.call(plans.item, {
      params: { company_id: company, number: pos.number },
      as: 'client',
    });
    expect(item.body.violations).toEqual([]);
    expect(item.body.links.filter((l) => l.kind === 'procurement').map((l) => l.id)).toEqual(
      expect.arrayContaining([a.id, cancelled.id]),
    );
  });

  it('change when a contract naming the position is created, relinked, archived, restored and cancelled', async () => {
    // the contract of the factory costs 1 250 000,00 ₽: a position cheaper than that
    const pos = (await freePositions()).find((p) => Number(p.price) < 1_250_000);
    expect(pos).toBeTruthy();
    const number = pos!.number;
    const created = await t.call(c.create, {
      params: params(),
      body: contractBody({ number: 'V-1/2026', plan_position_number: number }),
      as: 'specialist',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id;
    expect(await stored(pos!.id)).toEqual(['contract_over_price']);
    const [row] = await t.app.deps.database.query<{ message: string }>(
      'select message from eis_plan_violations where position_id = $1',
      [pos!.id],
    );
    expect(row.message).toMatch(/Договоры \(№ V-1\/2026 от .+\) на 1 250 000,00 ₽ больше НМЦД позиции/);

    const update = async (plan_position_number: string | null) => {
      const card = await t.call(c.get, { params: one(id), as: 'specialist' });
      const res = await t.call(c.update, {
        params: one(id),
        body: { ...contractBody({ number: 'V-1/2026', plan_position_number }), revision: card.body.revision },
        as: 'specialist',
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    await update(null);
    expect(await stored(pos!.id)).toEqual([]);
    await update(number);
    expect(await stored(pos!.id)).toEqual(['contract_over_price']);

    const archive = (archived: boolean) =>
      t.call(c.archive, { params: one(id), body: { archived }, as: 'specialist' });
    expect((await archive(true)).status).toBe(200);
    expect(await stored(pos!.id)).toEqual([]);
    expect((await archive(false)).status).toBe(200);
    expect(await stored(pos!.id)).toEqual(['contract_over_price']);

    const status = await t.call(c.status, {
      params: one(id),
      body: { status: 'cancelled' },
      as: 'specialist',
    });
    expect(status.status, JSON.stringify(status.body)).toBe(200);
    expect(await stored(pos!.id)).toEqual([]);
    expect(await queued()).toBe(0);
  });

  it('the cards read the stored violations; a write outside the services is stored by the next read', async () => {
    const [pos] = await freePositions();
    // a contract written straight into the table (as an import or a seed may): only queued
    const [demo] = await t.app.deps.db
      .select()
      .from(contracts)
      .where(eq(contracts.companyId, company))
      .limit(1);
    const { id: _id, search: _search, ...copy } = demo;
    await t.app.deps.db.insert(contracts).values({
      ...copy,
      number: 'V-2/2026',
      eisRegistryNumber: null,
      eisGuid: null,
      status: 'concluded',
      archivedAt: null,
      price: (Number(pos.price) + 100).toFixed(2),
      planPositionNumber: pos.number,
    });
    expect(await queued()).toBeGreaterThan(0);
    expect(await stored(pos.id)).toEqual([]);
    const card = await t.call(plans.get, {
      params: { company_id: company, plan_id: pos.plan_id },
      as: 'client',
    });
    expect(card.body.violations.filter((v) => v.position_number === pos.number).map((v) => v.code)).toEqual([
      'contract_over_price',
    ]);
    expect(await stored(pos.id)).toEqual(['contract_over_price']);
    expect(await queued()).toBe(0);
    // nothing is computed on a read: the stored text is what the cards show
    await t.app.deps.database.query('update eis_plan_violations set message = $2 where position_id = $1', [
      pos.id,
      'сохранённое нарушение',
    ]);
    const again = await t.call(plans.get, {
      params: { company_id: company, plan_id: pos.plan_id },
      as: 'client',
    });
    expect(again.body.violations.find((v) => v.position_number === pos.number)?.message).toBe(
      'сохранённое нарушение',
    );
    const item = await t.call(plans.item, {
      params: { company_id: company, number: pos.number },
      as: 'client',
    });
    expect(item.body.violations.map((v) => v.message)).toEqual(['сохранённое нарушение']);
  });
});
