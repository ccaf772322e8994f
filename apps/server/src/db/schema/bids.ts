import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { companies } from './companies.js';
import { contracts } from './contracts.js';
import { files } from './imports.js';
import { procurementItems, procurementLots, procurementProtocols, procurements } from './procurements.js';

/**
 * A participant's bid (заявка) on a lot of a procurement (docs/bids.md): the participant as it
 * declared itself, when the bid was received, the price offered (per item in `bid_item_prices`
 * when the lot has items), the country of origin, and the commission's admission decision. The
 * same participant (ИНН + КПП) bids once per lot. A bid read from an imported EIS protocol keeps
 * the protocol, its place and the raw winner code (`eis_winner_code`, Types.xsd winnerIndication).
 */
export const bids = pgTable(
  'bids',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    procurementId: integer('procurement_id')
      .notNull()
      .references(() => procurements.id, { onDelete: 'cascade' }),
    lotId: integer('lot_id')
      .notNull()
      .references(() => procurementLots.id, { onDelete: 'cascade' }),
    participantInn: text('participant_inn').notNull(),
    participantKpp: text('participant_kpp'),
    participantName: text('participant_name').notNull(),
    participantAddress: text('participant_address'),
    /** SME status as the participant declared it */
    participantIsSme: boolean('participant_is_sme').notNull().default(false),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    /** the price offered (the sum of the item prices when the lot has items) */
    price: numeric('price', { precision: 18, scale: 2 }).notNull(),
    /** ОКСМ numeric code of the goods' country of origin ('643' = Россия); null: not stated */
    countryCode: text('country_code'),
    countryName: text('country_name'),
    source: text('source', { enum: ['manual', 'xlsx', 'eis'] })
      .notNull()
      .default('manual'),
    /** the imported EIS protocol the bid was read from, its place and raw winnerIndication */
    eisProtocolId: integer('eis_protocol_id').references(() => procurementProtocols.id, {
      onDelete: 'set null',
    }),
    eisApplicationNumber: text('eis_application_number'),
    eisPlace: integer('eis_place'),
    eisWinnerCode: text('eis_winner_code'),
    admission: text('admission', { enum: ['pending', 'admitted', 'rejected'] })
      .notNull()
      .default('pending'),
    rejectionReason: text('rejection_reason'),
    admissionComment: text('admission_comment'),
    admissionDecidedAt: timestamp('admission_decided_at', { withTimezone: true }),
    admissionDecidedBy: integer('admission_decided_by').references(() => users.id),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bids_participant_uq').on(t.lotId, t.participantInn, sql`coalesce(${t.participantKpp}, '')`),
    index('bids_procurement_idx').on(t.procurementId, t.lotId, t.receivedAt),
    index('bids_company_idx').on(t.companyId),
  ],
);

/** The price a bid offers for an item of its lot. */
export const bidItemPrices = pgTable(
  'bid_item_prices',
  {
    id: serial('id').primaryKey(),
    bidId: integer('bid_id')
      .notNull()
      .references(() => bids.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => procurementItems.id, { onDelete: 'cascade' }),
    unitPrice: numeric('unit_price', { precision: 18, scale: 2 }).notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
  },
  (t) => [uniqueIndex('bid_item_prices_uq').on(t.bidId, t.itemId)],
);

/** A bid's files (its application documents), owned through the bids module's file owner. */
export const bidFiles = pgTable(
  'bid_files',
  {
    id: serial('id').primaryKey(),
    bidId: integer('bid_id')
      .notNull()
      .references(() => bids.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('bid_files_uq').on(t.bidId, t.fileId), index('bid_files_file_idx').on(t.fileId)],
);

/** The points one commission member gave a bid on one non-price criterion. */
export const bidScores = pgTable(
  'bid_scores',
  {
    id: serial('id').primaryKey(),
    bidId: integer('bid_id')
      .notNull()
      .references(() => bids.id, { onDelete: 'cascade' }),
    criterionCode: text('criterion_code').notNull(),
    memberName: text('member_name').notNull(),
    points: numeric('points', { precision: 7, scale: 2 }).notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('bid_scores_uq').on(t.bidId, t.criterionCode, t.memberName)],
);

export type CommissionMember = { name: string; role: 'chair' | 'deputy' | 'member' | 'secretary' };

/** The procurement commission of a procurement: who decides and scores (one row per procurement). */
export const bidCommissions = pgTable('bid_commissions', {
  procurementId: integer('procurement_id')
    .primaryKey()
    .references(() => procurements.id, { onDelete: 'cascade' }),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  members: jsonb('members').$type<CommissionMember[]>().notNull().default([]),
  updatedBy: integer('updated_by').references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A protocol generated from the bids (opening, review, evaluation, final): the DOCX built from
 * the version's documents rule (or the built-in template) with the values it was built from. Signing
 * records it among the procurement's protocols (`procurement_protocol_id`), which starts the 3-day
 * placement duty. The contracts drawn from a final protocol are kept per lot in `bid_contracts`.
 */
export const bidProtocols = pgTable(
  'bid_protocols',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    procurementId: integer('procurement_id')
      .notNull()
      .references(() => procurements.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['opening', 'review', 'evaluation', 'final'] }).notNull(),
    version: integer('version').notNull(),
    docxFileId: integer('docx_file_id').references(() => files.id),
    documentsRuleId: integer('documents_rule_id'),
    values: jsonb('values').$type<Record<string, unknown>>().notNull(),
    signedOn: date('signed_on', { mode: 'string' }),
    procurementProtocolId: integer('procurement_protocol_id').references(() => procurementProtocols.id, {
      onDelete: 'set null',
    }),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bid_protocols_version_uq').on(t.procurementId, t.kind, t.version),
    index('bid_protocols_docx_idx').on(t.docxFileId),
  ],
);

/**
 * The contract drawn from a lot's winner («Сформировать договор», docs/bids.md): one per lot (the
 * primary key refuses a second), with the signed final protocol it was drawn from and the winning
 * bid. The contract's card links back through the contract's own `procurement_id`.
 */
export const bidContracts = pgTable(
  'bid_contracts',
  {
    lotId: integer('lot_id')
      .primaryKey()
      .references(() => procurementLots.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    procurementId: integer('procurement_id')
      .notNull()
      .references(() => procurements.id, { onDelete: 'cascade' }),
    protocolId: integer('protocol_id').references(() => bidProtocols.id, { onDelete: 'set null' }),
    bidId: integer('bid_id').references(() => bids.id, { onDelete: 'set null' }),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bid_contracts_contract_uq').on(t.contractId),
    index('bid_contracts_procurement_idx').on(t.procurementId),
    index('bid_contracts_protocol_idx').on(t.protocolId),
  ],
);
