import { describe, expect, it } from 'vitest';
import { queryRoots } from '../lib/query-keys';

/**
 * Rules of docs/web.md that are checked by reading the sources, as the server's layers.test.ts
 * does: no query key typed by hand, forms validate with the shared input schemas and reload
 * through useRecordForm, components stay within 200 lines.
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

  it('every form validates with a shared input schema (schemaValidate), none with hand-written rules', () => {
    const forms = sources.filter(
      (s) =>
        s.path !== 'src/components/form/use-record-form.ts' &&
        ((/\buseForm\b/.test(code(s.text)) && /from '@mantine\/form'/.test(s.text)) ||
          /\buseRecordForm\b/.test(code(s.text))),
    );
    expect(forms.length).toBeGreaterThan(15);
    const handWritten = forms.filter((s) => !/\bschemaValidate\(/.test(code(s.text))).map((s) => s.path);
    expect(handWritten).toEqual([]);
    // a rule object beside the schema (`validate: { field: … }`) is hand-written again
    const ruleObjects = forms.filter((s) => /\bvalidate:\s*\{/.test(code(s.text))).map((s) => s.path);
    expect(ruleObjects).toEqual([]);
  });

  it('no form resets itself from an effect: useRecordForm does (no exhaustive-deps ignores)', () => {
    const ignores = sources
      .filter((s) => s.text.includes('lint/correctness/useExhaustiveDependencies'))
      .map((s) => s.path);
    expect(ignores).toEqual([]);
  });

  it('every component stays within 200 lines (split by responsibility in its feature folder)', () => {
    const long = sources
      .filter((s) => s.path.endsWith('.tsx'))
      .map((s) => ({ path: s.path, lines: s.text.split('\n').length }))
      .filter((s) => s.lines > 200)
      .map((s) => `${s.path}: ${s.lines}`);
    expect(long).toEqual([]);
  });
});
