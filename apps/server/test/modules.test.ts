import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MODULE_DEPENDENCIES } from '../src/modules/dependencies.js';
import { MODULES as MODULE_LIST } from '../src/modules/index.js';

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

  it('docs/architecture.md copies the table as it is', () => {
    const doc = fs.readFileSync(path.resolve(import.meta.dirname, '../../../docs/architecture.md'), 'utf8');
    const copied: Record<string, string[]> = {};
    for (const [, names, deps] of doc.matchAll(/^\| ((?:`[a-z0-9-]+`(?:, )?)+) \| ([^|]*) \|$/gm)) {
      const row = deps.trim() === '—' ? [] : deps.split(',').map((d) => d.trim());
      for (const [, name] of names.matchAll(/`([a-z0-9-]+)`/g)) copied[name] = row.sort();
    }
    const table = Object.fromEntries(Object.entries(MODULE_DEPENDENCIES).map(([m, d]) => [m, [...d].sort()]));
    expect(copied).toEqual(table);
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

  it('a role is one dot suffix: no file names a role with a hyphen or two roles', () => {
    const roles = 'routes|service|repository|policy|presenter|jobs|schema|sockets|parsers|factories';
    const hyphen = new RegExp(`-(${roles})\\.ts$`);
    const twice = new RegExp(`\\.(${roles})\\.(${roles})\\.ts$`);
    const wrong = sources.map((f) => path.basename(f)).filter((b) => hyphen.test(b) || twice.test(b));
    expect(wrong).toEqual([]);
  });

  it('repositories neither refuse nor audit: no repository imports the errors or the audit module', () => {
    const wrong = sources
      .filter((f) => f.endsWith('.repository.ts'))
      .filter((f) => importsOf(f).some((t) => /lib[\\/]app-error\.js$|modules[\\/]audit[\\/]/.test(t)))
      .map((f) => path.relative(SRC, f));
    expect(wrong).toEqual([]);
  });

  it('every policy has a table test that imports it', () => {
    const tests = sources.filter((f) => f.endsWith('.test.ts')).map((f) => fs.readFileSync(f, 'utf8'));
    const untested = sources
      .filter((f) => f.endsWith('.policy.ts'))
      .filter((f) => !tests.some((t) => t.includes(`/${path.basename(f, '.ts')}.js'`)));
    expect(untested.map((f) => path.relative(MODULES, f))).toEqual([]);
  });
});

describe('jobs', () => {
  it('only modules/index.ts registers jobs: a module declares its jobs, never registers them itself', () => {
    const registering = filesOf(SRC)
      .filter((f) => !isTestCode(f) && f !== path.join(MODULES, 'index.ts'))
      .filter((f) => /\bjobs\.register\(/.test(fs.readFileSync(f, 'utf8')));
    expect(registering.map((f) => path.relative(SRC, f))).toEqual([]);
  });
});

/**
 * A module is a declaration (plugins/module.ts, `defineModule`): its routes, sockets, jobs, file
 * owners, catalogue usage and tariff counters are fields the app reads from the module list
 * (modules/index.ts). Nothing is registered as a side effect of importing a module, and no module
 * keeps a registry others fill by calling it.
 */
describe('module declarations', () => {
  const sources = filesOf(MODULES).filter((f) => !isTestCode(f));
  const text = new Map(sources.map((f) => [f, fs.readFileSync(f, 'utf8')]));
  /** Hooks a module adds itself, with the reason: resources its routes create and close. */
  const OWN_HOOKS = new Set(['system/system.routes.ts']); // the event loop monitor of the health route

  it('every module is declared once, under its folder name, and listed in modules/index.ts', () => {
    const declared = sources.flatMap((f) =>
      [...text.get(f)!.matchAll(/defineModule\(\{\s*name: '([^']+)'/g)].map((m) => ({
        name: m[1],
        folder: moduleOf(f),
      })),
    );
    expect(declared.filter((d) => d.name !== d.folder)).toEqual([]);
    expect(declared.map((d) => d.name).sort()).toEqual(MODULE_LIST.map((m) => m.name).sort());
  });

  it('importing a module file does nothing: no call at the top level', () => {
    const calls = sources.flatMap((f) =>
      text
        .get(f)!
        .split('\n')
        .map((line, i) => ({ line, at: `${path.relative(MODULES, f)}:${i + 1}` }))
        .filter(({ line }) =>
          /^(?:await\s+|void\s+)?[A-Za-z_$][\w$]*(?:\.[\w$]+)*\s*\(|^(?:for|if|while)\s*\(/.test(line),
        )
        .map(({ at, line }) => `${at} ${line.trim()}`),
    );
    expect(calls).toEqual([]);
  });

  it('no module registers a plugin, a hook or a job itself (only modules/index.ts does)', () => {
    const wrong = sources
      .filter((f) => f !== path.join(MODULES, 'index.ts'))
      .filter((f) => !OWN_HOOKS.has(path.relative(MODULES, f)))
      .filter((f) => /\.register\(|\baddHook\(/.test(text.get(f)!));
    expect(wrong.map((f) => path.relative(MODULES, f))).toEqual([]);
  });

  it('no module reads a multipart form itself: uploads are declared (addUploadRoute, lib/upload.ts)', () => {
    const wrong = sources.filter((f) =>
      /@fastify\/multipart|\breq\.(?:parts|file|files|isMultipart)\(/.test(text.get(f)!),
    );
    expect(wrong.map((f) => path.relative(MODULES, f))).toEqual([]);
  });

  it('no module keeps a registry: no exported function puts its argument into module-level state', () => {
    const wrong = sources.flatMap((f) => {
      const src = text.get(f)!;
      const state = [
        ...src.matchAll(/^(?:export )?(?:const|let) (\w+)\b[^=\n]*= (?:new (?:Set|Map)\b|\[)/gm),
      ].map((m) => m[1]);
      if (state.length === 0) return [];
      return [...src.matchAll(/^export (?:async )?function (\w+)\(([^)]*)\)[^{]*\{([\s\S]*?)^\}/gm)].flatMap(
        ([, name, params, body]) => {
          const args = [...params.matchAll(/(\w+)\s*[?:]/g)].map((p) => p[1]);
          // a cache sets values it computed; a registry keeps what it is given, and hands back
          // the function that takes it out again
          const methods = /return \(\) =>/.test(body) ? 'push|add|unshift|set' : 'push|add|unshift';
          const puts = state.some((s) =>
            [...body.matchAll(new RegExp(`\\b${s}\\.(?:${methods})\\(([^)]*)\\)`, 'g'))].some((c) =>
              args.some((a) => new RegExp(`\\b${a}\\b`).test(c[1])),
            ),
          );
          return puts ? [`${path.relative(MODULES, f)}: ${name}`] : [];
        },
      );
    });
    expect(wrong).toEqual([]);
  });
});

describe('errors', () => {
  it('every refusal is built by a factory of lib/app-error.ts (notFound, conflict, invalid, …)', () => {
    const inline = filesOf(SRC)
      .filter((f) => !isTestCode(f))
      .map((f) => path.relative(SRC, f))
      .filter((f) => f !== path.join('lib', 'app-error.ts'))
      .filter((f) => /\bnew AppError\(/.test(fs.readFileSync(path.join(SRC, f), 'utf8')));
    expect(inline).toEqual([]);
  });
});
