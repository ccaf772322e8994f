import multipart from '@fastify/multipart';
import type { Permission, RouteBody, RouteDef } from '@zakupki/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { NOT_FOUND, requireCompany } from '../modules/access/access.service.js';
import type { Actor } from '../types.js';
import { notFound, unauthorized } from './app-error.js';
import { multipartLimits, readUpload, type Upload, type UploadSpec } from './upload.js';

/** The company a declared route acts on, and what the caller may do there. */
export type CompanyAccess = { id: number; permissions: Permission[] };

declare module 'fastify' {
  interface FastifyRequest {
    company?: CompanyAccess;
  }
}

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;
type Resp<R extends RouteDef> = {
  [K in keyof R['response']]: R['response'][K] extends z.ZodType ? z.input<R['response'][K]> : never;
}[keyof R['response']];

export type RouteInput<R extends RouteDef> = {
  params: Out<R['params']>;
  query: Out<R['query']>;
  body: R['body'] extends z.ZodType ? z.output<R['body']> : RouteBody<R>;
  actor: Actor;
  /** set when the route declares `company`: the gate has passed */
  company: R['company'] extends string ? CompanyAccess : undefined;
  req: FastifyRequest;
  reply: FastifyReply;
};

// keyed by the app's dependencies, shared by the root instance and every encapsulated scope
// (an upload route is registered in a child scope of its own, with its multipart parser)
const registered = new WeakMap<object, RouteDef[]>();

/** Every route of the contract registered on this app (tenancy and contract tests walk them). */
export const registeredRoutes = (app: FastifyInstance): readonly RouteDef[] => registered.get(app.deps) ?? [];

/**
 * The company gate of a route that declares `company`: runs as the route's first onRequest hook
 * (after the auth hook, before the body is parsed or validated), so a company the caller may not
 * act for answers 404 whatever the body, and the attempt is audited (`requireCompany`).
 */
function companyGate(app: FastifyInstance, def: RouteDef) {
  const param = def.company;
  if (!param) return undefined;
  return async (req: FastifyRequest) => {
    if (!req.actor) throw unauthorized('Требуется вход в систему');
    const raw = (req.params as Record<string, string | undefined>)[param];
    const id = Number(raw);
    if (!raw || !/^\d{1,15}$/.test(raw) || !Number.isSafeInteger(id) || id <= 0) {
      // not an id at all (`abc`): names no company, so the params validation answers 400 as for
      // any route; a form the schema would take but the gate does not (`0x10`) answers 404
      if (def.params && !def.params.safeParse(req.params).success) return;
      throw notFound(NOT_FOUND);
    }
    // read with the session where the auth hook could (plugins/auth.ts)
    const lookup = req.companyLookup?.id === id ? req.companyLookup : undefined;
    const permissions = await requireCompany(app.deps.db, req.actor, id, def.permission, NOT_FOUND, lookup);
    req.company = { id, permissions };
  };
}

/**
 * Registers a route declared in packages/shared: the declared company gate, zod validation,
 * serialisation through the response schema (fields not in it never leave the server), OpenAPI,
 * and the caller as `actor`. Return the body; set `reply.code()` for non-200 statuses; return
 * `null` for 204. A multipart route is declared with `addUploadRoute`.
 */
export function addRoute<R extends RouteDef>(
  app: FastifyInstance,
  def: R,
  handler: (input: RouteInput<R>) => Promise<Resp<R> | null>,
) {
  if (def.multipart)
    throw new Error(`${def.method} ${def.path} is multipart: declare it with addUploadRoute`);
  register(app, def, handler);
}

/**
 * Registers a multipart route (`multipart: true` in packages/shared) with what it takes (`spec`:
 * the file field, how many files, the limits, the text fields): the route gets its own multipart
 * parser with those limits, and the handler `upload()`, which reads the form once (however often
 * it is called, so a service may check access before it reads) and refuses a wrong one the same
 * way on every route (lib/upload.ts, `readUpload`).
 */
export function addUploadRoute<R extends RouteDef, const S extends UploadSpec>(
  app: FastifyInstance,
  def: R,
  spec: S,
  handler: (input: RouteInput<R> & { upload: () => Promise<Upload<S>> }) => Promise<Resp<R> | null>,
) {
  if (!def.multipart) throw new Error(`${def.method} ${def.path} is not declared multipart`);
  const uploadLimit = app.deps.config.uploadLimit;
  app.register(async (scope) => {
    await scope.register(multipart, { limits: multipartLimits(spec, uploadLimit) });
    register(scope, def, (input) => {
      let read: Promise<Upload<S>> | null = null;
      const upload = () => {
        read ??= readUpload(input.req, spec, uploadLimit);
        return read;
      };
      return handler({ ...input, upload });
    });
  });
}

function register<R extends RouteDef>(
  app: FastifyInstance,
  def: R,
  handler: (input: RouteInput<R>) => Promise<Resp<R> | null>,
) {
  const success =
    Object.keys(def.response)
      .map(Number)
      .find((s) => s >= 200 && s < 300) ?? 200;
  const gate = companyGate(app, def);
  const list = registered.get(app.deps) ?? [];
  list.push(def);
  registered.set(app.deps, list);
  app.withTypeProvider<ZodTypeProvider>().route({
    method: def.method,
    url: def.path,
    ...(gate ? { onRequest: gate } : {}),
    config: { public: def.public ?? false, ...(def.company ? { companyParam: def.company } : {}) },
    schema: {
      summary: def.summary,
      tags: def.tags,
      ...(def.params ? { params: def.params } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.body && !def.multipart ? { body: def.body } : {}),
      ...(success === 204 ? {} : { response: def.response }),
      ...(def.public ? {} : { security: [{ bearer: [] }] }),
    },
    handler: async (req, reply) => {
      if (!def.public && !req.actor) throw unauthorized('Требуется вход в систему');
      // a declared route never runs without its gate having passed
      if (def.company && !req.company) throw notFound(NOT_FOUND);
      const result = await handler({
        params: req.params as never,
        query: req.query as never,
        body: req.body as never,
        actor: req.actor as Actor,
        company: req.company as never,
        req,
        reply,
      });
      if (reply.sent) return reply;
      if (success === 204) return reply.code(204).send();
      if (reply.statusCode === 200 && success !== 200) reply.code(success);
      return result;
    },
  });
}
