#!/usr/bin/env node
// npm start: builds the web app if needed, then runs the server (migrates, seeds demo data on an
// empty embedded database, serves the web app and API on http://HOST:PORT).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist/index.html');
if (!fs.existsSync(dist) || process.env.REBUILD === '1') {
  console.log('Building the web app (first start)…');
  const r = spawnSync('npm', ['run', 'build', '-w', '@zakupki/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
// Node flags of the server (server-node-flags.json, also used by the benchmark): a young
// generation of 64 MB instead of V8's 16 MB — imports allocate many short-lived objects, which
// the default promotes and leaves to full GCs (docs/operations.md, "Memory").
const SERVER_NODE_FLAGS = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, 'server-node-flags.json'), 'utf8'),
);
const child = spawn(
  process.execPath,
  [...SERVER_NODE_FLAGS, '--import', 'tsx', path.join(root, 'apps/server/src/main.ts')],
  {
    cwd: root,
    stdio: 'inherit',
    env: { NODE_ENV: 'production', ...process.env },
  },
);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
