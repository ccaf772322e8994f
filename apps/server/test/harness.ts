import { randomBytes } from 'node:crypto';
import {
  buildPath,
  type Role,
  type RouteBody,
  type RouteDef,
  type RouteResponse,
  type ValidationIssue,
} from '@zakupki/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import type { z } from 'zod';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { type Database, openDatabase } from '../src/db/client.js';
import {
  DEMO_PASSWORD,
  type DemoIds,
  type DemoProcurements,
  seedDemo,
} from '../src/db/seed/demo/demo.seed.js';
import { seedReference } from '../src/db/seed/index.js';
import type { ModuleDeclaration } from '../src/plugins/module.js';
import { adminQuery, templateName, withDatabase } from './pg-admin.js';

export type TestDb = { database: Database; url: string | null; drop: () => Promise<void> };

/** A fresh database for one test file: a copy of the migrated template on PostgreSQL, in-memory PGlite otherwise. */
export async function createTestDatabase(): Promise<TestDb> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    const database = await openDatabase({ url: null, dataDir: 'memory://' });
    return { database, url: null, drop: async () => {} };
  }
  const template = inject('pgTemplate');
  const name = `${templateName(base).replace(/_tpl$/, '')}_t${process.pid}_${randomBytes(3).toString('hex')}`;
  await adminQuery(base, `create database "${name}" template "${template}"`);
  const url = withDatabase(base, name);
  const database = await openDatabase({ url });
  return {
    database,
    url,
    drop: async () => {
      await database.close().catch(() => {});
      await adminQuery(base, `drop database if exists "${name}" with (force)`);
    },
  };
}

export type Res<T = unknown> = { status: number; body: T; headers: Record<string, unknown> };

/** Who calls: a demo user by role (`client2`: the second client company's user), a login, or a token. */
export type Caller = Role | 'client2' | { login: string } | { token: string };

type ParamsIn<R extends RouteDef> = R['params'] extends z.ZodType ? z.input<R['params']> : undefined;
type QueryIn<R extends RouteDef> = R['query'] extends z.ZodType ? z.input<R['query']> : undefined;

/**
 * A call of a route of the contract, typed from its schemas. `body` may be `unknown` on purpose
 * (an invalid body) through `invalidBody`; the answer is typed as the route's success body.
 */
export type CallOpts<R extends RouteDef> = {
  params?: ParamsIn<R> | Record<string, string | number>;
  query?: QueryIn<R> | Record<string, unknown>;
  body?: RouteBody<R>;
  /** a deliberately invalid body (validation and tenancy tests) */
  invalidBody?: unknown;
  as?: Caller;
  headers?: Record<string, string>;
};

/** Query string of a call: arrays repeat their key, undefined and null are left out. */
export function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null) continue;
    for (const one of Array.isArray(v) ? v : [v]) qs.append(k, String(one));
  }
  const text = qs.toString();
  return text ? `?${text}` : '';
}

/**
 * The error of a refused call (`{error: {code, message, details}}`), for every server test; `D` is
 * what its details hold (the validation issues unless a test says otherwise).
 */
export const errorOf = <D = { issues: ValidationIssue[] } & Record<string, unknown>>(r: { body: unknown }) =>
  (r.body as { error: { code: string; message: string; details: D } }).error;

export type TestApp = {
  app: FastifyInstance;
  ids: DemoIds;
  db: TestDb;
  /** logs in a demo user (by role name or full login) and returns the token */
  login: (who: Role | 'client2' | string) => Promise<string>;
  req: <T = any>(
    method: string,
    url: string,
    opts?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ) => Promise<Res<T>>;
  /** calls a route of the contract: `t.call(contractRoutes.get, { params, as: 'client' })` */
  call: <R extends RouteDef>(route: R, opts?: CallOpts<R>) => Promise<Res<RouteResponse<R>>>;
  close: () => Promise<void>;
};

const DEMO_LOGIN: Record<string, string> = {
  admin: 'admin@demo.local',
  specialist: 'specialist@demo.local',
  operator: 'operator@demo.local',
  client: 'client@demo.local',
  client2: 'client2@demo.local',
};

