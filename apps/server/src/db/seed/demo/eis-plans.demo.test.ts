import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../../test/harness.js';
import { eisPlanPositionVersions } from '../../schema/index.js';

const t = testAppForFile();

/** Codes of a gzipped classifier of the repository's reference data (first column). */
function codes(file: string, sep: RegExp): Set<string> {
  const dir = path.resolve(import.meta.dirname, '../../../modules/classifiers/data');
  const text = gunzipSync(fs.readFileSync(path.join(dir, file))).toString('utf8');
  return new Set(
    text.split('\n').map((l) =>
      l
        .split(sep)[0]
        .replace(/^\uFEFF/, '')
        .trim(),
    ),
  );
}

describe('demo plans', () => {
  it('every position row has a real ОКПД2 code and an ОКЕИ unit of the classifiers, not placeholders', async () => {
    const okpd2 = codes('okpd2.tsv.gz', /\t/);
    const okei = codes('okei.csv.gz', /,/);
    const versions = await t.app.deps.db.select().from(eisPlanPositionVersions);
    const rows = versions.flatMap((v) => v.rows);
    expect(rows.length).toBeGreaterThan(10);
    const bad = rows.filter(
      (r) =>
        !r.okpd2_code ||
        // a code of the classifier, or «.000» under a subcategory of it (the contracts' own data)
        !(okpd2.has(r.okpd2_code) || okpd2.has(r.okpd2_code.replace(/\.000$/, ''))) ||
        !r.okei_code ||
        !okei.has(r.okei_code) ||
        r.okei_name === 'Условная единица',
    );
    expect(bad.map((r) => [r.okpd2_code, r.okei_code, r.okei_name])).toEqual([]);
    // units follow the subjects, not one for all
    expect(new Set(rows.map((r) => r.okei_code)).size).toBeGreaterThan(2);
  });
});
