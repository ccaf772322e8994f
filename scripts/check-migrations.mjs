#!/usr/bin/env node
// Fails when the Drizzle schema and the committed migrations differ (someone changed a schema
// file without `npm run db:generate`). Generates into a temporary copy, never into drizzle/.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const server = path.resolve(import.meta.dirname, '../apps/server');
const tmp = path.join(server, '.drift-tmp');
fs.rmSync(tmp, { recursive: true, force: true });
fs.mkdirSync(tmp);
fs.cpSync(path.join(server, 'drizzle'), path.join(tmp, 'drizzle'), { recursive: true });
const cfg = path.join(server, '.drizzle-check.config.ts');
fs.writeFileSync(
  cfg,
  `import { defineConfig } from 'drizzle-kit';\nexport default defineConfig({ dialect: 'postgresql', schema: './src/db/schema/index.ts', out: './.drift-tmp/drizzle' });\n`,
);
const before = fs.readdirSync(path.join(tmp, 'drizzle')).length;
const r = spawnSync(
  path.resolve(server, '../../node_modules/.bin/drizzle-kit'),
  ['generate', '--config', cfg, '--name', 'drift'],
  {
    cwd: server,
    encoding: 'utf8',
  },
);
fs.rmSync(cfg, { force: true });
const after = fs.readdirSync(path.join(tmp, 'drizzle')).length;
fs.rmSync(tmp, { recursive: true, force: true });
if (r.status !== 0) {
  console.error(r.stdout, r.stderr);
  console.error('Migration check failed: drizzle-kit generate did not run');
  process.exit(1);
}
if (after !== before || !/No schema changes/i.test(r.stdout)) {
  console.error(r.stdout);
  console.error(
    'Migration drift: the schema differs from the committed migrations. Run `npm run db:generate`.',
  );
  process.exit(1);
}
console.log('Migrations match the schema.');
