import { fastifyCookie } from '@fastify/cookie';
import { createAdapter } from '@socket.io/redis-adapter';
import {
  type AuthClientEvents,
  type AuthServerEvents,
  NS_AUTH,
  NS_UNAUTH,
  type UnauthClientEvents,
  type UnauthServerEvents,
} from '@zakupki/shared';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import type { Actor } from '../types.js';
import { bearerToken, resolveActor, SESSION_COOKIE } from './auth.js';
import { crossSiteRefusal } from './csrf.js';

export type AuthSocket = Socket<AuthClientEvents, AuthServerEvents, Record<string, never>, { actor: Actor }>;
export type UnauthSocket = Socket<UnauthClientEvents, UnauthServerEvents>;
type AuthHandler = (socket: AuthSocket, payload: unknown) => Promise<void>;
type UnauthHandler = (socket: UnauthSocket, payload: unknown) => Promise<void>;

/** Socket.IO on the Fastify server; modules register their event handlers here. */
export class Sockets {
  readonly io: Server;
  private readonly authHandlers = new Map<string, AuthHandler>();
  private readonly unauthHandlers = new Map<string, UnauthHandler>();
  private redis: Redis[] = [];

  constructor(app: FastifyInstance) {
    this.io = new Server(app.server, {
      path: '/socket.io',
      serveClient: false,
      cors: app.deps?.config.corsOrigins.length ? { origin: app.deps.config.corsOrigins } : undefined,
    });
  }

  onAuth<E extends keyof AuthClientEvents>(event: E, handler: AuthHandler) {
    this.authHandlers.set(event, handler);
  }

  onUnauth<E extends keyof UnauthClientEvents>(event: E, handler: UnauthHandler) {
    this.unauthHandlers.set(event, handler);
  }

  async attach(app: FastifyInstance, redisUrl: string | null) {
    if (redisUrl) {
      const pub = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
      const sub = pub.duplicate();
      await Promise.all([pub.connect(), sub.connect()]);
      this.redis = [pub, sub];
      this.io.adapter(createAdapter(pub, sub));
    }
    const unauth = this.io.of(NS_UNAUTH);
    unauth.on('connection', (socket: UnauthSocket) => {
      for (const [event, handler] of this.unauthHandlers) {
        socket.on(event as 'emailServiceRequest', (payload: unknown) => {
          handler(socket, payload).catch((err) =>
            app.log.error({ err, event }, 'unauth socket handler failed'),
          );
        });
      }
    });

    const auth = this.io.of(NS_AUTH);
    auth.use(async (socket, next) => {
      try {
        const headers = socket.handshake.headers;
        let token =
          (typeof socket.handshake.auth?.token === 'string' && socket.handshake.auth.token) ||
          bearerToken(headers.authorization);
        if (!token) {
          // the web app: the HttpOnly session cookie, only from a page of this site (a WebSocket
          // is not held to CORS, so another site's page could open one with the user's cookie)
          token = fastifyCookie.parse(headers.cookie ?? '')[SESSION_COOKIE] ?? null;
          const host =
            headers['x-forwarded-host'] && app.deps.config.trustProxy
              ? headers['x-forwarded-host']
              : headers.host;
          const refusal = crossSiteRefusal(
            { method: 'POST', headers, host: String(host ?? '') },
            app.deps.config.corsOrigins,
          );
          if (token && refusal) return next(new Error('forbidden'));
        }
        if (!token) return next(new Error('unauthorized'));
        const actor = await resolveActor(app, token, null);
        if (!actor) return next(new Error('unauthorized'));
        socket.data.actor = actor;
        next();
      } catch (err) {
        next(err as Error);
      }
    });
    auth.on('connection', (socket: AuthSocket) => {
      const actor = socket.data.actor;
      void socket.join([`user:${actor.userId}`, `session:${actor.sessionId}`]);
      if (actor.companyId) void socket.join(`company:${actor.companyId}`);
      for (const [event, handler] of this.authHandlers) {
        socket.on(event as 'readyDocumentRequest', (payload: unknown) => {
          handler(socket, payload).catch((err) =>
            app.log.error({ err, event }, 'auth socket handler failed'),
          );
        });
      }
    });
  }

  hasRedis() {
    return this.redis.length > 0;
  }

  async redisHealthy(): Promise<string> {
    if (!this.redis.length) return 'not_configured';
    try {
      await this.redis[0].ping();
      return 'ok';
    } catch {
      return 'down';
    }
  }

  /** Disconnects every socket of a session on every node (logout, revocation). */
  disconnectSession(sessionId: number) {
    this.io.of(NS_AUTH).in(`session:${sessionId}`).disconnectSockets(true);
  }

  async close() {
    await new Promise<void>((resolve) => this.io.close(() => resolve()));
    for (const r of this.redis) r.disconnect();
  }
}
