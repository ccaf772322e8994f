import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../lib/app-error.js';
import {
  type CompanyMemberRow,
  findSessionByToken,
  findSessionWithCompany,
  type SessionRow,
  touchSession,
} from '../modules/auth/sessions.repository.js';
import type { Actor } from '../types.js';
import { crossSiteRefusal } from './csrf.js';

/** The HttpOnly cookie of the web app's session (docs/product.md's cookie name `token`). */
export const SESSION_COOKIE = 'token';
/**
 * Its name over https: the `__Host-` prefix makes the browser refuse the cookie unless it is
 * Secure, for path / and without a Domain, so a sibling subdomain cannot plant a session.
 */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

/** The session token of a cookie jar: over https only the `__Host-` cookie counts. */
export function sessionFromCookies(cookies: Record<string, string | undefined>, https: boolean) {
  return cookies[SECURE_SESSION_COOKIE] ?? (https ? undefined : cookies[SESSION_COOKIE]);
}

export function bearerToken(header: string | undefined): string | null {
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || null;
  return null;
}

/** The session token of a request: a Bearer header (API clients), else the session cookie (the web app). */
export function tokenFromRequest(req: FastifyRequest): { token: string; via: 'bearer' | 'cookie' } | null {
  const bearer = bearerToken(req.headers.authorization);
  if (bearer) return { token: bearer, via: 'bearer' };
  const cookie = sessionFromCookies(req.cookies ?? {}, req.protocol === 'https');
  return cookie ? { token: cookie, via: 'cookie' } : null;
}

/**
 * Sets the session cookie at login: HttpOnly (no script reads it), SameSite=Strict (no other site's
 * page sends it; the app is one origin, so nothing of it needs a cross-site request to carry the
 * session), Secure and named `__Host-token` when the request came over https (X-Forwarded-Proto
 * behind a trusted proxy),
 * for the whole site (the API and /socket.io), as long as the session may live.
 */
export function setSessionCookie(req: FastifyRequest, reply: FastifyReply, token: string, maxMs: number) {
  reply.setCookie(req.protocol === 'https' ? SECURE_SESSION_COOKIE : SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: req.protocol === 'https',
    path: '/',
    maxAge: Math.floor(maxMs / 1000),
  });
}

export function clearSessionCookie(req: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(req.protocol === 'https' ? SECURE_SESSION_COOKIE : SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'strict',
    secure: req.protocol === 'https',
    path: '/',
  });
}

const TOUCH_EVERY_MS = 60_000;

/**
 * Resolves a token to the caller. Returns null when the token is unknown, revoked, past its
 * absolute or idle expiry, or its user is no longer active.
 */
export async function resolveActor(
  app: FastifyInstance,
  token: string,
  requestId: string | null,
  found?: SessionRow | null,
): Promise<Actor | null> {
  const { db, config } = app.deps;
  const s = found === undefined ? await findSessionByToken(db, token) : found;
  if (!s || s.revokedAt) return null;
  const now = Date.now();
  if (s.expiresAt.getTime() <= now) return null;
  if (s.lastSeenAt.getTime() + config.session.idleMs <= now) return null;
  if (s.status !== 'active') return null;
  if (now - s.lastSeenAt.getTime() > TOUCH_EVERY_MS) await touchSession(db, s.sessionId);
  return {
    userId: s.userId,
    role: s.role,
    companyId: s.companyId,
    title: s.title,
    login: s.login,
    sessionId: s.sessionId,
    requestId,
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The company a route declaring one acts on, read with the session (one statement): the
     * route's company gate uses it (`lib/route.ts`); `row` undefined when there is no such company.
     */
    companyLookup?: { id: number; row: CompanyMemberRow | undefined };
  }
}

/** The id in the path of a route that declares its company, when it is one (else the gate decides). */
export function companyIdParam(req: FastifyRequest): number | null {
  const param = req.routeOptions.config?.companyParam;
  if (!param) return null;
  const raw = (req.params as Record<string, string | undefined> | undefined)?.[param];
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** Builds `req.actor` for every request; non-public routes answer 401 without a live session. */
export function registerAuth(app: FastifyInstance) {
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (req, reply) => {
    const isPublic =
      req.routeOptions.config?.public === true || req.routeOptions.url?.startsWith('/api/docs') === true;
    const api = req.url.startsWith('/api');
    // the page's files are served without a session: the cookie they carry is not looked up
    const found = api ? tokenFromRequest(req) : null;
    // a write that a browser sent from another site is refused before anything else (CSRF); a
    // Bearer request carries its credential itself and is not a browser's ambient authority
    if (api && found?.via !== 'bearer') {
      const refusal = crossSiteRefusal(req, app.deps.config.corsOrigins);
      if (refusal) throw forbidden(refusal);
    }
    const token = found?.token ?? null;
    if (token) {
      // a company route reads the session and the company's membership in one statement
      const companyId = companyIdParam(req);
      if (companyId === null) req.actor = await resolveActor(app, token, req.id);
      else {
        const s = await findSessionWithCompany(app.deps.db, token, companyId);
        req.actor = await resolveActor(app, token, req.id, s);
        if (s && req.actor) req.companyLookup = { id: companyId, row: s.company };
      }
    }
    // a dead session's cookie is dropped, so the browser stops sending it
    if (found?.via === 'cookie' && !req.actor) clearSessionCookie(req, reply);
    if (!isPublic && req.routeOptions.url?.startsWith('/api') && !req.actor) {
      throw unauthorized(token ? 'Сессия истекла или завершена' : 'Требуется вход в систему');
    }
  });
}
