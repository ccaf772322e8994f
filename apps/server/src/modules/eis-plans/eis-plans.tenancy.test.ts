import { eisPlanRoutes, type RouteDef } from '@zakupki/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/harness.js';
import { addCustomer, multipart, runImport } from '../imports/import-uploads.factories.js';
import { PLAN_FILE, PLAN_INN, PLAN_NUMBER, realPlan } from './eis-plans.factories.js';

/**
 * Every route of the plans module declares its company: a company the caller may not act for
 * answers 404 (audited as access_denied), whatever the plan or position; a client sees its own
 * company's plans only; reading needs contracts.read, importing imports.run.
 */
const t = testAppForFile();
let own: number;
let other: number;
let planId: number;

beforeAll(async () => {
  own = t.ids.companies.client1;
  other = t.ids.companies.client2;
  await addCustomer(t, own, PLAN_INN);
  const run = await runImport(t, await t.login('specialist'), own, 'eis-plans', [
    { name: PLAN_FILE, data: Buffer.from(realPlan(), 'utf8') },
  ]);
  expect(run.status, run.error).toBe('done');
  planId = run.result.plan_id;
}, 180_000);

const paramsFor = (company: number) => ({
  company_id: company,
  plan_id: planId,
  version: 63,
  number: `${PLAN_NUMBER}-1`,
});
const queryFor = (route: RouteDef) => (route === eisPlanRoutes.diff ? { from: 63, to: 64 } : undefined);

async function denials() {
  const [r] = await t.db.database.query<{ n: number }>(
    "select count(*)::int as n from audit_log where action = 'access_denied'",
  );
  return r.n;
}

describe('tenancy of the plans routes', () => {
  it('declares the company and a permission on every route', () => {
    for (const route of Object.values(eisPlanRoutes) as RouteDef[]) {
      expect(route.company, route.path).toBe('company_id');
      expect(route.permission, route.path).toBe(route.method === 'POST' ? 'imports.run' : 'contracts.read');
    }
  });

  it.each(Object.entries(eisPlanRoutes))(
    '%s: another company answers 404 and is audited',
    async (_name, route) => {
      const before = await denials();
      const r =
        route.method === 'POST'
          ? await (async () => {
              const body = multipart([{ name: 'plan.xml', data: Buffer.from(realPlan(), 'utf8') }]);
              return t.req('POST', `/api/companies/${own}/imports/eis-plans`, {
                token: await t.login('client2'),
                body: body.payload,
                headers: body.headers,
              });
            })()
          : await t.call(route as RouteDef, {
              params: paramsFor(own),
              query: queryFor(route),
              as: 'client2',
            });
      expect(r.status).toBe(404);
      expect(await denials()).toBe(before + 1);
    },
  );

  // the positions picker names no plan: it lists the caller's company only (contracts.catalog-refs.test.ts)
  it.each(Object.entries(eisPlanRoutes).filter(([n, r]) => r.method === 'GET' && n !== 'searchPositions'))(
    '%s: the plan of another company through the caller’s own company answers 404',
    async (_name, route) => {
      const r = await t.call(route as RouteDef, {
        params: paramsFor(other),
        query: queryFor(route),
        as: 'client2',
      });
      if (route === eisPlanRoutes.list) {
        expect(r.status).toBe(200);
        const items = (r.body as { items: { id: number; company_id: number }[] }).items;
        expect(items.map((p) => p.id)).not.toContain(planId);
        expect(items.every((p) => p.company_id === other)).toBe(true);
      } else {
        expect(r.status).toBe(404);
      }
    },
  );

  it('the client of the company reads its plans and positions', async () => {
    const list = await t.call(eisPlanRoutes.list, { params: { company_id: own }, as: 'client' });
    expect(list.body.items.map((p) => p.id)).toContain(planId);
    expect(list.body.items.every((p) => p.company_id === own)).toBe(true);
    const item = await t.call(eisPlanRoutes.item, { params: paramsFor(own), as: 'client' });
    expect(item.status).toBe(200);
  });
});

describe('demo plans', () => {
  it('each client company has a plan of the current year in three versions, linked to its contracts', async () => {
    const year = new Date().getFullYear();
    for (const [company, who] of [
      [own, 'client'],
      [other, 'client2'],
    ] as const) {
      const list = await t.call(eisPlanRoutes.list, {
        params: { company_id: company },
        query: { year },
        as: who,
      });
      expect(list.body.items).toHaveLength(1);
      const plan = list.body.items[0];
      expect(plan).toMatchObject({ versions: 3, current: { version: 3 } });
      const d12 = await t.call(eisPlanRoutes.diff, {
        params: { company_id: company, plan_id: plan.id },
        query: { from: 1, to: 2 },
        as: who,
      });
      expect([d12.body.added.length, d12.body.changed.length, d12.body.annulled.length]).toEqual([1, 1, 0]);
      const d23 = await t.call(eisPlanRoutes.diff, {
        params: { company_id: company, plan_id: plan.id },
        query: { from: 2, to: 3 },
        as: who,
      });
      expect([d23.body.added.length, d23.body.changed.length, d23.body.annulled.length]).toEqual([1, 1, 1]);
      const linked = await t.call(eisPlanRoutes.positions, {
        params: { company_id: company, plan_id: plan.id, version: 3 },
        query: { has_contract: 'true' },
        as: who,
      });
      expect(linked.body.total).toBeGreaterThan(0);
      const full = await t.call(eisPlanRoutes.get, {
        params: { company_id: company, plan_id: plan.id },
        as: who,
      });
      expect(full.body.violations.map((v) => v.code)).toEqual(
        expect.arrayContaining(['contract_over_price', 'plan_publish_late']),
      );
    }
  });
});
