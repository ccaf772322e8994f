import { companyRoutes, contractRoutes, type RouteDef } from '@zakupki/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { testAppForFile } from '../../../test/harness.js';
import { contractBody, createContract, day } from './contracts.factories.js';

/**
 * Every field of every write route of the contract module (and the customers its contracts name)
 * gets values that are wrong for its type, generated from the route's zod schema: letters and
 * malformed numbers for decimals, negative and huge numbers, impossible dates, unknown enum
 * values, overlong strings, a list where an object is. Each must answer 400 naming the field —
 * never 500 (issue 25, item 4).
 */

const t = testAppForFile();
let company: number;
let contractId: number;

type Def = { type: string; [k: string]: unknown };
const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

/** The schema under optional/nullable/default/pipe wrappers (the input side of a pipe). */
function unwrap(s: z.ZodType): z.ZodType {
  let cur = s;
  for (;;) {
    const d = defOf(cur);
    if (['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional'].includes(d.type))
      cur = d.innerType as z.ZodType;
    else if (d.type === 'pipe') cur = d.in as z.ZodType;
    else return cur;
  }
}

/** Kinds of leaves, read from the schema (a string|number union is a decimal). */
function kindOf(s: z.ZodType): string {
  const d = defOf(unwrap(s));
  if (d.type === 'union') {
    const types = (d.options as z.ZodType[]).map((o) => defOf(unwrap(o)).type);
    if (types.includes('string') && types.includes('number')) return 'decimal';
    return types.includes('string') ? 'string' : (types[0] ?? 'unknown');
  }
  return d.type;
}

const LONG = 'щ'.repeat(100_001);

/** Wrong values for a leaf of this kind; `sample` is the valid value the base body holds. */
function badValues(kind: string, sample: unknown): unknown[] {
  const dateLike = typeof sample === 'string' && /^\d{4}-\d{2}-\d{2}/.test(sample);
  switch (kind) {
    case 'decimal':
      return ['abc', '100.5.5', '-1', '1e30', '1'.repeat(30), -5, 1e30, true, {}];
    case 'number':
      return [-1, 1e20, 1.5, 'abc', []];
    case 'enum':
    case 'literal':
      return ['no_such_value', 7, {}];
    case 'boolean':
      return ['maybe', 2, {}];
    case 'array':
      return ['not a list', { a: 1 }, 5];
    case 'object':
      return ['not an object', [1, 2], 5];
    case 'string':
      return dateLike
        ? ['2026-02-30', '31.12.2026', '2026-13-01', 'вчера', LONG, 20260101, {}]
        : [LONG, 12345, {}, []];
    default:
      return [{}, []];
  }
}

type Case = { path: string; value: unknown; body: unknown };

const clone = <T>(v: T): T => structuredClone(v);

/** Sets `value` at `path` (dot-separated; numbers index arrays) in a copy of `body`. */
function withValue(body: unknown, path: (string | number)[], value: unknown) {
  const out = clone(body) as Record<string | number, unknown>;
  let cur = out;
  // an object the base body leaves out (an edit's `change`) is made for the wrong value
  for (const key of path.slice(0, -1)) {
    cur[key] ??= {};
    cur = cur[key] as Record<string | number, unknown>;
  }
  cur[path.at(-1)!] = value;
  return out;
}

/**
 * One case per leaf and wrong value: every key of an object schema (its absent keys included), the
 * first element of every list the base body holds.
 */
function cases(schema: z.ZodType, base: unknown, path: (string | number)[] = [], root = base): Case[] {
  const inner = unwrap(schema);
  const d = defOf(inner);
  const out: Case[] = [];
  if (d.type === 'object') {
    const shape = d.shape as Record<string, z.ZodType>;
    const obj = (base ?? {}) as Record<string, unknown>;
    for (const [key, field] of Object.entries(shape))
      out.push(...cases(field, obj[key], [...path, key], root));
    if (path.length) out.push(...leafCases('object', base, path, root));
    return out;
  }
  if (d.type === 'array') {
    out.push(...leafCases('array', base, path, root));
    if (Array.isArray(base) && base.length)
      out.push(...cases(d.element as z.ZodType, base[0], [...path, 0], root));
    return out;
  }
  return leafCases(kindOf(schema), base, path, root);
}

function leafCases(kind: string, sample: unknown, path: (string | number)[], root: unknown): Case[] {
  return badValues(kind, sample).map((value) => ({
    path: path.join('.'),
    value,
    body: withValue(root, path, value),
  }));
}

const short = (v: unknown) => {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 40 ? `${s.slice(0, 30)}…(${s.length})` : s;
};

async function expectAll400(route: RouteDef, params: Record<string, number>, base: unknown) {
  const all = cases(route.body as z.ZodType, base);
  expect(all.length).toBeGreaterThan(0);
  const wrong: string[] = [];
  for (const c of all) {
    const res = await t.call(route, { params, invalidBody: c.body, as: 'specialist' });
    const body = res.body as unknown as {
      error?: { code: string; details?: { issues?: { path: string }[] } };
    };
    const issues = body.error?.details?.issues ?? [];
    const named = issues.some((i) => i.path === `body.${c.path}` || i.path.startsWith(`body.${c.path}.`));
    if (res.status !== 400 || !named)
      wrong.push(`${c.path} = ${short(c.value)}: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
  }
  expect(wrong).toEqual([]);
}

beforeAll(async () => {
  company = t.ids.companies.client1;
  const token = await t.login('specialist');
  contractId = (await createContract(t, token, company)).id;
});

const withStage = () =>
  contractBody({
    stages: [{ name: 'Этап 1', start_date: day(-30), end_date: day(10), amount: null }],
    payment_terms: [
      { kind: 'advance', share_percent: '30', term_days: 10, day_kind: 'working', stage_no: null },
      { kind: 'postpayment', share_percent: '70', term_days: 7, day_kind: 'working' },
    ],
  });

describe('bad values on every write route of the contracts answer 400 naming the field', () => {
  it('create', async () => {
    await expectAll400(contractRoutes.create, { company_id: company }, withStage());
  });

  it('update', async () => {
    await expectAll400(contractRoutes.update, { company_id: company, id: contractId }, withStage());
  });

  it('status, archive, EIS publication', async () => {
    const params = { company_id: company, id: contractId };
    await expectAll400(contractRoutes.status, params, {
      status: 'concluded',
      date: day(-1),
      reason: 'Подписан',
    });
    await expectAll400(contractRoutes.archive, params, { archived: true });
    await expectAll400(contractRoutes.publication, params, {
      event_id: null,
      eis_published_at: day(-1),
    });
  });

  it('the customers a contract names', async () => {
    const base = { title: 'ООО «Заказчик»', inn: '7707083893', kpp: '770701001' };
    await expectAll400(companyRoutes.customers.create, { id: company }, base);
  });

  it('a price of letters is refused as the price, not a server error', async () => {
    for (const price of ['abc', '100.5.5']) {
      const res = await t.call(contractRoutes.create, {
        params: { company_id: company },
        invalidBody: { ...contractBody(), price },
        as: 'specialist',
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        error: { details: { issues: [{ path: 'body.price', message: 'Значение должно быть числовое' }] } },
      });
    }
  });
});
