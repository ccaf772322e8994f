import type { IncomingHttpHeaders } from 'node:http';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery protection for requests that a browser authenticates by itself (the
 * session cookie), after Go's `net/http.CrossOriginProtection` (Go 1.25) and the OWASP CSRF cheat
 * sheet's «Fetch Metadata» and «standard headers» defences — no token to keep or send:
 * - safe methods (GET, HEAD, OPTIONS) change nothing and pass;
 * - `Sec-Fetch-Site` (every current browser sends it): `same-origin` or `none` (typed in, a
 *   bookmark) passes, anything else (`same-site`, `cross-site`) is refused unless the `Origin` is
 *   one of CORS_ORIGINS;
 * - without it, an `Origin` must be this site's own (its host equals the request's `Host`, as
 *   Fastify reads it: X-Forwarded-Host behind a trusted proxy) or one of CORS_ORIGINS;
 * - with neither header the request did not come from a browser's page (curl, a server, an old
 *   browser that also sends no cookie cross-site under SameSite) and passes.
 * The session cookie is SameSite=Strict on top of this.
 * Returns the Russian refusal, or null.
 */
export function crossSiteRefusal(
  req: { method: string; headers: IncomingHttpHeaders; host: string },
  trustedOrigins: string[],
): string | null {
  if (SAFE_METHODS.has(req.method)) return null;
  const origin = header(req.headers.origin);
  const trusted = origin !== null && trustedOrigins.includes(origin);
  const site = header(req.headers['sec-fetch-site']);
  if (site !== null) {
    if (site === 'same-origin' || site === 'none' || trusted) return null;
    return REFUSAL;
  }
  if (origin === null || trusted) return null;
  let host: string | null = null;
  try {
    host = new URL(origin).host;
  } catch {
    host = null;
  }
  return host !== null && host === req.host ? null : REFUSAL;
}

const REFUSAL =
  'Запрос отклонён: он отправлен со страницы другого сайта. Откройте систему по её адресу и повторите';

function header(v: string | string[] | undefined): string | null {
  const s = Array.isArray(v) ? v[0] : v;
  return s ? s : null;
}
