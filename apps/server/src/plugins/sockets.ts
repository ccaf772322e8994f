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
import { bearerToken, resolveActor, sessionFromCookies } from './auth.js';
import { crossSiteRefusal } from './csrf.js';

export type AuthSocket = Socket<AuthClientEvents, AuthServerEvents, Record<string, never>, { actor: Actor }>;
export type UnauthSocket = Socket<UnauthClientEvents, UnauthServerEvents>;
type AuthHandler = (socket: AuthSocket, payload: unknown) => Promise<void>;
type UnauthHandler = (socket: UnauthSocket, payload: unknown) => Promise<void>;

/**
 * The adapter's two Redis clients, made to survive an outage. ioredis keeps reconnecting (with
 * back-off, for ever) and re-subscribes the subscriber when Redis is back. While it is away:
 * - the publisher has no offline queue, so a publish fails at once instead of piling up in memory
 *   and failing later with MaxRetriesPerRequestError;
 * - the adapter calls `publish` without awaiting it, so every publish gets a rejection handler
 *   here (an unhandled rejection would end the process); the adapter has already delivered the
 *   packet to this node's sockets, other nodes miss it and their users read the stored
 *   notification later;
 * - `error` events are logged once per outage (an EventEmitter `error` without a listener throws).
 * A Redis that is down at start does not stop the server either: it starts alone and joins later.
 */
async function connectRedis(app: FastifyInstance, url: string): Promise<[Redis, Redis]> {
  const log = app.log;
  const opts = {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    retryStrategy: (times: number) => Math.min(200 * times, 2000),
  };
  const pub = new Redis(url, { ...opts, enableOfflineQueue: false });
  // the subscriber keeps its SUBSCRIBE queued until Redis answers (never dropped), and ioredis
  // re-subscribes on every reconnect
  const sub = new Redis(url, { ...opts, maxRetriesPerRequest: null });
  for (const [name, client] of [
    ['publisher', pub],
    ['subscriber', sub],
  ] as const) {
    let down = false;
    client.on('error', (err) => {
      if (down) return;
      down = true;
      log.warn({ err: err.message, client: name }, 'redis unavailable: sockets work on this node only');
    });
    client.on('ready', () => {
      if (down) log.info({ client: name }, 'redis is back: sockets reach every node again');
      down = false;
    });
  }
  // logged by the error listeners above; local delivery has happened
  handleRejections(pub, 'publish');
  handleRejections(sub, 'subscribe');
  handleRejections(sub, 'psubscribe');
  await Promise.all(
    [pub, sub].map((c) =>
      c.connect().catch((err: Error) => log.warn({ err: err.message }, 'redis unavailable at start')),
    ),
  );
  return [pub, sub];
}

/** Gives every promise a client method returns a rejection handler (the adapter drops them). */
function handleRejections(client: Redis, method: 'publish' | 'subscribe' | 'psubscribe') {
  const original = (client[method] as (...a: unknown[]) => Promise<unknown>).bind(client);
  (client as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
    const done = original(...args);
    done.catch(() => {});
    return done;
  };
}

/**
 * Per-connection limit of client requests (issue 26.6: 300 refused requests stored 300
 * notifications in about a second). A token bucket: a connection may send `SOCKET_BURST` requests
 * at once, then `SOCKET_REFILL_PER_SEC` a second; a request over the limit is answered at once with
 * `requestRefused` (and its ack, when the client passed one) and is not processed, so it stores
 * nothing. Every real screen sends a request per user action, far below this.
 */
export const SOCKET_BURST = 20;
export const SOCKET_REFILL_PER_SEC = 3;
export const SOCKET_REFUSAL = 'Слишком много запросов: подождите несколько секунд и повторите';

/**
 * A tiny in-memory token bucket per socket, on purpose instead of rate-limiter-flexible (not a
 * dependency): the state lives and dies with the connection object, so there are no keys to
 * expire, no store to clean up and nothing shared between nodes is needed (a connection is served
 * by one node).
 */
export class TokenBucket {
  private tokens: number;
  private at: number;

  constructor(
    private readonly burst = SOCKET_BURST,
    private readonly perSec = SOCKET_REFILL_PER_SEC,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = burst;
    this.at = now();
  }

  /** Takes one token; false when none is left (the request is over the limit). */
  take(): boolean {
    const t = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((t - this.at) / 1000) * this.perSec);
    this.at = t;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/** Wraps a socket's event listener with its connection's bucket; over the limit → refusal. */
function limited(
  socket: { emit: (event: 'requestRefused', p: { event: string; error: string }) => unknown },
  bucket: TokenBucket,
  event: string,
  run: (payload: unknown) => void,
) {
  return (payload: unknown, ...rest: unknown[]) => {
    if (bucket.take()) return run(payload);
    const refusal = { event, error: SOCKET_REFUSAL };
    socket.emit('requestRefused', refusal);
    const ack = rest.at(-1) ?? (typeof payload === 'function' ? payload : undefined);
    if (typeof ack === 'function') ack({ ok: false, error: SOCKET_REFUSAL });
  };
}

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
      const [pub, sub] = await connectRedis(app, redisUrl);
      this.redis = [pub, sub];
      this.io.adapter(createAdapter(pub, sub));
    }
    const unauth = this.io.of(NS_UNAUTH);
    unauth.on('connection', (socket: UnauthSocket) => {
      const bucket = new TokenBucket();
      for (const [event, handler] of this.unauthHandlers) {
        socket.on(
          event as 'emailServiceRequest',
          limited(socket, bucket, event, (payload) => {
            handler(socket, payload).catch((err) =>
              app.log.error({ err, event }, 'unauth socket handler failed'),
            );
          }),
        );
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
          const https =
            (app.deps.config.trustProxy > 0 && headers['x-forwarded-proto'] === 'https') ||
            'encrypted' in socket.request.socket;
          token = sessionFromCookies(fastifyCookie.parse(headers.cookie ?? ''), https) ?? null;
          const host =
            headers['x-forwarded-host'] && app.deps.config.trustProxy > 0
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
      const bucket = new TokenBucket();
      for (const [event, handler] of this.authHandlers) {
        socket.on(
          event as 'readyDocumentRequest',
          limited(socket, bucket, event, (payload) => {
            handler(socket, payload).catch((err) =>
              app.log.error({ err, event }, 'auth socket handler failed'),
            );
          }),
        );
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
