import { authRoutes, contractRoutes, eisPlanRoutes, procurementRoutes, type RouteDef } from '@zakupki/shared';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../test/harness.js';
import { compiledSerializerCompiler, responseJsonSchema } from './response-serializer.js';
import { registeredRoutes } from './route.js';

const t = testAppForFile();

type Compile = (route: {
  schema: unknown;
  method: string;
  url: string;
  httpStatus: string;
}) => (data: unknown) => string;

const serializers = (def: RouteDef, status: number) => {
  const route = {
    schema: def.response[status],
    method: def.method,
    url: def.path,
    httpStatus: String(status),
  };
  return {
    zod: (zodSerializerCompiler as unknown as Compile)(route),
    compiled: (compiledSerializerCompiler as unknown as Compile)(route),
  };
};

/** A real answer of the route, with a field the schema does not have at the top and in each row. */
function withStrangers(body: unknown): unknown {
  const b = structuredClone(body) as Record<string, unknown>;
  b.secret = 'не для клиента';
  if (Array.isArray(b.items)) for (const i of b.items) (i as Record<string, unknown>).secret = 'x';
  return b;
}

describe('the compiled response serializer of production', () => {
  it('compiles every route’s response schemas (or keeps zod’s) and compiles the register page', () => {
    let compiled = 0;
    let kept = 0;
    for (const def of registeredRoutes(t.app)) {
      for (const status of Object.keys(def.response).map(Number)) {
        if (status === 204) continue;
        // what the first response of the route compiles (production compiles lazily)
        const json = responseJsonSchema(def.response[status]);
        if (json) {
          expect(() => fastJson(json as never), `${def.method} ${def.path} ${status}`).not.toThrow();
          compiled++;
        } else kept++;
      }
    }
    expect(compiled).toBeGreaterThan(kept);
    expect(responseJsonSchema(contractRoutes.list.response[200])).not.toBeNull();
  });

  it('writes what zod writes for real answers, fields off the schema left out', async () => {
    const company = t.ids.companies.client1;
    const pages: [RouteDef, unknown][] = [];
    const list = await t.call(contractRoutes.list, {
      params: { company_id: company },
      query: { limit: 50 },
      as: 'client',
    });
    expect(list.body.items.length).toBeGreaterThan(0);
    pages.push([contractRoutes.list, list.body]);
    const card = await t.call(contractRoutes.get, {
      params: { company_id: company, id: list.body.items[0].id },
      as: 'client',
    });
    pages.push([contractRoutes.get, card.body]);
    const procurements = await t.call(procurementRoutes.list, {
      params: { company_id: company },
      as: 'client',
    });
    pages.push([procurementRoutes.list, procurements.body]);
    const planList = await t.call(eisPlanRoutes.list, { params: { company_id: company }, as: 'client' });
    const plan = await t.call(eisPlanRoutes.get, {
      params: { company_id: company, plan_id: planList.body.items[0].id },
      as: 'client',
    });
    pages.push([eisPlanRoutes.get, plan.body]);
    const session = await t.call(authRoutes.session, { as: 'client' });
    pages.push([authRoutes.session, session.body]);
    for (const [def, body] of pages) {
      const { zod, compiled } = serializers(def, 200);
      const strange = withStrangers(body);
      expect(compiled(strange), def.path).toBe(zod(strange));
      expect(compiled(strange)).not.toContain('не для клиента');
    }
  });
});
