import { z } from 'zod';
import { defineRoute } from '../contract.js';

/** Official classifiers shipped as reference data: ОКПД2, ОКЕИ, ОКВЭД2. */
export const CLASSIFIER_NAMES = ['okpd2', 'okei', 'okved2'] as const;
export type ClassifierName = (typeof CLASSIFIER_NAMES)[number];

export const ClassifierEntry = z.object({
  code: z.string(),
  title: z.string(),
  parent_code: z.string().nullable(),
  /** ОКЕИ: symbol, letter_code, group */
  extra: z.record(z.string(), z.string()),
});
export type ClassifierEntry = z.infer<typeof ClassifierEntry>;

export const ClassifierRelease = z.object({
  classifier: z.enum(CLASSIFIER_NAMES),
  release: z.string().describe('date of the official release, YYYY-MM-DD'),
  source: z.string(),
  rows: z.number().int(),
  loaded_at: z.string(),
});

export const ClassifierSearchQuery = z
  .object({
    q: z.string().trim().max(200).optional().describe('a code prefix (01.11) or words (трубы стальные)'),
    parent: z.string().trim().max(20).optional().describe('children of this code'),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();

export const classifierRoutes = {
  releases: defineRoute({
    method: 'GET',
    path: '/api/classifiers',
    summary: 'The release of each classifier loaded',
    tags: ['classifiers'],
    response: { 200: z.object({ items: z.array(ClassifierRelease) }) },
  }),
  search: defineRoute({
    method: 'GET',
    path: '/api/classifiers/:classifier',
    summary: 'Search a classifier by code prefix or by words (Russian stems, word beginnings)',
    tags: ['classifiers'],
    params: z.object({ classifier: z.enum(CLASSIFIER_NAMES) }),
    query: ClassifierSearchQuery,
    response: { 200: z.object({ items: z.array(ClassifierEntry) }) },
  }),
};
