import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The contract sits below both apps (docs/architecture.md): its sources import only zod and each
 * other, never the server, the web app or any other package.
 */
const SRC = import.meta.dirname;

function filesOf(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? filesOf(p) : /\.ts$/.test(e.name) && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}

/** What a source may import: zod, or a file of this package. */
function allowed(file: string, spec: string): boolean {
  if (spec === 'zod') return true;
  if (!spec.startsWith('.')) return false;
  return !path.relative(SRC, path.resolve(path.dirname(file), spec)).startsWith('..');
}

describe('the shared contract', () => {
  it('imports no app code and no package but zod', () => {
    const files = filesOf(SRC);
    expect(files.length).toBeGreaterThan(10);
    const wrong = files.flatMap((f) =>
      [
        ...fs
          .readFileSync(f, 'utf8')
          .matchAll(/(?:(?<!['".])\bfrom\s+|\bimport\s*\(\s*|^import\s+)'([^']+)'/gm),
      ]
        .map((m) => m[1])
        .filter((spec) => !allowed(f, spec))
        .map((spec) => `${path.relative(SRC, f)} → ${spec}`),
    );
    expect(wrong).toEqual([]);
  });

  it('the rule refuses a path out of the package and another package', () => {
    const f = path.join(SRC, 'api/contracts.ts');
    expect(allowed(f, '../../../apps/server/src/types.js')).toBe(false);
    expect(allowed(f, '@zakupki/server')).toBe(false);
    expect(allowed(f, './common.js')).toBe(true);
  });
});
