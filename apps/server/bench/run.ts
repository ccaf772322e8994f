import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib.js';
import { webSizeBench } from './web-size.bench.js';

/**
 * npm run bench [section…]: runs the benchmarks and writes reports/bench.md.
 * Sections: web. Speed goals live here, never in timed tests.
 */
const sections: Record<string, () => Promise<string>> = {
  web: webSizeBench,
};

async function main() {
  const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const names = wanted.length ? wanted : Object.keys(sections);
  const parts = [`# Benchmarks\n\n${new Date().toISOString()} · node ${process.version} · ${os()}\n`];
  for (const name of names) {
    const run = sections[name];
    if (!run) throw new Error(`unknown section ${name}; known: ${Object.keys(sections).join(', ')}`);
    console.log(`bench: ${name}…`);
    const md = await run();
    console.log(md);
    parts.push(md);
  }
  const out = path.join(ROOT, 'reports/bench.md');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, parts.join('\n'));
  console.log(`report: ${out}`);
}

function os() {
  const cpus = (process as unknown as { availableParallelism?: () => number }).availableParallelism?.() ?? 0;
  return `${cpus} cores`;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
