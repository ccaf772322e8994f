import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { tsvector } from './columns.js';
import { companies, customers } from './companies.js';

/** Lifecycle order of statuses (проект, заключен, исполнен, расторгнут, отменен) for sorting. */
export const contractStatusRank = (status: SQL | AnyPgColumn) =>
  sql`(case ${status} when 'draft' then 1 when 'concluded' then 2 when 'executed' then 3 when 'terminated' then 4 else 5 end)`;

/**
 * How far the texts of a contract exceed what `contracts_register_words_idx` holds (a btree entry
 * holds at most 2 704 bytes: the words of 1 000 characters of subject and a name of 300 fit, the
 * words of 4 000 may not); ≤ 0 for almost every contract. One expression, indexed, so that
 * PostgreSQL keeps statistics of it and knows how rare the long texts are.
 */
export const textsOverflow = (subject: SQL | AnyPgColumn, supplierName: SQL | AnyPgColumn) =>
  sql`greatest(length(${subject}) - 1000, length(${supplierName}) - 300)`;

/**
 * The contract register (реестр договоров). One row per contract; every edit or imported EIS
 * version leaves a snapshot in `contract_versions`. Money is numeric(18,2), quantities and unit
 * prices unconstrained numeric (EIS and УПД files carry up to 11 fraction digits).
 *
 * `eis_registry_number` is the registry number of the contract card: 223-FZ `contractRegNumber`
 * (23 digits, the same for every version), 44-FZ `regNum` (19 digits).
 */
