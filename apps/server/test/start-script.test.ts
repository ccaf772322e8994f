import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureServerBuild } from '../../../scripts/server-build.mjs';
import { createTestDatabase, type TestDb } from './harness.js';
import { freePort, sleep } from './processes.js';

/**
 * `npm start` as an operator runs it (npm → sh → scripts/start.mjs → the compiled server), stopped
 * with SIGTERM to npm: the start script and the server both exit and the port is free again. On
 * PostgreSQL (TEST_DATABASE_URL) the server gets a fresh copy of the migrated template, else an
 * embedded database in a temp DATA_DIR; no demo data, a stand-in web build (no web build here).
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');

/** Alive and not a zombie (a reparented child may wait for a reaper that never comes). */
function alive(pid: number) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return !/^State:\s+Z/m.test(status);
  } catch {
    return false;
  }
}

function portFree(port: number) {
  return new Promise<boolean>((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

async function until(what: () => boolean | Promise<boolean>, ms: number) {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(250)) if (await what()) return true;
  return what();
}

describe('npm start and SIGTERM', () => {
  let db: TestDb | null = null;
  let dir = '';
  let npm: ChildProcess | null = null;
  const pids: number[] = [];

  beforeAll(async () => {
    await ensureServerBuild(() => {});
    if (process.env.TEST_DATABASE_URL) db = await createTestDatabase();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zk-start-'));
    fs.mkdirSync(path.join(dir, 'web'));
    fs.writeFileSync(path.join(dir, 'web/index.html'), '<!doctype html><title>Закупки</title>');
  }, 120_000);

  afterAll(async () => {
    // whatever a failing run left behind is stopped by its id
    for (const pid of pids) if (alive(pid)) process.kill(pid, 'SIGKILL');
    if (npm && npm.exitCode === null) npm.kill('SIGKILL');
    await db?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('stops the start script and the server, and frees the port', async () => {
    const port = await freePort();
    npm = spawn('npm', ['start'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        PORT: String(port),
        HOST: '127.0.0.1',
        SEED_DEMO: 'false',
        JOBS_ENABLED: 'false',
        WEB_DIST_DIR: path.join(dir, 'web'),
        ...(db?.url ? { DATABASE_URL: db.url } : { DATA_DIR: path.join(dir, 'data') }),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const lines: string[] = [];
    let ready = false;
    createInterface({ input: npm.stdout! }).on('line', (line) => {
      lines.push(line);
      const started = /Starting the server \(pid (\d+); this script: pid (\d+)\)/.exec(line);
      if (started) pids.push(Number(started[1]), Number(started[2]));
      if (line.includes('"msg":"ready: open')) ready = true;
    });

    // progress before the server listens, then the ready line once it answers
    expect(await until(() => ready || npm!.exitCode !== null, 180_000), lines.join('\n')).toBe(true);
    expect(ready, lines.join('\n')).toBe(true);
    expect(lines.some((l) => l.includes('applying migrations'))).toBe(true);
    expect(pids).toHaveLength(2);
    expect((await fetch(`http://127.0.0.1:${port}/login`)).status).toBe(200);

    npm.kill('SIGTERM');
    expect(await until(() => !pids.some(alive), 90_000), `still running: ${pids.filter(alive)}`).toBe(true);
    expect(await until(() => portFree(port), 30_000)).toBe(true);
  }, 300_000);
});
