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
  const dist = path.join(root, 'apps/web/dist/index.html');
  if (!fs.existsSync(dist) || process.env.REBUILD === '1') {
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
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
