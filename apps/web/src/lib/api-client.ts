import { buildPath, type RouteDef, type RouteParams, type RouteResponse } from '@zakupki/shared/contract';
import type { z } from 'zod';
import { ApiError } from './http-errors';
import { loading } from './loading';

type Input<T> = T extends z.ZodType ? z.input<T> : never;
type Scalar = string | number | boolean | null | undefined;

export type ApiOptions<R extends RouteDef> = {
  params?: RouteParams<R> extends Record<string, unknown> ? RouteParams<R> : never;
  query?: R['query'] extends z.ZodType ? Partial<Record<keyof Input<R['query']>, Scalar | Scalar[]>> : never;
  /** JSON of the route's body schema, or the form data of a multipart route (`multipart: true`) */
  body?: R['body'] extends z.ZodType
    ? Input<R['body']> | FormData
    : R extends { multipart: true }
      ? FormData
      : never;
  signal?: AbortSignal;
  /** text of the loading notice «Выполняется запрос: …»; false: no notice. Writes show one by default. */
  loading?: string | false;
};

const WRITE_LOADING: Record<string, string> = {
  POST: 'отправка данных',
  PUT: 'сохранение изменений',
  PATCH: 'сохранение изменений',
  DELETE: 'удаление',
};

/** `?a=1&b=x`; empty filters (undefined, null, '') are skipped (docs/product.md §7), arrays repeat the key. */
export function queryString(query: Record<string, Scalar | Scalar[]> | undefined): string {
  if (!query) return '';
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    for (const item of Array.isArray(v) ? v : [v]) {
      if (item === undefined || item === null || item === '') continue;
      sp.append(k, String(item));
    }
  }
  const s = sp.toString();
  return s ? `?${s}` : '';
}

export function routeUrl<R extends RouteDef>(route: R, opts: Pick<ApiOptions<R>, 'params' | 'query'> = {}) {
  return (
    buildPath(route.path, opts.params as Record<string, string | number> | undefined) +
    queryString(opts.query as Record<string, Scalar | Scalar[]> | undefined)
  );
}

/**
 * Calls an endpoint declared in packages/shared: path from `buildPath`, JSON in and out. The
 * session travels as the server's HttpOnly cookie (same origin); the server checks that writes
 * come from this site's pages (Sec-Fetch-Site / Origin, which the browser sets), so nothing more
 * is sent. Resolves with the typed response (null for 204); rejects with
 * `ApiError` (status 0 when the server could not be reached).
 */
export async function api<R extends RouteDef>(route: R, opts: ApiOptions<R> = {}): Promise<RouteResponse<R>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const text = opts.loading === false ? null : (opts.loading ?? WRITE_LOADING[route.method] ?? null);
  const loadingId = text ? loading.start(text) : null;
  try {
    let res: Response;
    try {
      res = await fetch(routeUrl(route, opts), {
        method: route.method,
        headers,
        body,
        signal: opts.signal,
        credentials: 'same-origin',
      });
    } catch (err) {
      if ((err as Error)?.name === 'AbortError') throw err;
      throw new ApiError(0, null);
    }
    const raw = res.status === 204 ? '' : await res.text();
    let data: unknown = null;
    if (raw) {
      try {
        data = JSON.parse(raw);
      } catch {
        data = null;
      }
    }
    if (!res.ok) throw new ApiError(res.status, data);
    return data as RouteResponse<R>;
  } finally {
    if (loadingId !== null) loading.stop(loadingId);
  }
}
