import type { ClassifierRelease } from '@zakupki/shared';
import type { z } from 'zod';
import type { ReleaseRow } from './classifiers.repository.js';

/** A loaded release as GET /api/classifiers lists it. */
export const toRelease = (r: ReleaseRow): z.output<typeof ClassifierRelease> => ({
  classifier: r.classifier as 'okpd2',
  release: r.release,
  source: r.source,
  rows: r.rows,
  loaded_at: r.loadedAt.toISOString(),
});
