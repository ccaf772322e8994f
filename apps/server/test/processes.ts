import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { authRoutes, buildPath, type RouteDef, type RouteResponse } from '@zakupki/shared';
import { io as connect, type Socket } from 'socket.io-client';
import { freePort } from '../bench/lib.js';
import { DEMO_PASSWORD } from '../src/db/seed/demo/demo.seed.js';
import { type CallOpts, errorOf, queryString } from './harness.js';

/** Real server processes (as `npm start` runs them) for the cluster and outage tests. */
const MAIN = path.resolve(import.meta.dirname, '../src/main.ts');

export { freePort };

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Starts `src/main.ts` on a port and waits until /api/health answers. */
export async function startNode(
  port: number,
  env: Record<string, string | undefined>,
  opts: { quiet?: boolean } = {},
): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', opts.quiet ? 'ignore' : 'inherit', opts.quiet ? 'ignore' : 'inherit'],
  });
  for (let i = 0; i < 240; i++) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (r.ok || r.status === 503) return child;
    } catch {}
    if (child.exitCode !== null) throw new Error(`node on ${port} exited with ${child.exitCode}`);
    await sleep(250);
  }
  throw new Error(`node on ${port} did not start`);
}

export async function stopNode(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

export async function login(port: number, loginName: string) {
  const r = await call(port, authRoutes.login, { body: { login: loginName, password: DEMO_PASSWORD } });
  if (r.status !== 200) throw new Error(`login ${loginName} answered ${r.status}`);
  return r.body;
}

/**
 * Calls a route of the contract on a server process, typed from its schemas like `t.call` of the
 * harness (the answer is typed as the route's success body; `errorOf` reads an error answer).
 */
export async function call<R extends RouteDef>(
  port: number,
  route: R,
  opts: Pick<CallOpts<R>, 'params' | 'query' | 'body'> & { token?: string } = {},
): Promise<{ status: number; body: RouteResponse<R> }> {
  const url =
    buildPath(route.path, opts.params as Record<string, string | number>) + queryString(opts.query as never);
  const r = await fetch(`http://127.0.0.1:${port}${url}`, {
    method: route.method,
    headers: {
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await r.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {}
  return { status: r.status, body: parsed as RouteResponse<R> };
}

/** The error of an answer that is not the route's success (`{error: {code, message}}`). */
export { errorOf };

export function openSocket(port: number, token: string, reconnection = false): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = connect(`http://127.0.0.1:${port}/auth`, {
      transports: ['websocket'],
      auth: { token },
      reconnection,
    });
    s.on('connect', () => resolve(s));
    s.on('connect_error', reject);
  });
}

/** A redis-server of the test's own (the machine's shared Redis is never stopped). */
export class OwnRedis {
  private child: ChildProcess | null = null;
  constructor(readonly port: number) {}

  get url() {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start() {
    this.child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    for (let i = 0; i < 100; i++) {
      if (await canConnect(this.port)) return;
      await sleep(50);
    }
    throw new Error('redis-server did not start');
  }

  async stop() {
    const c = this.child;
    this.child = null;
    if (!c || c.exitCode !== null) return;
    const exited = new Promise((r) => c.once('exit', r));
    c.kill('SIGKILL');
    await exited;
  }
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

/**
 * A TCP proxy in front of a service (PostgreSQL): `cut()` closes the port and drops every open
 * connection, as a database restart or a network failure would; `restore()` listens again.
 */
export class TcpProxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  async restore() {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.once('close', () => this.sockets.delete(s));
        s.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', () => resolve()));
    this.server = server;
  }

  async cut() {
    const server = this.server;
    this.server = null;
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    if (server) await new Promise((r) => server.close(r));
  }
}
