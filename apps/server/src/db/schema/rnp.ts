import { date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The register of unfair suppliers (РНП, ст. 104 44-ФЗ and ст. 5 223-ФЗ) as reference data:
 * loaded whole from its open-data file (modules/rnp, docs/rnp.md) and replaced whole by the next
 * load. Looked up by ИНН; an entry counts on a date while it is in force (`rnp.policy.ts`).
 */
export const rnpEntries = pgTable(
  'rnp_entries',
  {
    id: serial('id').primaryKey(),
    registryNumber: text('registry_number').notNull(),
    law: text('law', { enum: ['44-fz', '223-fz'] }).notNull(),
    inn: text('inn').notNull(),
    kpp: text('kpp'),
    name: text('name').notNull(),
    /** the date the entry was included (approved) */
    includedOn: date('included_on').notNull(),
    /** the date it was (or will be) excluded; null while no date is known */
    excludedOn: date('excluded_on'),
    customerName: text('customer_name'),
    customerInn: text('customer_inn'),
    purchaseNumber: text('purchase_number'),
    reason: text('reason'),
  },
  (t) => [
    uniqueIndex('rnp_entries_number_uq').on(t.law, t.registryNumber),
    index('rnp_entries_inn_idx').on(t.inn),
  ],
);

/** The register's load now in force (one row): what was loaded, from which file, when. */
export const rnpLoads = pgTable('rnp_loads', {
  register: text('register').primaryKey(),
  source: text('source').notNull(),
  fileName: text('file_name').notNull(),
  format: text('format', { enum: ['xml', 'csv'] }).notNull(),
  sha256: text('sha256').notNull(),
  rows: integer('rows').notNull(),
  loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull().defaultNow(),
  /** the user who uploaded it; null for the CLI */
  loadedBy: integer('loaded_by'),
});
