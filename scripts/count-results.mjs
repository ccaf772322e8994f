#!/usr/bin/env node
// Prints CI's closing line `N passed, N failed` from the runners' JSON reports (vitest) plus the
// CI steps recorded in reports/steps.json (lint, typecheck, migrations, build) as one check each.
import fs from 'node:fs';
import path from 'node:path';

const dir = path.resolve(import.meta.dirname, '../reports');
let passed = 0;
let failed = 0;
let skipped = 0;
for (const f of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
  if (!f.endsWith('.json')) continue;
  const data = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'));
  if (f === 'steps.json') {
    for (const s of data) s.ok ? passed++ : failed++;
    continue;
  }
  passed += data.numPassedTests ?? 0;
  failed += (data.numFailedTests ?? 0) + suitesThatFailedToRun(data);
  skipped += (data.numPendingTests ?? 0) + (data.numTodoTests ?? 0);
}

// a suite that failed to load (syntax error, failing hook) has no failed test of its own: count it once
function suitesThatFailedToRun(data) {
  return (data.testResults ?? []).filter(
    (s) => s.status === 'failed' && !(s.assertionResults ?? []).some((a) => a.status === 'failed'),
  ).length;
}

console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed ? 1 : 0);
