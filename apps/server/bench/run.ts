import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { analyticsBench } from './analytics.bench.js';
import { dropBenchDatabases } from './bench-db.js';
import { classifiersBench } from './classifiers.bench.js';
import { eisPlansBench } from './eis-plans.bench.js';
import { hostileUploadsBench } from './hostile-uploads.bench.js';
import { import1cBench } from './import-1c.bench.js';
import { importUpdBench } from './import-upd.bench.js';
import { loadAverage, ROOT } from './lib.js';
import { nmckBench } from './nmck.bench.js';
import { procurementDocumentsBench } from './procurement-documents.bench.js';
import { registerBench } from './register.bench.js';
import { startBench } from './start.bench.js';
import { webSizeBench } from './web-size.bench.js';

/**
 * npm run bench [section…] [--keep]: runs the benchmarks and writes reports/bench.md.
 * Sections: web, start, register, analytics, import-1c, import-upd, eis-plans, procurement-documents, nmck, classifiers, hostile. Speed goals live here, never in timed tests.
 * The database sections create zk_bench_<pid>* on BENCH_DATABASE_URL and drop them unless --keep.
 */
const sections: Record<string, () => Promise<string>> = {
  web: webSizeBench,
  start: startBench,
  register: registerBench,
  analytics: analyticsBench,
  'import-1c': import1cBench,
  'import-upd': importUpdBench,
  'eis-plans': eisPlansBench,
  'procurement-documents': procurementDocumentsBench,
  nmck: nmckBench,
  classifiers: classifiersBench,
  hostile: hostileUploadsBench,
};

async function main() {
  const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const names = wanted.length ? wanted : Object.keys(sections);
  const parts = [`# Benchmarks\n\n${new Date().toISOString()} · node ${process.version} · ${machine()}\n`];
  for (const name of names) {
    if (!sections[name])
      throw new Error(`unknown section ${name}; known: ${Object.keys(sections).join(', ')}`);
  }
  const summary: string[] = [];
  let failed = 0;
  try {
    for (const name of names) {
      console.log(`bench: ${name}…`);
      const before = loadAverage();
      const started = performance.now();
      let md: string;
      try {
        md = await sections[name]();
      } catch (err) {
        // one section's failure is reported and the others still run
        failed++;
        console.error(err);
        md = `## ${name}\n\n**The section failed**: ${String((err as Error)?.message ?? err).replace(/\n/g, ' ')}\n`;
      }
      const after = loadAverage();
      const minutes = (performance.now() - started) / 60_000;
      const { met, notMet } = goalsOf(md);
      summary.push(
        `| ${name} | ${md.includes('**The section failed**') ? 'FAILED' : met + notMet === 0 ? 'no goal' : `${met} met, ${notMet} not met`} | ${before} | ${after} | ${minutes.toFixed(1)} min |`,
      );
      md += `\nLoad average (1 / 5 / 15 min) before the section ${before}, after ${after}.\n`;
      console.log(md);
      parts.push(md);
    }
  } finally {
    const kept = await dropBenchDatabases();
    if (kept.length) console.log(`kept: ${kept.join(' ')}`);
  }
  parts.splice(
    1,
    0,
    [
      '## Goals by section',
      '',
      'Each goal of a section as its tables give it (`met` / `NOT met`), with the load average of the machine (1 / 5 / 15 min) before and after the section.',
      '',
      '| section | goals | load average before | after | time |',
      '|---|---|---|---|---|',
      ...summary,
      '',
    ].join('\n'),
  );
  const out = path.join(ROOT, 'reports/bench.md');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, parts.join('\n'));
  console.log(`report: ${out}`);
  if (failed) process.exitCode = 1;
}

/** The goals a section's report states: every `met` and `NOT met` it writes. */
function goalsOf(md: string): { met: number; notMet: number } {
  const notMet = md.match(/\bNOT met\b/g)?.length ?? 0;
  const all = md.match(/\bmet\b/g)?.length ?? 0;
  return { met: all - notMet, notMet };
}

function machine() {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const ram = Math.round(os.totalmem() / 1024 ** 3);
  return `${os.availableParallelism()} cores (${cpu}) · ${ram} GB RAM · load average at start ${loadAverage()}`;
}

// Ctrl+C: drop the databases, then exit normally so the servers started are killed (lib.ts)
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void dropBenchDatabases()
      .catch(() => {})
      .finally(() => process.exit(130));
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
