#!/usr/bin/env node
// npm start: builds what is missing (the web app; the server, or a server older than its
// sources), then runs the compiled server (migrates, seeds demo data on an empty embedded
// database, serves the web app and API on http://HOST:PORT).
// `node scripts/start.mjs admin-create …` runs the compiled admin CLI the same way.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureServerBuild, SERVER_DIST, serverNodeArgs } from './server-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
const [entry = 'main', ...args] = process.argv.slice(2);
if (entry === 'main') {
  // WEB_DIST_DIR: the server serves a web build from elsewhere, nothing to build here
  const dist = path.join(process.env.WEB_DIST_DIR ?? path.join(root, 'apps/web/dist'), 'index.html');
  if (!fs.existsSync(dist) || (process.env.REBUILD === '1' && !process.env.WEB_DIST_DIR)) {
    console.log('Building the web app (first start)…');
    const r = spawnSync('npm', ['run', 'build', '-w', '@zakupki/web'], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
}
await ensureServerBuild();
// Node flags of the server (server-node-flags.json, also used by the benchmark and the browser
// journeys): a young generation of 64 MB instead of V8's 16 MB — imports allocate many
// short-lived objects, which the default promotes and leaves to full GCs (docs/operations.md,
// "Memory"); source maps, so that stack traces name the TypeScript sources.
const child = spawn(process.execPath, [...serverNodeArgs(), path.join(SERVER_DIST, `${entry}.js`), ...args], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
if (entry === 'main') {
  console.log(
    `Starting the server (pid ${child.pid}; this script: pid ${process.pid}). The first start migrates and seeds the demo data (about half a minute); "ready" says when it answers.`,
  );
}

// A stop signal goes to the server, and this script waits for it to exit (its graceful shutdown
// finishes running requests and closes the database), then exits with it; a server still running
// after STOP_WAIT_MS is killed. npm starts this script through `sh -c`: `exec` in package.json
// makes npm's signal reach this script, and a parent that dies without passing a signal on (a
// shell that did not exec) stops the server the same way instead of leaving it on its port.
const STOP_WAIT_MS = 30_000;
let stopping = false;
function stop(sig) {
  if (stopping || child.exitCode !== null || child.signalCode !== null) return;
  stopping = true;
  child.kill(sig);
  setTimeout(() => {
    console.error(`The server (pid ${child.pid}) did not stop within ${STOP_WAIT_MS / 1000} s: killing it.`);
    child.kill('SIGKILL');
  }, STOP_WAIT_MS).unref();
}
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => stop(sig));
const parent = process.ppid;
const orphaned = setInterval(() => {
  if (process.ppid !== parent) stop('SIGTERM');
}, 1000);
orphaned.unref();
child.on('exit', (code, signal) => {
  clearInterval(orphaned);
  process.exit(code ?? (signal ? 1 : 0));
});