export const contracts = pgTable(
  'contracts',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    law: text('law', { enum: ['223', '44'] })
      .notNull()
      .default('223'),
    eisRegistryNumber: text('eis_registry_number'),
    eisGuid: text('eis_guid'),
    /** EIS version of the contract information (1 for a manual entry). */
    version: integer('version').notNull().default(1),
    /** Our edit counter: revision of the latest `contract_versions` row. */
    revision: integer('revision').notNull().default(1),
    number: text('number').notNull(),
    contractDate: date('contract_date', { mode: 'string' }).notNull(),
    subject: text('subject').notNull(),
    customerId: integer('customer_id').references(() => customers.id),
    customerName: text('customer_name').notNull(),
    customerInn: text('customer_inn').notNull(),
    customerKpp: text('customer_kpp'),
    supplierInn: text('supplier_inn').notNull(),
    supplierKpp: text('supplier_kpp'),
    supplierName: text('supplier_name').notNull(),
    supplierIsSme: boolean('supplier_is_sme').notNull().default(false),
    price: numeric('price', { precision: 18, scale: 2 }).notNull(),
    currencyCode: text('currency_code').notNull().default('RUB'),
    /** Catalogue 8 (источник финансирования) entry id. */
    fundingSourceId: integer('funding_source_id'),
    /** Catalogue 9 (основание заключения договора) entry id. */
    contractBasisId: integer('contract_basis_id'),
    /**
     * Number of a position of the company's EIS plans (`eis_plan_positions.number`), chosen from
     * them; an older number that names no imported position is kept until another is chosen.
     */
    planPositionNumber: text('plan_position_number'),
    /** Procurement methods catalogue (kind `method`) entry id; null: none chosen, or a text of before. */
    procurementMethodId: integer('procurement_method_id'),
    /**
     * Code and title of the method: copied from the chosen entry, or as an EIS import or an older
     * version of the register wrote them (shown «не из справочника» while the id is null).
     */
    procurementMethodCode: text('procurement_method_code'),
    procurementMethodName: text('procurement_method_name'),
    /** Catalogue 1 (методы определения НМЦД) entry id. */
    priceMethodId: integer('price_method_id'),
    noticeNumber: text('notice_number'),
    /**
     * The procurement the contract was concluded from (modules/procurements). No foreign key in
     * the schema: procurements.ts reaches this file through eis-plans and imports, and Drizzle's
     * references would close an import cycle; the service checks the id, and only drafts (which
     * no contract names) can be deleted.
     */
    procurementId: integer('procurement_id'),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    status: text('status', { enum: ['draft', 'concluded', 'executed', 'terminated', 'cancelled'] })
      .notNull()
      .default('draft'),
    /** When the contract information was placed in the EIS register. */
    eisPublishedAt: timestamp('eis_published_at', { withTimezone: true }),
    eisUrl: text('eis_url'),
    /** Sum of accepted deliveries (acceptance events), kept by execution. */
    executedAmount: numeric('executed_amount', { precision: 18, scale: 2 }).notNull().default('0'),
    /** Sum of payments (payment events), kept by execution. */
    paidAmount: numeric('paid_amount', { precision: 18, scale: 2 }).notNull().default('0'),
    source: text('source', { enum: ['manual', 'eis'] })
      .notNull()
      .default('manual'),
    /** The earliest open duty (contract_duties), kept on every write: the register filters on it. */
    nextDutyKind: text('next_duty_kind'),
    nextDutyDue: date('next_duty_due', { mode: 'string' }),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id),
    updatedBy: integer('updated_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Words of the subject (Russian stemming), kept by PostgreSQL for the register's search. */
    search: tsvector('search').generatedAlwaysAs(
      (): SQL => sql`to_tsvector('russian', ${contracts.subject})`,
    ),
  },
  (t) => {
    const live = sql`${t.archivedAt} is null`;
    return [
      // text_pattern_ops serves both equality and the prefix search of the register's `q`
      uniqueIndex('contracts_registry_uq')
        .on(t.companyId, t.eisRegistryNumber.op('text_pattern_ops'))
        .where(sql`${t.eisRegistryNumber} is not null`),
      uniqueIndex('contracts_guid_uq').on(t.companyId, t.eisGuid).where(sql`${t.eisGuid} is not null`),
      // the working register (not archived): filters, sorts and index-only counts
      index('contracts_status_idx').on(t.companyId, t.status, t.contractDate, t.id).where(live),
      index('contracts_date_idx').on(t.companyId, t.contractDate, t.id).where(live),
      index('contracts_supplier_inn_idx').on(t.companyId, t.supplierInn, t.contractDate).where(live),
      index('contracts_price_idx').on(t.companyId, t.price, t.id).where(live),
      index('contracts_end_date_idx').on(t.companyId, t.endDate, t.id).where(live),
      index('contracts_supplier_name_idx').on(t.companyId, t.supplierName, t.id).where(live),
      index('contracts_number_idx').on(t.companyId, t.number, t.id).where(live),
      // the register's word filters (subject, supplier's name) in date order: the filters are
      // evaluated on the index entries (an index-only scan stops after the page's rows), the rows
      // are read by id afterwards. Only rows whose texts fit a btree entry; the few others are
      // walked through contracts_long_texts_idx (contracts-query.service.ts, `wordsInDateOrder`)
      index('contracts_register_words_idx')
        // (Drizzle has no INCLUDE: the filtered columns follow the unique id as key columns)
        .on(t.companyId, t.status, t.contractDate, t.id, t.law, t.price, t.supplierName, t.search)
        .where(sql`${live} and ${textsOverflow(t.subject, t.supplierName)} <= 0`),
      // not partial: PostgreSQL keeps statistics of the expression of a full index only
      index('contracts_long_texts_idx').on(t.companyId, textsOverflow(t.subject, t.supplierName)),
      index('contracts_status_rank_idx').on(t.companyId, contractStatusRank(t.status), t.id).where(live),
      // no index on the volatile columns (paid and accepted sums, nearest duty): an import updates
      // tens of thousands of contracts, and an update that changes no indexed column is a HOT
      // update (no index written); the overdue filter finds contracts through contract_duties
      index('contracts_archived_idx').on(t.companyId, t.archivedAt).where(sql`${t.archivedAt} is not null`),
      // text search: words of the subject, words of the supplier's name, the start of the number
      index('contracts_search_idx').using('gin', t.search),
      index('contracts_number_search_idx').on(t.companyId, sql`lower(${t.number}) text_pattern_ops`),
      index('contracts_customer_idx').on(t.customerId),
      index('contracts_procurement_idx').on(t.procurementId).where(sql`${t.procurementId} is not null`),
      // the plan positions' links: contracts naming a position by its number (modules/eis-plans)
      index('contracts_plan_position_idx')
        .on(t.companyId, t.planPositionNumber)
        .where(sql`${t.planPositionNumber} is not null`),
      // the analytics dashboard's sums over a period (docs/analytics.md, «Speed»): every column its
      // aggregates and the SME share read, so they are index-only scans of the period's range
      // (not the wide rows); archived ones too, as the SME report counts them
      index('contracts_analytics_idx').on(
        t.companyId,
        t.contractDate,
        t.status,
        t.currencyCode,
        t.archivedAt,
        t.law,
        t.price,
        t.supplierInn,
        t.supplierIsSme,
        t.customerId,
        t.procurementId,
        t.procurementMethodId,
        t.procurementMethodCode,
        t.contractBasisId,
        t.id,
      ),
    ];
  },
);

