import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ClassifierRelease } from '@zakupki/shared';
import type { z } from 'zod';
import { ParseError } from '../../lib/parse-error.js';
import { CLASSIFIERS_DATA_DIR } from '../../paths.js';
import type { AppDeps } from '../../types.js';
import { CLASSIFIERS, type Classifier, PARSERS } from './classifiers.parser.js';
import { toRelease } from './classifiers.presenter.js';
import {
  childrenOf,
  findRelease,
  listReleaseRows,
  lockClassifierLoads,
  replaceEntries,
  saveRelease,
  searchByPrefix,
  searchByWords,
  syncOkpd2Catalogue,
} from './classifiers.repository.js';

/**
 * The releases shipped with the product (data/, provenance in docs/operations.md). `release` is
 * the date of the official text: a start loads a shipped release only over an older one.
 */
export const SHIPPED: Record<Classifier, { file: string; release: string; source: string }> = {
  okpd2: {
    file: 'okpd2.tsv.gz',
    release: '2025-12-05',
    source: 'Росстат, ОК 034-2014 (КПЕС 2008), по github.com/prog815/okpd2@a13714d9',
  },
  okved2: {
    file: 'okved2.csv.gz',
    release: '2025-11-01',
    source: 'Росстат, открытые данные 7708234640-okvedva, изменение 83/2025',
  },
  okei: {
    file: 'okei.csv.gz',
    release: '2020-10-08',
    source: 'ОК 015-94 (МК 002-97), по github.com/solienko/okei@84906e44',
  },
};

export const shippedData = (c: Classifier) => readFileSync(path.join(CLASSIFIERS_DATA_DIR, SHIPPED[c].file));

export type LoadResult = { classifier: Classifier; loaded: boolean; rows: number; reason?: string };

/**
 * Loads one release of a classifier: parsed and checked first, then every entry replaced in one
 * transaction (several nodes starting together take turns). The same file again is a no-op; a
 * release older than the one loaded is refused unless `force`. Needs only the database (the CLI
 * has no other dependencies).
 */
export async function loadClassifier(
  deps: Pick<AppDeps, 'db'>,
  classifier: Classifier,
  data: Buffer,
  meta: { release: string; source: string; force?: boolean },
): Promise<LoadResult> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(meta.release))
    throw new ParseError(`Дата редакции «${meta.release}»: ожидается ГГГГ-ММ-ДД`);
  const sha256 = createHash('sha256').update(data).digest('hex');
  return deps.db.transaction(async (tx) => {
    await lockClassifierLoads(tx);
    const current = await findRelease(tx, classifier);
    if (current?.sha256 === sha256) return { classifier, loaded: false, rows: current.rows, reason: 'same' };
    if (current && current.release > meta.release && !meta.force)
      return { classifier, loaded: false, rows: current.rows, reason: `newer ${current.release}` };
    const rows = PARSERS[classifier](data);
    if (rows.length === 0) throw new ParseError('В файле нет ни одного кода');
    await replaceEntries(tx, classifier, rows);
    const values = {
      release: meta.release,
      sha256,
      source: meta.source,
      rows: rows.length,
      loadedAt: new Date(),
    };
    await saveRelease(tx, classifier, values);
    if (classifier === 'okpd2') await syncOkpd2Catalogue(tx, rows);
    return { classifier, loaded: true, rows: rows.length };
  });
}

/** At start: the shipped releases, each skipped when it (or a newer one) is already loaded. */
export async function loadShippedClassifiers(deps: Pick<AppDeps, 'db'>): Promise<LoadResult[]> {
  const out: LoadResult[] = [];
  for (const c of CLASSIFIERS) {
    const { release, source } = SHIPPED[c];
    const current = await findRelease(deps.db, c);
    // the cheap check first: a restart reads no file at all
    if (current && current.release >= release) {
      out.push({ classifier: c, loaded: false, rows: 0, reason: 'loaded' });
      continue;
    }
    out.push(await loadClassifier(deps, c, shippedData(c), { release, source }));
  }
  return out;
}

/** Words of a query: letters and digits only (they go into a tsquery). */
const wordsOf = (q: string) =>
  q
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
const CODE_PREFIX = /^([A-U]|\d[\d.]*)$/;

export async function searchClassifier(
  deps: AppDeps,
  classifier: Classifier,
  q: { q?: string; parent?: string; limit: number },
) {
  const { db } = deps;
  const text = q.q?.trim() ?? '';
  if (!text) return childrenOf(db, classifier, q.parent ?? null, q.limit);
  if (CODE_PREFIX.test(text)) return searchByPrefix(db, classifier, text, q.limit);
  const words = wordsOf(text);
  return words.length ? searchByWords(db, classifier, words, q.limit) : [];
}

export async function listReleases(deps: AppDeps): Promise<{ items: z.output<typeof ClassifierRelease>[] }> {
  return { items: (await listReleaseRows(deps.db)).map(toRelease) };
}
