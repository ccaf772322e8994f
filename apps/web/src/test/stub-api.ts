import type { RouteBody, RouteDef, RouteResponse } from '@zakupki/shared/contract';
import { ErrorBody } from '@zakupki/shared/errors';
import { vi } from 'vitest';
import type { z } from 'zod';

/**
 * The web tests' server: a test stubs routes of packages/shared, not URL strings.
 *
 *   const list = stubRoute(contractRoutes.list, (req) => page([listItem()]));
 *   stubRoute(contractRoutes.status, reply(409, errorBody('conflict', 'Нельзя')));
 *   expect(list.calls.at(-1)?.query.get('status')).toBe('draft');
 *
 * Every answer is checked against the route's response schema (an error answer against
 * `ErrorBody`) as it would arrive over the wire, so a stub that drifts from the contract fails the
 * test. A request no stub answers is refused (501) and fails the test with its method and path.
 * `setup.ts` installs the fake `fetch` before each test and checks after it (`verifyStubs`).
 */

/** An answer with a status other than the route's success status, or a file. */
export class Reply {
  constructor(
    readonly status: number,
    readonly body?: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
}
export const reply = (status: number, body?: unknown, headers?: Record<string, string>) =>
  new Reply(status, body, headers);
/** `{ error: { code, message, details } }` as the server sends it. */
export const errorBody = (code: string, message: string, details?: unknown) => ({
  error: { code, message, ...(details === undefined ? {} : { details }) },
});

export type StubRequest<R extends RouteDef> = {
  method: string;
  path: string;
  url: string;
  params: Record<string, string>;
  query: URLSearchParams;
  headers: Record<string, string>;
  /** the parsed JSON body (a FormData for uploads) */
  body: RouteBody<R>;
};
export type StubAnswer<R extends RouteDef> = RouteResponse<R> | Reply;
type Handler<R extends RouteDef> = (req: StubRequest<R>) => StubAnswer<R> | Promise<StubAnswer<R>>;

export type RecordedCall = Omit<StubRequest<RouteDef>, 'body'> & { route: RouteDef | null; body: unknown };

type Stub = {
  route: RouteDef;
  pattern: RegExp;
  names: string[];
  handler: Handler<RouteDef>;
  calls: RecordedCall[];
};

let stubs: Stub[] = [];
let calls: RecordedCall[] = [];
let problems: string[] = [];

function compile(path: string) {
  const names: string[] = [];
  const source = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { pattern: new RegExp(`^${source}$`), names };
}

/**
 * Answers `route` with `answer` (a body of the route's success status, a `reply(…)`, or a function
 * of the request). A later stub of the same route wins. Returns the calls that reached it.
 */
export function stubRoute<R extends RouteDef>(route: R, answer: StubAnswer<R> | Handler<R>) {
  const handler = (typeof answer === 'function' ? answer : () => answer) as Handler<RouteDef>;
  const stub: Stub = { route, ...compile(route.path), handler, calls: [] };
  stubs.push(stub);
  return { calls: stub.calls };
}

/** Every request of the test in order, stubbed or not. */
export const apiCalls = () => calls;

const successStatus = (route: RouteDef) =>
  Number(Object.keys(route.response).find((s) => Number(s) >= 200 && Number(s) < 300) ?? 200);

function schemaFor(route: RouteDef, status: number): z.ZodType | null {
  if (status >= 400) return ErrorBody;
  return route.response[status] ?? null;
}

function check(route: RouteDef, where: string, status: number, body: unknown) {
  const schema = schemaFor(route, status);
  if (!schema) {
    problems.push(`${where}: the stub answers ${status}, which the route does not declare`);
    return;
  }
  // what the browser would receive: JSON on the wire, nothing for 204
  const wire = status === 204 || body === undefined ? null : JSON.parse(JSON.stringify(body));
  const r = schema.safeParse(wire);
  if (!r.success) {
    const issues = r.error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`).join('; ');
    problems.push(`${where}: the stubbed answer does not match the route's response schema — ${issues}`);
  }
}

function headersOf(init: RequestInit | undefined): Record<string, string> {
  const h = init?.headers;
  if (!h) return {};
  if (h instanceof Headers) return Object.fromEntries(h.entries());
  return { ...(h as Record<string, string>) };
}

async function fakeFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = String(input);
  const parsed = new URL(url, 'http://localhost');
  const method = (init?.method ?? 'GET').toUpperCase();
  const raw = init?.body;
  const body = typeof raw === 'string' ? JSON.parse(raw) : raw;
  const where = `${method} ${parsed.pathname}`;
  const base = {
    method,
    path: parsed.pathname,
    url,
    query: parsed.searchParams,
    headers: headersOf(init),
    body,
  };

  let found: { stub: Stub; params: Record<string, string> } | null = null;
  // the latest stub wins; among routes, a literal path (`okpd2/tree`) before a parameter (`okpd2/:id`)
  const candidates = [...stubs].reverse().sort((a, b) => a.names.length - b.names.length);
  for (const stub of candidates) {
    if (stub.route.method !== method) continue;
    const m = stub.pattern.exec(parsed.pathname);
    if (!m) continue;
    found = { stub, params: Object.fromEntries(stub.names.map((n, i) => [n, decodeURIComponent(m[i + 1])])) };
    break;
  }
  if (!found) {
    calls.push({ ...base, params: {}, route: null });
    problems.push(`${where}${parsed.search}: no stub answers this request (stubRoute its route)`);
    return new Response(JSON.stringify(errorBody('not_stubbed', `Нет заглушки для ${where}`)), {
      status: 501,
      headers: { 'content-type': 'application/json' },
    });
  }
  const { stub, params } = found;
  const call: RecordedCall = { ...base, params, route: stub.route };
  calls.push(call);
  stub.calls.push(call);
  let answer: StubAnswer<RouteDef>;
  try {
    answer = await stub.handler({ ...base, params } as StubRequest<RouteDef>);
  } catch (err) {
    problems.push(`${where}: the stub threw ${(err as Error).message}`);
    return new Response(JSON.stringify(errorBody('stub_failed', String(err))), { status: 500 });
  }
  const r = answer instanceof Reply ? answer : new Reply(successStatus(stub.route), answer);
  check(stub.route, where, r.status, r.body);
  const file = typeof r.body === 'string' && r.status < 300;
  const text =
    r.status === 204 || r.body === undefined ? null : file ? String(r.body) : JSON.stringify(r.body);
  return new Response(text, {
    status: r.status,
    headers: { 'content-type': file ? 'application/octet-stream' : 'application/json', ...r.headers },
  });
}

/** Before each test (setup.ts): no stubs, no calls, the fake fetch in place. */
export function resetStubs() {
  stubs = [];
  calls = [];
  problems = [];
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
}

/** After each test (setup.ts): a wrong stub or an unstubbed call fails the test. */
export function verifyStubs() {
  const found = problems;
  problems = [];
  stubs = [];
  if (found.length) throw new Error(`API stubs:\n- ${found.join('\n- ')}`);
}
