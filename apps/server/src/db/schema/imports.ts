import {
  bigint,
  bigserial,
  boolean,
  customType,
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
import { contractEvents, contractItems, contracts } from './contracts.js';

/** Binary content: Buffer in, Buffer out (pg gives a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (v) => v,
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v.buffer, v.byteOffset, v.byteLength)),
});

/**
 * Stored files: uploads of the imports, generated reports and documents. Kept in the database
 * (bytea) so every node of a cluster reads them and a rolled-back write leaves no orphan on disk.
 * Served by GET /api/files/:id after an access check on `company_id` (or `user_id` when the file
 * belongs to no company).
 */
export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').references(() => companies.id),
    userId: integer('user_id').references(() => users.id),
    purpose: text('purpose', { enum: ['import', 'report', 'document'] }).notNull(),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    content: bytea('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_company_idx').on(t.companyId, t.sha256)],
);

/** One upload processed by an import job (EIS contracts, УПД, bank statement). */
export const importRuns = pgTable(
  'import_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', {
      enum: ['eis-contracts', 'upd', 'payments', 'eis-plans', 'eis-procurements'],
    }).notNull(),
    status: text('status', { enum: ['queued', 'running', 'done', 'warning', 'failed'] })
      .notNull()
      .default('queued'),
    progress: integer('progress').notNull().default(0),
    /** Names of the uploaded files, joined by ', '. */
    uploadFileName: text('upload_file_name').notNull(),
    fileIds: jsonb('file_ids').$type<number[]>().notNull(),
    /** sha256 of the upload (of the concatenated hashes when several files came together). */
    fileSha256: text('file_sha256').notNull(),
    /** Options of the run: date_from / date_to of an EIS import. */
    params: jsonb('params').$type<Record<string, string | null>>().notNull().default({}),
    /** The job that owns the run: chosen when the run is stored, replaced when a dead node's run is taken over. */
    jobId: text('job_id'),
    attempts: integer('attempts').notNull().default(0),
    /** Set every few seconds by the worker running it; a stale one means the worker died. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    error: text('error'),
    result: jsonb('result').$type<Record<string, unknown>>(),
    /** Each file of the run with its outcome (ImportFileOutcome of packages/shared). */
    files: jsonb('files')
      .$type<{ file_name: string; status: 'done' | 'failed'; error: string | null }[]>()
      .notNull()
      .default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('import_runs_company_idx').on(t.companyId, t.createdAt),
    index('import_runs_sha_idx').on(t.companyId, t.kind, t.fileSha256),
  ],
);

/**
 * A seller's УПД or УКД read from a file. The natural key (seller ИНН, kind, function, number,
 * date, correction number) makes the same document in another file a duplicate.
 * Status: no_contract (the contract was not found: pick it by hand), proposed (mapping to the
 * specification proposed), confirmed (counted into execution), superseded (replaced by a later
 * correction). `advance`: an invoice on an advance payment (счёт-фактура на аванс), never counted
 * into execution (no mapping, no confirmation, so no acceptance, duty or OCDS milestone).
 */
export const updDocuments = pgTable(
  'upd_documents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    importId: bigint('import_id', { mode: 'number' }).references(() => importRuns.id),
    fileName: text('file_name').notNull(),
    fileSha256: text('file_sha256').notNull(),
    naturalKey: text('natural_key').notNull(),
    kind: text('kind', { enum: ['upd', 'ukd'] }).notNull(),
    function: text('function').notNull(),
    /** An invoice on an advance payment, not a delivery. */
    advance: boolean('advance').notNull().default(false),
    formatVersion: text('format_version').notNull(),
    /** `Файл@ИдФайл`. */
    fileIdent: text('file_ident').notNull(),
    number: text('number').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    /** '' when the document is not a correction (ИспрСчФ / ИспрДок). */
    correctionNumber: text('correction_number').notNull().default(''),
    correctionDate: date('correction_date', { mode: 'string' }),
    currencyCode: text('currency_code').notNull(),
    sellerInn: text('seller_inn').notNull(),
    sellerKpp: text('seller_kpp'),
    sellerName: text('seller_name').notNull(),
    buyerInn: text('buyer_inn').notNull(),
    buyerKpp: text('buyer_kpp'),
    buyerName: text('buyer_name').notNull(),
    govContractId: text('gov_contract_id'),
    bases: jsonb('bases').$type<{ name: string; number: string | null; date: string | null }[]>().notNull(),
    /** УКД: the invoices it corrects. */
    correctedInvoices: jsonb('corrected_invoices')
      .$type<{ number: string; date: string }[]>()
      .notNull()
      .default([]),
    totalWithoutVat: numeric('total_without_vat', { precision: 18, scale: 2 }),
    totalVat: numeric('total_vat', { precision: 18, scale: 2 }),
    totalWithVat: numeric('total_with_vat', { precision: 18, scale: 2 }),
    contractId: integer('contract_id').references(() => contracts.id),
    /** How the contract was found (or was picked by hand). */
    contractReason: text('contract_reason'),
    /** Why the document could not be bound to a contract. */
    error: text('error'),
    status: text('status', { enum: ['no_contract', 'proposed', 'confirmed', 'superseded'] }).notNull(),
    /** A correction: the earlier issue of the same document it replaces. */
    supersedesId: bigint('supersedes_id', { mode: 'number' }),
    /** The acceptance event the confirmed document wrote. */
    eventId: bigint('event_id', { mode: 'number' }).references(() => contractEvents.id, {
      onDelete: 'set null',
    }),
    warnings: jsonb('warnings').$type<string[]>().notNull().default([]),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    confirmedBy: integer('confirmed_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('upd_documents_key_uq').on(t.companyId, t.naturalKey),
    index('upd_documents_company_idx').on(t.companyId, t.status, t.date),
    index('upd_documents_contract_idx').on(t.contractId),
    index('upd_documents_number_idx').on(t.companyId, t.sellerInn, t.number, t.date),
  ],
);

