import { customType } from 'drizzle-orm/pg-core';

/** A `tsvector` column (Drizzle has no type of its own): the generated search columns of the registers. */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
