#!/usr/bin/env node
// npm test: every test. Unit and server tests (vitest projects shared, server, web), then the
// browser journeys (e2e, Debian's /usr/bin/chromium). JSON reports go to reports/ for CI's count.
// Server tests use TEST_DATABASE_URL when set (real PostgreSQL), PGlite otherwise.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, 'reports');
fs.mkdirSync(reports, { recursive: true });
const only = process.argv[2]; // optional: 'unit' or 'e2e'

function vitest(args, report) {
  const r = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/vitest/vitest.mjs'),
      'run',
      ...args,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
    { cwd: root, stdio: 'inherit', env: process.env },
  );
  return r.status ?? 1;
}

let failed = 0;
if (only !== 'e2e') failed += vitest([], path.join(reports, 'unit.json')) ? 1 : 0;
if (only !== 'unit') {
  if (!fs.existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) {
    console.error(
      '\nBrowser journeys need Chromium at /usr/bin/chromium: apt-get install -y chromium (or set CHROMIUM_PATH).',
    );
    failed += 1;
  } else {
    failed += vitest(['--config', 'e2e/vitest.config.ts'], path.join(reports, 'e2e.json')) ? 1 : 0;
  }
}
process.exit(failed ? 1 : 0);
