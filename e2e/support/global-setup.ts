import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEisSimulator } from '../../apps/server/src/dev/eis-simulator/eis-simulator.js';
import { ensureServerBuild, SERVER_MAIN, serverNodeArgs } from '../../scripts/server-build.mjs';
import { startSmtpSink } from './smtp-sink.js';

const root = path.resolve(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

/** The only token the EIS simulator accepts (the journeys get it as inject("eisToken")). */
const EIS_SIM_TOKEN = 'e2e-sim-token';

/** How long the server may take to answer /api/health (it was 60 s: too short with many runs on 2 cores). */
const START_TIMEOUT_MS = 240_000;

/** The day before today in Moscow (YYYY-MM-DD): the day a nightly run reads first. */
const moscowYesterday = () => new Date(Date.now() + 3 * 3_600_000 - 86_400_000).toISOString().slice(0, 10);

/** Asset paths (`assets/…`) that index.html loads. */
const entryAssets = (html: string) =>
  [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]);

/**
 * Copies the built web app into the run's own directory, so a rebuild of apps/web/dist during
 * the run (another terminal, another helper) cannot pull the assets from under the browser.
 * Retries while a build is half-written (index.html missing or naming assets not yet there).
 */
async function snapshotWeb(dist: string, target: string) {
  for (let attempt = 0; attempt < 120; attempt++) {
    try {
      const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
      if (entryAssets(html).every((a) => fs.existsSync(path.join(dist, a)))) {
        fs.rmSync(target, { recursive: true, force: true });
        fs.cpSync(dist, target, { recursive: true });
        const again = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
        if (again === html && entryAssets(html).every((a) => fs.existsSync(path.join(target, a)))) return;
      }
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`no complete web build in ${dist}`);
}

/**
 * Builds the web app and the server if needed and starts the compiled server (as `npm start`
 * does: same Node flags, dist/main.js) on a fresh
 * embedded database with the demo data. The journeys drive it in Debian's Chromium.
 * The server serves a copy of the build taken at start (snapshotWeb). Its letters go over SMTP
 * to an in-process sink the journeys read (inject('mailUrl')). Its EIS endpoint is the local EIS
 * simulator on a free loopback port (apps/server/src/dev/eis-simulator, the real samples of
 * apps/server/test/fixtures/eis223, token inject('eisToken')): nothing leaves the machine.
 */
export default async function setup(project: TestProject) {
  if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    const r = spawnSync('npm', ['run', 'build', '-w', '@zakupki/web'], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) throw new Error('web build failed');
  }
  await ensureServerBuild();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zk-e2e-'));
  const webDir = path.join(dataDir, 'web');
  await snapshotWeb(path.join(root, 'apps/web/dist'), webDir);
  const port = await freePort();
  const mail = await startSmtpSink();
  const eis = await startEisSimulator({
    dir: path.join(root, 'apps/server/test/fixtures/eis223'),
    token: EIS_SIM_TOKEN,
    publishDay: moscowYesterday(),
  });
  const child: ChildProcess = spawn(process.execPath, [...serverNodeArgs(), SERVER_MAIN], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      SMTP_URL: mail.smtpUrl,
      WEB_DIST_DIR: webDir,
      // the EIS connector talks to the simulator, at full speed, with no grace for «не найдено»
      EIS_ENDPOINT: eis.endpoint,
      EIS_MIN_INTERVAL_MS: '0',
      EIS_BLOCK_PAUSE_MS: '0',
      EIS_NOT_FOUND_GRACE_DAYS: '0',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    await mail.close();
    await eis.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  // the embedded database, its migrations and the demo seed: minutes on a loaded machine
  let up = false;
  const until = Date.now() + START_TIMEOUT_MS;
  while (!up && Date.now() < until) {
    try {
      up = (await fetch(`${base}/api/health`)).ok;
    } catch {}
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`server exited with ${child.exitCode}`);
    }
    if (!up) await new Promise((r) => setTimeout(r, 250));
  }
  if (!up) {
    // no server left behind (it would go on running, and sending letters, after the run)
    await stop();
    throw new Error(`server did not start in ${START_TIMEOUT_MS / 1000} s`);
  }
  project.provide('baseUrl', base);
  project.provide('mailUrl', mail.mailUrl);
  project.provide('eisToken', eis.token);
  return stop;
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** loopback HTTP view of the letters the server sent: GET /messages?to=<address> */
    mailUrl: string;
    /** the token the EIS simulator accepts (the server's EIS_ENDPOINT is the simulator) */
    eisToken: string;
  }
}
