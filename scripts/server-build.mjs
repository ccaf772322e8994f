// The compiled server: what `npm start`, the browser journeys and the benchmarks run.
// apps/server/src is bundled by esbuild into apps/server/dist (main.js, admin-create.js, source
// maps) with the workspace package @zakupki/shared inside and every npm package left to
// node_modules; the files the server reads at run time from beside its code (the EIS XSDs) are
// copied next to it. The migrations (apps/server/drizzle) and the web build are found from the
// server's folder (apps/server/src/paths.ts), the same from src/ and from dist/.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
export const SERVER_DIR = path.join(root, 'apps/server');
export const SERVER_DIST = path.join(SERVER_DIR, 'dist');
export const SERVER_MAIN = path.join(SERVER_DIST, 'main.js');
/** Sources the bundle is made of: a change in any of them makes it stale. */
const SOURCES = [path.join(SERVER_DIR, 'src'), path.join(root, 'packages/shared/src')];

/** Node flags of the server (server-node-flags.json) and source maps for stack traces. */
export function serverNodeArgs() {
  const flags = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'server-node-flags.json'), 'utf8'));
  return [...flags, '--enable-source-maps'];
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const t = fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs;
    if (t > newest) newest = t;
  }
  return newest;
}

/** True when dist/main.js is missing or older than a source file. */
export function serverBuildStale() {
  if (!fs.existsSync(SERVER_MAIN)) return true;
  const built = fs.statSync(SERVER_MAIN).mtimeMs;
  return SOURCES.some((dir) => newestMtime(dir) > built);
}

/** Bundles the server into apps/server/dist. */
export async function buildServer() {
  // esbuild is a devDependency: a production install builds before it drops them
  const esbuild = await import('esbuild');
  // built beside and moved in whole: a server started meanwhile never finds half a build
  const out = `${SERVER_DIST}.tmp-${process.pid}`;
  fs.rmSync(out, { recursive: true, force: true });
  await esbuild.build({
    absWorkingDir: SERVER_DIR,
    entryPoints: {
      main: 'src/main.ts',
      'admin-create': 'src/cli/admin-create.ts',
      'load-classifier': 'src/cli/load-classifier.ts',
      'load-rnp': 'src/cli/load-rnp.ts',
      // the worker files of the threads (kernel/parse-pool.ts and procurement-rules'
      // templates/template-pool.ts look for them by name beside the bundle): the parse pool's own
      // worker, each module's parser table, the DOCX template worker
      'parse-worker': 'src/kernel/parse-worker.ts',
      'imports.parsers': 'src/modules/imports/imports.parsers.ts',
      'catalogs.parsers': 'src/modules/catalogs/catalogs.parsers.ts',
      'rnp.parsers': 'src/modules/rnp/rnp.parsers.ts',
      'template-worker': 'src/modules/procurement-rules/templates/template-worker.ts',
    },
    outdir: out,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [
      {
        // npm packages stay in node_modules (native and WASM parts, their own files); the
        // workspace's TypeScript package is compiled in
        name: 'external-packages',
        setup(build) {
          // (a package's JSON data is copied in too: Node 20 would want the import attribute that
          // esbuild drops for external modules)
          build.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@zakupki/') || args.path.endsWith('.json')
              ? undefined
              : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  fs.cpSync(path.join(SERVER_DIR, 'src/modules/exports/xsd'), path.join(out, 'xsd'), { recursive: true });
  fs.rmSync(SERVER_DIST, { recursive: true, force: true });
  fs.renameSync(out, SERVER_DIST);
}

/** Builds the server when it is missing or stale; returns whether it built. */
export async function ensureServerBuild(log = console.log) {
  if (!serverBuildStale() && process.env.REBUILD !== '1') return false;
  log('Building the server…');
  await buildServer();
  return true;
}

// node scripts/server-build.mjs: build now
if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  await buildServer();
}
