import { describe, expect, it } from 'vitest';
import { queryRoots } from '../lib/query-keys';

/**
 * Rules of docs/web.md that are checked by reading the sources, as the server's layers.test.ts
 * does: no query key typed by hand, and forms validate with the shared input schemas.
 */
const sources = Object.entries(
  import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../test/**'], {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
).map(([path, text]) => ({ path: path.replace(/^\.\.\//, 'src/'), text }));

/** The code without comments (a comment may show a key as an example). */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

// an array literal starting with a root's name (not an indexed type such as `Procurement['contracts']`)
const ROOT_LITERAL = new RegExp(`(^|[^\\w\\]>)])\\[\\s*'(${Object.keys(queryRoots).join('|')})'`);
const KEY_LITERAL = /queryKey:\s*\[\s*['"`]/;

/** literal query keys found in a source text (exported for the rule's own test below) */
export const literalKeys = (text: string) =>
  code(text)
    .split('\n')
    .filter((line) => ROOT_LITERAL.test(line) || KEY_LITERAL.test(line));

/**
 * Forms that still validate with hand-written rules (lib/validators.ts) instead of their shared
 * input schema. The list only shrinks: a form converted to `schemaValidate` must leave it, and a
 * new form must not join it.
 */
const HAND_WRITTEN_FORMS = [
  'src/features/auth/components/login-page.tsx',
  'src/features/auth/components/password-reset-modal.tsx',
  'src/features/auth/components/registration-page.tsx',
  'src/features/catalogs/components/entry-form-modal.tsx',
  'src/features/contracts/components/card/general-form.tsx',
  'src/features/procurements/components/card/procurement-page.tsx',
  'src/features/procurements/components/card/protocol-modal.tsx',
  'src/features/procurements/components/register/create-modal.tsx',
  'src/features/profile/components/crud-tab.tsx',
  'src/features/profile/components/eis-settings-page.tsx',
  'src/features/profile/components/my-profile-page.tsx',
  'src/features/profile/components/requisites-tab.tsx',
  'src/features/users/components/user-edit-modal.tsx',
];

describe('source rules', () => {
  it('sees the sources', () => {
    expect(sources.length).toBeGreaterThan(100);
  });

  it('no query key is typed by hand: keys come from queryRoots and the key factories', () => {
    const found = sources
      .filter((s) => s.path !== 'src/lib/query-keys.ts')
      .flatMap((s) => literalKeys(s.text).map((line) => `${s.path}: ${line.trim()}`));
    expect(found).toEqual([]);
  });

  it('the rule catches a literal key and lets a factory key pass', () => {
    expect(literalKeys("useQuery({ queryKey: ['procurementRules', companyId, 'customers'] })")).toHaveLength(
      1,
    );
    expect(literalKeys("const all = ['contracts'] as const;")).toHaveLength(1);
    expect(literalKeys('useQuery({ queryKey: ruleKeys.list(companyId, q) })')).toEqual([]);
    expect(literalKeys("// e.g. ['contracts', 5]")).toEqual([]);
    expect(literalKeys("type Row = Procurement['contracts'][number];")).toEqual([]);
  });

  it('every form validates with a shared input schema (schemaValidate), but the listed ones', () => {
    const forms = sources.filter(
      (s) => /\buseForm\b/.test(code(s.text)) && /from '@mantine\/form'/.test(s.text),
    );
    const handWritten = forms
      .filter((s) => !/\bschemaValidate\(|\bschemaResolver\(/.test(code(s.text)))
      .map((s) => s.path)
      .sort();
    expect(handWritten).toEqual(HAND_WRITTEN_FORMS);
  });
});
