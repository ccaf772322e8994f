import type { RouteBody, RouteDef } from '@zakupki/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Actor } from '../types.js';
import { AppError } from './app-error.js';

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;
type Resp<R extends RouteDef> = {
  [K in keyof R['response']]: R['response'][K] extends z.ZodType ? z.input<R['response'][K]> : never;
}[keyof R['response']];

export type RouteInput<R extends RouteDef> = {
  params: Out<R['params']>;
  query: Out<R['query']>;
  body: R['body'] extends z.ZodType ? z.output<R['body']> : RouteBody<R>;
  actor: Actor;
  req: FastifyRequest;
  reply: FastifyReply;
};

/**
 * Registers a route declared in packages/shared: zod validation, serialisation through the
 * response schema (fields not in it never leave the server), OpenAPI, and the caller as `actor`.
 * Return the body; set `reply.code()` for non-200 statuses; return `null` for 204.
 */
export function addRoute<R extends RouteDef>(
  app: FastifyInstance,
  def: R,
  handler: (input: RouteInput<R>) => Promise<Resp<R> | null>,
) {
  const success =
    Object.keys(def.response)
      .map(Number)
      .find((s) => s >= 200 && s < 300) ?? 200;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: def.method,
    url: def.path,
    config: { public: def.public ?? false },
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
      if (!def.public && !req.actor) throw new AppError('unauthorized', 'Требуется вход в систему');
      const result = await handler({
        params: req.params as never,
        query: req.query as never,
        body: req.body as never,
        actor: req.actor as Actor,
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