/** Full JSON snapshot of a contract after each edit or imported EIS version. */
export const contractVersions = pgTable(
  'contract_versions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').notNull(),
    revision: integer('revision').notNull(),
    /** EIS version the snapshot carries. */
    eisVersion: integer('eis_version'),
    action: text('action').notNull(),
    source: text('source', { enum: ['manual', 'eis', 'upd', 'bank'] })
      .notNull()
      .default('manual'),
    snapshot: jsonb('snapshot').notNull(),
    changedBy: integer('changed_by').references(() => users.id),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('contract_versions_uq').on(t.contractId, t.revision)],
);

/** Specification (спецификация). `accepted_*` are kept by the УПД execution. */
export const contractItems = pgTable(
  'contract_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    name: text('name').notNull(),
    okpd2Code: text('okpd2_code'),
    okeiCode: text('okei_code'),
    unitName: text('unit_name'),
    quantity: numeric('quantity').notNull(),
    /** Unit price including VAT. */
    price: numeric('price').notNull(),
    vatRate: text('vat_rate').notNull(),
    /** VAT inside `amount`. */
    vatAmount: numeric('vat_amount', { precision: 18, scale: 2 }).notNull().default('0'),
    /** Line total including VAT. */
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    acceptedQuantity: numeric('accepted_quantity').notNull().default('0'),
    acceptedAmount: numeric('accepted_amount', { precision: 18, scale: 2 }).notNull().default('0'),
  },
  (t) => [
    uniqueIndex('contract_items_line_uq').on(t.contractId, t.lineNo),
    // the НМЦД justification's comparable prices: by ОКПД2 prefix and ОКЕИ unit (docs/nmck.md)
    index('contract_items_okpd2_idx').on(t.okpd2Code.op('text_pattern_ops'), t.okeiCode, t.contractId),
    // the analytics dashboard's ОКПД2 classes: a contract's lines' codes and amounts, index-only
    index('contract_items_class_idx').on(t.contractId, t.okpd2Code, t.amount),
  ],
);

/** Stages (этапы) of execution. `paid_amount` is kept by the payment import. */
export const contractStages = pgTable(
  'contract_stages',
  {
    id: serial('id').primaryKey(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    stageNo: integer('stage_no').notNull(),
    name: text('name').notNull(),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    amount: numeric('amount', { precision: 18, scale: 2 }),
    paidAmount: numeric('paid_amount', { precision: 18, scale: 2 }).notNull().default('0'),
  },
  (t) => [uniqueIndex('contract_stages_no_uq').on(t.contractId, t.stageNo)],
);

/** Payment terms: аванс / постоплата, a share in %, a term in working, banking or calendar days. */
export const paymentTerms = pgTable(
  'payment_terms',
  {
    id: serial('id').primaryKey(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    /** The stage the term belongs to (null: the whole contract). */
    stageId: integer('stage_id').references(() => contractStages.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['advance', 'postpayment'] }).notNull(),
    sharePercent: numeric('share_percent', { precision: 5, scale: 2 }).notNull(),
    termDays: integer('term_days').notNull(),
    dayKind: text('day_kind', { enum: ['working', 'banking', 'calendar'] }).notNull(),
    description: text('description'),
  },
  (t) => [index('payment_terms_contract_idx').on(t.contractId)],
);

/**
 * What happened to a contract after conclusion: changes, acceptances, payments, execution,
 * termination. Each one must reach the EIS within its term (contract_duties); `eis_published_at`
 * records when it did. Imports set `dedupe_key` (a payment's bank number/date/amount, an УПД's
 * number/date/seller) so the same document never counts twice.
 */
export const contractEvents = pgTable(
  'contract_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').notNull(),
    kind: text('kind', { enum: ['change', 'acceptance', 'payment', 'execution', 'termination'] }).notNull(),
    eventDate: date('event_date', { mode: 'string' }).notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }),
    stageId: integer('stage_id').references(() => contractStages.id, { onDelete: 'set null' }),
    documentName: text('document_name'),
    documentNumber: text('document_number'),
    documentDate: date('document_date', { mode: 'string' }),
    description: text('description'),
    eisPublishedAt: timestamp('eis_published_at', { withTimezone: true }),
    source: text('source', { enum: ['manual', 'eis', 'upd', 'bank'] })
      .notNull()
      .default('manual'),
    /** The import job that wrote the event (imports table of the import module). */
    importId: bigint('import_id', { mode: 'number' }),
    dedupeKey: text('dedupe_key'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('contract_events_contract_idx').on(t.contractId, t.eventDate),
    uniqueIndex('contract_events_dedupe_uq')
      .on(t.companyId, t.dedupeKey)
      .where(sql`${t.dedupeKey} is not null`),
  ],
);

