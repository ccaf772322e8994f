import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import nodeOs from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { ensureServerBuild, SERVER_MAIN, serverNodeArgs } from '../../../scripts/server-build.mjs';

export const ROOT = path.resolve(import.meta.dirname, '../../..');

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

/** What the server logs at info level about each import run: its steps in ms (import-runner.ts). */
export type ImportPhases = Record<string, number>;
export type ImportSteps = { phases: ImportPhases; cpu: ImportPhases };

/**
 * Spawns the server's node with the flags npm start gives it (scripts/server-node-flags.json),
 * then e.g. BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' to profile it, then `entry`
 * (the compiled dist/main.js, or `--import tsx src/main.ts`); stdout is piped for the log lines.
 */
export function spawnServer(entry: string[], port: number, env: Record<string, string>): ChildProcess {
  return spawn(
    process.execPath,
    [...serverNodeArgs(), ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []), ...entry],
    {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        LOG_LEVEL: 'info',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
}

/**
 * Starts the real server as npm start does (the compiled dist/main.js, built first when missing
 * or stale) and waits for /api/health.
 */
export async function startServer(env: Record<string, string>): Promise<{
  base: string;
  child: ChildProcess;
  stop: () => Promise<void>;
  /** Steps of the import runs finished so far, in order: wall time and the server's CPU time. */
  importPhases: ImportSteps[];
}> {
  const port = await freePort();
  await ensureServerBuild();
  const child = spawnServer([SERVER_MAIN], port, env);
  // info lines are read for the import steps; warnings and errors are passed on
  const importPhases: ImportSteps[] = [];
  createInterface({ input: child.stdout! }).on('line', (line) => {
    let entry: { level?: number; msg?: string; phases?: ImportPhases; cpu?: ImportPhases } | null = null;
    try {
      entry = JSON.parse(line);
    } catch {}
    if (entry?.msg === 'import done' && entry.phases)
      importPhases.push({ phases: entry.phases, cpu: entry.cpu ?? {} });
    else if (!entry || (entry.level ?? 0) >= 40) process.stdout.write(`${line}\n`);
  });
  // the server must not outlive the benchmark (an interrupted run, a failed section)
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {}
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    base,
    child,
    importPhases,
    stop: async () => {
      process.off('exit', kill);
      child.kill('SIGTERM');
      // a server stuck in synchronous work never runs its SIGTERM handler
      const timer = setTimeout(kill, 20_000);
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
      clearTimeout(timer);
    },
  };
}

export function percentile(sorted: number[], p: number) {
  if (!sorted.length) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

/** Runs `task` with `concurrency` workers until `total` calls are done; returns sorted latencies (ms). */
export async function load(concurrency: number, total: number, task: (i: number) => Promise<void>) {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const t0 = performance.now();
        await task(i);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    latencies,
    seconds,
    rps: total / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
  };
}

export const fmt = (n: number, d = 1) => n.toFixed(d);
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * A keep-alive HTTP client for load: `GET url` with the headers given, the body read and dropped;
 * rejects on a non-2xx answer. Node's `http` with an agent of `sockets` connections costs the load
 * generator about half the CPU of `fetch` (WHATWG streams and headers), CPU the server would
 * otherwise lose to it on this shared machine — as the raw replay's `pg` pool is a lean client too.
 */
export function httpGetter(sockets: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  const get = (url: string, headers: Record<string, string>) =>
    new Promise<void>((resolve, reject) => {
      http
        .get(url, { agent, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const code = res.statusCode ?? 0;
            if (code >= 200 && code < 300) resolve();
            else reject(new Error(`${code} ${Buffer.concat(chunks).toString('utf8')}`));
          });
          res.on('error', reject);
        })
        .on('error', reject);
    });
  return { get, close: () => agent.destroy() };
}

/** Logs a demo user in on a running server; returns the bearer token. */
export async function login(base: string, user = 'client@demo.local', password = 'demo-password') {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: user, password }),
  });
  if (!res.ok) throw new Error(`login ${user}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** `uptime`'s load averages (1, 5, 15 min): the machine is shared, so every section reports them. */
export function loadAverage(): string {
  return nodeOs
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');
}

/**
 * Samples the resident set of a process every `everyMs` (VmRSS) and reads its high-water mark
 * (VmHWM, the peak since the process started) from /proc/<pid>/status.
 */
export function sampleRss(pid: number, everyMs = 50) {
  const read = () => {
    const text = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kbOf = (key: string) =>
      Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0) * 1024;
    return { rss: kbOf('VmRSS'), hwm: kbOf('VmHWM') };
  };
  const start = read();
  let peak = start.rss;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, read().rss);
    } catch {}
  }, everyMs);
  return {
    start,
    stop() {
      clearInterval(timer);
      const end = read();
      return { startRss: start.rss, peakRss: Math.max(peak, end.rss), endRss: end.rss, hwm: end.hwm };
    },
  };
}

export const mb = (bytes: number) => `${(bytes / 1048576).toFixed(0)} MB`;

/** CPU time (user + system) a process has used so far, in ms; null when it is gone. */
export function procCpuMs(pid: number): { user: number; system: number } | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // fields after the command (which may hold spaces): state is field 3, utime 14, stime 15
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      user: (Number(fields[11]) * 1000) / CLOCK_TICKS,
      system: (Number(fields[12]) * 1000) / CLOCK_TICKS,
    };
  } catch {
    return null;
  }
}
const CLOCK_TICKS = 100;
