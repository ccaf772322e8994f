import type { z } from 'zod';
import type { Permission } from './roles.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One endpoint, declared once: the server registers it (validation, serialisation, OpenAPI),
 * the web client is typed from it. `path` uses Fastify's `:param` syntax.
 */
export type RouteDef = {
  method: HttpMethod;
  path: string;
  summary: string;
  tags: string[];
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: Record<number, z.ZodType>;
  /** multipart upload: body is not JSON */
  multipart?: boolean;
  /** public route: no token needed */
  public?: boolean;
  /**
   * Tenancy, declared: the path parameter naming the company the route acts on. The server's
   * company gate runs before anything else (body parsing and validation included): a company the
   * caller may not act for answers 404 and is audited. The web reads the same declaration.
   */
  company?: 'company_id' | 'id';
  /** The permission the caller needs in that company (403 after the company gate passed). */
  permission?: Permission;
};

export function defineRoute<const T extends RouteDef>(def: T): T {
  return def;
}

/** A company-scoped route: `company` names its company parameter. */
export type CompanyRouteDef = RouteDef & { company: 'company_id' | 'id' };
export const isCompanyRoute = (def: RouteDef): def is CompanyRouteDef => def.company !== undefined;

/**
 * May a caller with these permissions in the company call the route? True when the route declares
 * no permission or the permissions include it. The web shows a button by this (the server decides).
 */
export const mayCall = (def: RouteDef, permissions: readonly Permission[] | undefined): boolean =>
  def.permission === undefined || (permissions ?? []).includes(def.permission);

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;
type InferIn<T> = T extends z.ZodType ? z.input<T> : undefined;

export type RouteParams<R extends RouteDef> = Infer<R['params']>;
export type RouteQuery<R extends RouteDef> = InferIn<R['query']>;
export type RouteBody<R extends RouteDef> = InferIn<R['body']>;
export type RouteResponse<R extends RouteDef> =
  R['response'] extends Record<200, infer S>
    ? Infer<S>
    : R['response'] extends Record<201, infer S>
      ? Infer<S>
      : R['response'] extends Record<202, infer S>
        ? Infer<S>
        : undefined;

/** Fills `:param` placeholders. */
export function buildPath(path: string, params?: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const v = params?.[name];
    if (v === undefined) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(v));
  });
}