/** Accepted quantities of an acceptance event (УПД line -> specification item). */
export const contractEventItems = pgTable(
  'contract_event_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => contractEvents.id, { onDelete: 'cascade' }),
    contractItemId: bigint('contract_item_id', { mode: 'number' })
      .notNull()
      .references(() => contractItems.id),
    /** Line of the source document (УПД НомСтр) and its name as written there. */
    sourceLineNo: integer('source_line_no'),
    sourceName: text('source_name'),
    quantity: numeric('quantity').notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    /** Mapping confidence 0..1 proposed by the matcher; null when set by hand. */
    confidence: numeric('confidence', { precision: 4, scale: 3 }),
  },
  (t) => [
    index('contract_event_items_event_idx').on(t.eventId),
    index('contract_event_items_item_idx').on(t.contractItemId),
  ],
);

/**
 * Legal deadlines of a contract (docs/domain.md §1), recomputed on every write from the contract and
 * its events: placing the contract in the register, each change, acceptance, payment, execution
 * and termination. `done_on` is the date the duty was met (EIS publication); a duty met after
 * `due_date` is a violation.
 */
export const contractDuties = pgTable(
  'contract_duties',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').notNull(),
    kind: text('kind', {
      enum: ['register', 'change', 'acceptance', 'payment', 'execution', 'termination'],
    }).notNull(),
    eventId: bigint('event_id', { mode: 'number' }).references(() => contractEvents.id, {
      onDelete: 'cascade',
    }),
    /** Russian title of the duty as the deadline list shows it, and the statute it follows. */
    title: text('title').notNull(),
    reference: text('reference'),
    baseDate: date('base_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    doneOn: date('done_on', { mode: 'string' }),
  },
  (t) => [
    index('contract_duties_contract_idx').on(t.contractId),
    index('contract_duties_open_idx').on(t.companyId, t.dueDate).where(sql`${t.doneOn} is null`),
    // the compliance calendar's window: duties due in it, and duties done in it (BitmapOr with the open
    // ones); with done_on, the dashboard's counts per month are an index-only scan
    index('contract_duties_due_idx').on(t.companyId, t.dueDate, t.doneOn),
    index('contract_duties_done_idx').on(t.companyId, t.doneOn).where(sql`${t.doneOn} is not null`),
  ],
);

/**
 * Version of a company's contract register: bumped once by every transaction that inserts or
 * deletes a contract or changes a column the register filters on (triggers of migration
 * `register_version`, run at commit). The register caches its totals per (company, filter) with
 * the version they were counted at, and reads the version with every page: a total is reused only
 * while no such write has committed since. No foreign key: the row is written at commit, also
 * after the company itself was deleted in the same transaction.
 */
export const contractRegisterVersions = pgTable('contract_register_versions', {
  companyId: integer('company_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * Every (ИНН, name) a company's contracts have named their supplier with: the register's filter by
 * a part of the supplier's name reads these few rows (one per supplier and spelling, about 2 000
 * for a register of 200 000 contracts) for the suppliers' ИНН and then walks the contracts of
 * those ИНН by `contracts_supplier_inn_idx`, instead of intersecting a word index with the
 * filters on every page. Kept by triggers of migration `contract_suppliers` on every insert and on
 * every change of a contract's supplier; a pair no contract names any more stays (it only adds an
 * ИНН whose contracts the name filter then refuses).
 */
export const contractSuppliers = pgTable(
  'contract_suppliers',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    supplierInn: text('supplier_inn').notNull(),
    supplierName: text('supplier_name').notNull(),
    /** the name in lower case: a `like` on it costs a third of an `ilike` on the name */
    nameLower: text('name_lower')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`lower(${contractSuppliers.supplierName})`),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.supplierInn, t.supplierName] })],
);