/**
 * A line (СведТов) of an УПД or УКД. `counted_*` is what the line adds to the contract's
 * execution: the quantity and sum with VAT of an УПД line, the change (после − до) of an УКД line.
 */
export const updLines = pgTable(
  'upd_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    documentId: bigint('document_id', { mode: 'number' })
      .notNull()
      .references(() => updDocuments.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    name: text('name').notNull(),
    okei: text('okei'),
    unitName: text('unit_name'),
    quantity: numeric('quantity'),
    price: numeric('price'),
    sumWithoutVat: numeric('sum_without_vat', { precision: 18, scale: 2 }),
    vatRate: text('vat_rate').notNull(),
    vatSum: numeric('vat_sum', { precision: 18, scale: 2 }),
    sumWithVat: numeric('sum_with_vat', { precision: 18, scale: 2 }),
    quantityBefore: numeric('quantity_before'),
    sumWithVatBefore: numeric('sum_with_vat_before', { precision: 18, scale: 2 }),
    countedQuantity: numeric('counted_quantity').notNull(),
    countedAmount: numeric('counted_amount', { precision: 18, scale: 2 }).notNull(),
    itemCode: text('item_code'),
  },
  (t) => [uniqueIndex('upd_lines_doc_line_uq').on(t.documentId, t.lineNo)],
);

/** The specification item an УПД line is mapped to: proposed by the matcher, then confirmed or corrected. */
export const updLineMappings = pgTable(
  'upd_line_mappings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    updLineId: bigint('upd_line_id', { mode: 'number' })
      .notNull()
      .references(() => updLines.id, { onDelete: 'cascade' }),
    contractItemId: bigint('contract_item_id', { mode: 'number' }).references(() => contractItems.id, {
      onDelete: 'set null',
    }),
    /** 0..1 from the matcher; null when the user chose another item by hand. */
    confidence: numeric('confidence', { precision: 4, scale: 3 }),
    status: text('status', { enum: ['proposed', 'confirmed', 'rejected'] }).notNull(),
    quantity: numeric('quantity').notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    reason: text('reason'),
    updatedBy: integer('updated_by').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('upd_line_mappings_line_uq').on(t.updLineId),
    index('upd_line_mappings_item_idx').on(t.contractItemId),
  ],
);

/**
 * An outgoing payment order of the company read from a bank statement (1CClientBankExchange).
 * Incoming payments are counted by the import, not stored. `natural_key` is paymentNaturalKey.
 */
export const payments = pgTable(
  'payments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    importId: bigint('import_id', { mode: 'number' }).references(() => importRuns.id),
    fileName: text('file_name').notNull(),
    naturalKey: text('natural_key').notNull(),
    direction: text('direction', { enum: ['outgoing', 'incoming'] }).notNull(),
    kind: text('kind'),
    number: text('number').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    dateDebited: date('date_debited', { mode: 'string' }),
    dateCredited: date('date_credited', { mode: 'string' }),
    payerName: text('payer_name'),
    payerInn: text('payer_inn'),
    payerKpp: text('payer_kpp'),
    payerAccount: text('payer_account'),
    payerBik: text('payer_bik'),
    payerBank: text('payer_bank'),
    payeeName: text('payee_name'),
    payeeInn: text('payee_inn'),
    payeeKpp: text('payee_kpp'),
    payeeAccount: text('payee_account'),
    payeeBik: text('payee_bik'),
    payeeBank: text('payee_bank'),
    purpose: text('purpose').notNull(),
    paymentType: text('payment_type'),
    operationType: text('operation_type'),
    priority: text('priority'),
    uin: text('uin'),
    budget: jsonb('budget').$type<Record<string, string | null>>(),
    contractId: integer('contract_id').references(() => contracts.id),
    status: text('status', { enum: ['matched', 'unmatched', 'assigned', 'ignored'] }).notNull(),
    matchConfidence: numeric('match_confidence', { precision: 4, scale: 3 }),
    matchReason: text('match_reason'),
    /** The payment event counted into the contract (shared with an EIS payment of the same order). */
    eventId: bigint('event_id', { mode: 'number' }).references(() => contractEvents.id, {
      onDelete: 'set null',
    }),
    updatedBy: integer('updated_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_key_uq').on(t.companyId, t.naturalKey),
    index('payments_company_idx').on(t.companyId, t.status, t.date),
    index('payments_contract_idx').on(t.contractId),
  ],
);

/** Execution information (сведения об исполнении) built for EIS from payments and acceptances in a period. */
export const performanceRecords = pgTable(
  'performance_records',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    guid: text('guid').notNull(),
    periodFrom: date('period_from', { mode: 'string' }).notNull(),
    periodTo: date('period_to', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['queued', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    /** The record: contract, payments, acceptances and totals of the period. */
    data: jsonb('data').$type<Record<string, unknown>>(),
    error: text('error'),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('performance_records_guid_uq').on(t.guid),
    index('performance_records_contract_idx').on(t.contractId, t.periodFrom),
  ],
);
