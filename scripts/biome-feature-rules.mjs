#!/usr/bin/env node
// Rewrites the per-feature `noRestrictedImports` overrides of biome.json from the folders under
// apps/web/src/features/ (one override per feature forbidding every other feature; Biome matches
// import specifiers, not resolved files). Run it after adding a feature folder; the web test
// src/test/import-rules.test.ts fails until it has been run.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const file = path.join(root, 'biome.json');
const featuresDir = path.join(root, 'apps/web/src/features');
const features = readdirSync(featuresDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();
const message =
  'A feature never imports another feature: move what both need to src/lib/ or src/components/ (docs/web.md, «Import rules»).';
const prefix = 'apps/web/src/features/';
const config = JSON.parse(readFileSync(file, 'utf8'));
const others = config.overrides.filter((o) => !(o.includes.length === 1 && o.includes[0].startsWith(prefix)));
const perFeature = features.map((f) => ({
  includes: [`${prefix}${f}/**`],
  linter: {
    rules: {
      style: {
        noRestrictedImports: {
          level: 'error',
          options: {
            patterns: [
              {
                group: ['**/features/**', ...features.filter((x) => x !== f).map((x) => `**/${x}/**`)],
                message,
              },
            ],
          },
        },
      },
    },
  },
}));
config.overrides = [...perFeature, ...others];
writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
// written as Biome itself formats it, so `npm run lint` stays clean after the script
execFileSync(path.join(root, 'node_modules/.bin/biome'), ['format', '--write', file], { stdio: 'ignore' });
console.log(`biome.json: import rules for ${features.length} features (${features.join(', ')})`);
