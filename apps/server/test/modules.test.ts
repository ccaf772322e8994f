import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MODULE_DEPENDENCIES } from '../src/modules/dependencies.js';

/**
 * The direction between modules (src/modules/dependencies.ts), checked on the code: every import
 * of a module's source file (types included) reaches only the modules its row allows; the table
 * holds no cycle; the shared code below the modules (lib, kernel, db except the demo seed) imports
 * no module; and no module imports the demo seed.
 */
const SRC = path.resolve(import.meta.dirname, '../src');
const MODULES = path.join(SRC, 'modules');
/**
 * The one known exception: the route declaration resolves a route's tenancy (`company`) through
 * the access module. (plugins/ is the app's wiring, like app.ts, and is not checked here.)
 */
const ROUTE_TENANCY = new Set(['lib/route.ts → modules/access/access.service.js']);
const isTestCode = (f: string) => /\.(test|factories)\.ts$/.test(f);

function filesOf(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? filesOf(p) : p.endsWith('.ts') ? [p] : [];
  });
}

/** The files a file imports (static, dynamic, `export … from`), resolved to absolute paths. */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^import\s+)'(\.[^']+)'/gm)].map((m) => m[1]);
  return specs.map((s) => path.resolve(path.dirname(file), s));
}

/** The module a path belongs to, or null outside src/modules/<name>/. */
function moduleOf(p: string): string | null {
  const rel = path.relative(MODULES, p);
  if (rel.startsWith('..')) return null;
  const parts = rel.split(path.sep);
  return parts.length > 1 ? parts[0] : `(${parts[0]})`;
}

describe('module direction', () => {
  const modules = fs
    .readdirSync(MODULES, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);

  it('the table names every module, and only modules', () => {
    expect(Object.keys(MODULE_DEPENDENCIES).sort()).toEqual([...modules].sort());
    for (const deps of Object.values(MODULE_DEPENDENCIES)) for (const d of deps) expect(modules).toContain(d);
  });

  it('the table holds no cycle', () => {
    const state = new Map<string, 'open' | 'done'>();
    const cycles: string[] = [];
    const visit = (m: string, trail: string[]) => {
      if (state.get(m) === 'done') return;
      if (state.get(m) === 'open') {
        cycles.push([...trail.slice(trail.indexOf(m)), m].join(' → '));
        return;
      }
      state.set(m, 'open');
      for (const d of MODULE_DEPENDENCIES[m] ?? []) visit(d, [...trail, m]);
      state.set(m, 'done');
    };
    for (const m of Object.keys(MODULE_DEPENDENCIES)) visit(m, []);
    expect(cycles).toEqual([]);
  });

  it.each(modules)('%s imports only the modules its row allows', (mod) => {
    const allowed = new Set([mod, ...(MODULE_DEPENDENCIES[mod] ?? [])]);
    const wrong = filesOf(path.join(MODULES, mod))
      .filter((f) => !isTestCode(f))
      .flatMap((f) =>
        importsOf(f)
          .filter((t) => {
            const target = moduleOf(t);
            return target !== null && !allowed.has(target);
          })
          .map((t) => `${path.relative(MODULES, f)} → ${path.relative(MODULES, t)}`),
      );
    expect(wrong).toEqual([]);
  });

  it('the shared code below the modules imports no module', () => {
    const below = ['lib', 'kernel', 'db']
      .flatMap((d) => filesOf(path.join(SRC, d)))
      .filter((f) => !isTestCode(f) && !f.includes(`${path.sep}seed${path.sep}`));
    const wrong = below.flatMap((f) =>
      importsOf(f)
        .filter(
          (t) =>
            moduleOf(t) !== null && !ROUTE_TENANCY.has(`${path.relative(SRC, f)} → ${path.relative(SRC, t)}`),
        )
        .map((t) => `${path.relative(SRC, f)} → ${path.relative(SRC, t)}`),
    );
    expect(wrong).toEqual([]);
  });

  it('no module imports the demo seed', () => {
    const wrong = filesOf(MODULES)
      .filter((f) => !isTestCode(f))
      .filter((f) => importsOf(f).some((t) => t.includes(`${path.sep}seed${path.sep}demo`)));
    expect(wrong).toEqual([]);
  });
});

describe('module rules', () => {
  const sources = filesOf(MODULES);

  it('every policy has a table test that imports it', () => {
    const tests = sources.filter((f) => f.endsWith('.test.ts')).map((f) => fs.readFileSync(f, 'utf8'));
    const untested = sources
      .filter((f) => f.endsWith('.policy.ts'))
      .filter((f) => !tests.some((t) => t.includes(`/${path.basename(f, '.ts')}.js'`)));
    expect(untested.map((f) => path.relative(MODULES, f))).toEqual([]);
  });
});

describe('jobs', () => {
  it('only modules/index.ts registers jobs: a module returns its jobs, never registers them itself', () => {
    const registering = filesOf(SRC)
      .filter((f) => !isTestCode(f) && f !== path.join(MODULES, 'index.ts'))
      .filter((f) => /\bjobs\.register\(/.test(fs.readFileSync(f, 'utf8')));
    expect(registering.map((f) => path.relative(SRC, f))).toEqual([]);
  });
});
