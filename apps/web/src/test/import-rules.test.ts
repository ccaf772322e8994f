import { describe, expect, it } from 'vitest';
import biomeConfig from '../../../../biome.json?raw';

/**
 * biome.json keeps features apart with one `noRestrictedImports` override per feature folder
 * (Biome's patterns match import specifiers, not resolved files, so each feature lists the others).
 * A new folder under src/features/ without its override, or an override that forgets a feature,
 * fails here.
 */
type Override = {
  includes: string[];
  linter?: { rules?: { style?: { noRestrictedImports?: { options: { patterns: { group: string[] }[] } } } } };
};

const config = JSON.parse(biomeConfig) as {
  linter: { rules: { suspicious: Record<string, unknown> } };
  overrides: Override[];
};
const features = [
  ...new Set(Object.keys(import.meta.glob('../features/*/**/*.{ts,tsx}')).map((p) => p.split('/')[2])),
].sort();

const forbiddenIn = (folder: string) =>
  config.overrides
    .filter((o) => o.includes.includes(`apps/web/src/${folder}/**`))
    .flatMap((o) => o.linter?.rules?.style?.noRestrictedImports?.options.patterns ?? [])
    .flatMap((p) => p.group);

describe('import rules in biome.json', () => {
  it('finds the feature folders', () => expect(features).toContain('contracts'));

  it.each(features)('features/%s may import no other feature', (feature) => {
    const forbidden = forbiddenIn(`features/${feature}`);
    expect(forbidden).toContain('**/features/**');
    for (const other of features.filter((f) => f !== feature)) expect(forbidden).toContain(`**/${other}/**`);
  });

  it.each(['lib', 'components', 'test'])('%s/ imports no feature', (folder) => {
    expect(forbiddenIn(folder)).toContain('**/features/**');
  });

  it('forbids import cycles', () => expect(config.linter.rules.suspicious.noImportCycles).toBe('error'));
});
