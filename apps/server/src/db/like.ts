import { ilike, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * LIKE patterns from a user's text: `\`, `%` and `_` in it are escaped so that they match
 * themselves (PostgreSQL's default escape character is the backslash).
 */
const escapeLike = (s: string) => s.replace(/[\\%_]/g, '\\$&');

/** Text containing `s` anywhere. */
export const containsPattern = (s: string) => `%${escapeLike(s)}%`;

/** Text starting with `s`. */
export const prefixPattern = (s: string) => `${escapeLike(s)}%`;

/** Case-insensitive substring match of a column. */
export function containsText(column: AnyPgColumn, value: string): SQL {
  return ilike(column, containsPattern(value));
}
