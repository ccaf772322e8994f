import { type SQL, sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { tsvector } from './columns.js';

/**
 * The official classifiers as published (ОКПД2, ОКЕИ, ОКВЭД2): reference data shipped with the
 * product (modules/classifiers/data) and replaced whole by a newer release (CLI or admin upload).
 * Searched by code prefix (`code text_pattern_ops`) and by words (Russian stems, GIN).
 */
export const classifierEntries = pgTable(
  'classifier_entries',
  {
    classifier: text('classifier', { enum: ['okpd2', 'okei', 'okved2'] }).notNull(),
    code: text('code').notNull(),
    title: text('title').notNull(),
    /** The nearest ancestor code (a section letter at the top); null for a section and for ОКЕИ. */
    parentCode: text('parent_code'),
    /** ОКЕИ: symbol, letter code and group. */
    extra: jsonb('extra').$type<Record<string, string>>().notNull().default({}),
    search: tsvector('search').generatedAlwaysAs(
      (): SQL => sql`to_tsvector('russian', ${classifierEntries.code} || ' ' || ${classifierEntries.title})`,
    ),
  },
  (t) => [
    primaryKey({ columns: [t.classifier, t.code] }),
    index('classifier_entries_code_prefix_idx').using('btree', t.classifier, sql`${t.code} text_pattern_ops`),
    index('classifier_entries_search_idx').using('gin', t.search),
  ],
);

/** The release of each classifier now loaded: a start skips a release already loaded. */
export const classifierReleases = pgTable('classifier_releases', {
  classifier: text('classifier').primaryKey(),
  /** date of the official release (YYYY-MM-DD): an older one never replaces a newer one */
  release: text('release').notNull(),
  sha256: text('sha256').notNull(),
  source: text('source').notNull(),
  rows: integer('rows').notNull(),
  loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull().defaultNow(),
});