/** The whole app on a fresh database with the demo data and reference catalogues. */
export async function createTestApp(
  env: Record<string, string> = {},
  opts: {
    listen?: boolean;
    web?: boolean;
    extend?: (app: FastifyInstance) => void | Promise<void>;
    /** the demo procurements: none by default; `documents` adds their generated documentation (about 2 s) */
    demoProcurements?: DemoProcurements;
    /** the declared modules (default: every module; a test adds or changes one) */
    modules?: readonly ModuleDeclaration[];
    /** receives the server's log lines (with a LOG_LEVEL other than silent) */
    logStream?: { write: (line: string) => void };
  } = {},
): Promise<TestApp> {
  const db = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: 'memory://',
    EMAIL_CODE_RESEND_SECONDS: '0',
    ...env,
  });
  const app = await buildApp(config, {
    database: db.database,
    web: opts.web ?? false,
    modules: opts.modules,
    logStream: opts.logStream,
  });
  await seedReference(app.deps.db);
  const ids = (await seedDemo(app.deps.db, { procurements: opts.demoProcurements ?? 'none' }))!;
  if (opts.extend) await opts.extend(app);
  if (opts.listen) await app.listen({ host: '127.0.0.1', port: 0 });
  else await app.ready();
  const tokens = new Map<string, string>();
  const req: TestApp['req'] = async (method, url, o = {}) => {
    const r = await app.inject({
      method: method as 'GET',
      url,
      headers: { ...(o.token ? { authorization: `Bearer ${o.token}` } : {}), ...o.headers },
      ...(o.body !== undefined ? { payload: o.body as object } : {}),
    });
    let body: unknown = r.body;
    if (String(r.headers['content-type'] ?? '').includes('json') && r.body) body = JSON.parse(r.body);
    return { status: r.statusCode, body: body as never, headers: r.headers };
  };
  const login = async (who: string) => {
    const loginName = DEMO_LOGIN[who] ?? who;
    const cached = tokens.get(loginName);
    if (cached) return cached;
    const r = await req<{ token: string }>('POST', '/api/auth/login', {
      body: { login: loginName, password: DEMO_PASSWORD },
    });
    if (r.status !== 200) throw new Error(`login ${loginName} failed: ${r.status} ${JSON.stringify(r.body)}`);
    tokens.set(loginName, r.body.token);
    return r.body.token;
  };
  const call: TestApp['call'] = async (route, o = {}) => {
    const who = o.as;
    const token =
      who === undefined
        ? undefined
        : typeof who === 'string'
          ? await login(who)
          : 'token' in who
            ? who.token
            : await login(who.login);
    const url =
      buildPath(route.path, o.params as Record<string, string | number>) + queryString(o.query as never);
    const body = 'invalidBody' in o ? o.invalidBody : o.body;
    return req(route.method, url, { token, body, headers: o.headers });
  };
  return {
    app,
    ids,
    db,
    req,
    call,
    login,
    async close() {
      await app.close();
      await db.drop();
    },
  };
}

/**
 * One resource for all the tests of a file: made before them (`beforeAll`), let go after them.
 * The returned object is filled in when the tests start: keep it, not its fields, at module level.
 */
function forFile<T extends object>(make: () => Promise<T>, release: (t: T) => Promise<void>): T {
  const shared = {} as T;
  let made: T | null = null;
  beforeAll(async () => {
    made = await make();
    Object.assign(shared, made);
  }, 60_000);
  afterAll(async () => {
    if (made) await release(made);
  });
  return shared;
}

/** The whole app (`createTestApp`) for the tests of a file. */
export const testAppForFile = (...args: Parameters<typeof createTestApp>): TestApp =>
  forFile(
    () => createTestApp(...args),
    (t) => t.close(),
  );

/** A fresh database (`createTestDatabase`) for the tests of a file; `migrated` migrates it on PGlite too. */
export const testDatabaseForFile = (opts: { migrated?: boolean } = {}): TestDb =>
  forFile(
    async () => {
      const db = await createTestDatabase();
      if (opts.migrated) await db.database.migrate();
      return db;
    },
    (t) => t.drop(),
  );
