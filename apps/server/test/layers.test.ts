import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The layers of docs/architecture.md, checked on the code: routes, services, policies, presenters,
 * sockets and jobs hold no query — every statement is written in a repository (`*.repository.ts`)
 * or a bulk writer of an import (`*.writer.ts` that stores rows). A file of those roles may import
 * types from drizzle-orm and the schema, never the query builders or the tables themselves.
 */
const MODULES = path.resolve(import.meta.dirname, '../src/modules');
const NO_QUERIES = /\.(routes|service|policy|presenter|sockets|jobs)\.ts$/;

function filesOf(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? filesOf(p) : [p];
  });
}

/** Value imports (not `import type`, not `type X` members only) of a module specifier matching `from`. */
function valueImports(text: string, from: RegExp): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/^import\s+(type\s+)?([^;]*?)\s+from\s+'([^']+)';/gms)) {
    if (m[1] || !from.test(m[3])) continue;
    const names = (m[2].match(/\{([^}]*)\}/)?.[1] ?? m[2])
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const values = names.filter((n) => !n.startsWith('type '));
    if (values.length) found.push(`${m[3]}: ${values.join(', ')}`);
  }
  return found;
}

const QUERY_CALL = /\.(select|selectDistinct|insert|execute)\(|\bsql`|\.query\.\w+\.find(First|Many)\(/;

describe('layers', () => {
  const files = filesOf(MODULES).filter((f) => NO_QUERIES.test(f) && !f.endsWith('.test.ts'));

  it('finds the modules’ routes and services', () => {
    expect(files.filter((f) => f.endsWith('.service.ts')).length).toBeGreaterThan(30);
    expect(files.filter((f) => f.endsWith('.routes.ts')).length).toBeGreaterThan(15);
  });

  it.each(files.map((f) => [path.relative(MODULES, f), f]))('%s writes no query', (_name, file) => {
    const text = fs.readFileSync(file, 'utf8');
    const problems = [
      ...valueImports(text, /^drizzle-orm/),
      ...valueImports(text, /db\/schema/),
      ...text
        .split('\n')
        .filter((l) => QUERY_CALL.test(l) && !l.trim().startsWith('//') && !l.trim().startsWith('*')),
    ];
    expect(problems).toEqual([]);
  });
});
