import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';
import { findSessionByToken, touchSession } from '../modules/auth/sessions.repository.js';
import type { Actor } from '../types.js';

export function tokenFromRequest(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (h?.startsWith('Bearer ')) return h.slice(7).trim() || null;
  return null;
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
): Promise<Actor | null> {
  const { db, config } = app.deps;
  const s = await findSessionByToken(db, token);
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

/** Builds `req.actor` for every request; non-public routes answer 401 without a live session. */
export function registerAuth(app: FastifyInstance) {
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (req) => {
    const isPublic =
      req.routeOptions.config?.public === true || req.routeOptions.url?.startsWith('/api/docs') === true;
    const token = tokenFromRequest(req);
    if (token) req.actor = await resolveActor(app, token, req.id);
    if (!isPublic && req.routeOptions.url?.startsWith('/api') && !req.actor) {
      throw new AppError('unauthorized', token ? 'Сессия истекла или завершена' : 'Требуется вход в систему');
    }
  });
}
