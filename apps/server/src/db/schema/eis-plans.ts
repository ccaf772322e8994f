import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies } from './companies.js';
import { importRuns } from './imports.js';

/**
 * EIS procurement plans (223-FZ `purchasePlan`, ПП 932). A plan is one registration number of one
 * company; each imported version of it is kept whole (`eis_plan_versions` and a snapshot of every
 * position in `eis_plan_position_versions`); a position is identified across versions by its guid
 * (`eis_plan_positions`), which also fixes its number (`<registration number>-<ordinal>`).
 */
export const eisPlans = pgTable(
  'eis_plans',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    registrationNumber: text('registration_number').notNull(),
    /** COMMODITY (plan of goods, works, services) or INNOVATION (innovative products, 5–7 years). */
    planType: text('plan_type').notNull(),
    /** The year the plan starts (its `startDate`). */
    year: smallint('year').notNull(),
    /** `initialPlanGuid` of the plan's first version when the EIS gives one. */
    initialPlanGuid: text('initial_plan_guid'),
    customerInn: text('customer_inn'),
    customerKpp: text('customer_kpp'),
    customerName: text('customer_name'),
    /** The newest imported version (the version in force). */
    currentVersion: integer('current_version').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('eis_plans_number_uq').on(t.companyId, t.registrationNumber),
    index('eis_plans_year_idx').on(t.companyId, t.year, t.planType),
  ],
);

export type EisPlanTotalsJson = {
  total: number;
  byMethod: { code: string | null; name: string | null; count: number; sum: string }[];
  byMonth: { year: number | null; month: number | null; count: number; sum: string }[];
  all: { count: number; sum: string; sme: string };
};

/**
 * A version's positions grouped by what the positions page filters on without a search (method,
 * planned year and month, status) and by «SME only»: `[method code, method name (max), year,
 * month, status, sme only, count, sum of НМЦД]`. A page filtered by status, method or month takes
 * its totals from these cells instead of reading its matching rows.
 */
export type EisPlanTotalsCell = [
  string | null,
  string | null,
  number | null,
  number | null,
  string | null,
  boolean,
  number,
  string,
];

/** One version of a plan as placed in the EIS. */
export const eisPlanVersions = pgTable(
  'eis_plan_versions',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => eisPlans.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').notNull(),
    version: integer('version').notNull(),
    /** `purchasePlanData/guid` of this version. */
    guid: text('guid'),
    /** P проект, M проект изменений, A утверждён; null when the file does not say. */
    status: text('status'),
    name: text('name'),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    approveDate: date('approve_date', { mode: 'string' }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdInEisAt: timestamp('created_in_eis_at', { withTimezone: true }),
    modificationDescription: text('modification_description'),
    additionalInfo: text('additional_info'),
    /** Plan flags as the file gives them (isDigitForm, summSizeCh15, smbPartitionChanged, …). */
    flags: jsonb('flags').$type<Record<string, boolean>>().notNull().default({}),
    annualVolume: numeric('annual_volume', { precision: 18, scale: 2 }),
    volumeSme: numeric('volume_sme', { precision: 18, scale: 2 }),
    percentSme: numeric('percent_sme', { precision: 9, scale: 4 }),
    excludeVolume: numeric('exclude_volume', { precision: 18, scale: 2 }),
    url: text('url'),
    schemaVersion: text('schema_version'),
    positions: integer('positions').notNull(),
    /** Sum of the НМЦД of positions that are not annulled. */
    totalPrice: numeric('total_price', { precision: 18, scale: 2 }).notNull(),
    /** Totals of all its positions (by method, by month, SME share), kept at import for the unfiltered positions page. */
    totals: jsonb('totals').$type<EisPlanTotalsJson>(),
    /** The positions' totals cells (`EisPlanTotalsCell`), kept at import for the filtered pages' totals. */
    totalsCube: jsonb('totals_cube').$type<EisPlanTotalsCell[]>(),
    fileName: text('file_name').notNull(),
    fileSha256: text('file_sha256').notNull(),
    importId: bigint('import_id', { mode: 'number' }).references(() => importRuns.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('eis_plan_versions_uq').on(t.planId, t.version)],
);

/** A position of a plan across its versions: the guid is the key, the number is fixed at first sight. */
export const eisPlanPositions = pgTable(
  'eis_plan_positions',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => eisPlans.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').notNull(),
    guid: text('guid').notNull(),
    /** `<plan registration number>-<ordinal>`; `-<year>` added for a position carried over from an earlier plan. */
    number: text('number').notNull(),
    ordinalNumber: integer('ordinal_number').notNull(),
    firstVersion: integer('first_version').notNull(),
  },
  (t) => [
    uniqueIndex('eis_plan_positions_guid_uq').on(t.planId, t.guid),
    uniqueIndex('eis_plan_positions_number_uq').on(t.companyId, t.number),
  ],
);

export type EisPlanRowJson = {
  ordinal_number: number | null;
  okpd2_code: string | null;
  okpd2_name: string | null;
  okved2_code: string | null;
  okved2_name: string | null;
  okei_code: string | null;
  okei_name: string | null;
  qty: string | null;
  qty_undefined: boolean | null;
  okato: string | null;
  region: string | null;
  additional_info: string | null;
};

export type EisLongTermJson = {
  volume: string | null;
  volume_rub: string | null;
  currency: string | null;
  details: { year: number; sum: string | null; sum_rub: string | null }[];
};

/** A position as one version of the plan states it. */
export const eisPlanPositionVersions = pgTable(
  'eis_plan_position_versions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    versionId: integer('version_id')
      .notNull()
      .references(() => eisPlanVersions.id, { onDelete: 'cascade' }),
    positionId: integer('position_id')
      .notNull()
      .references(() => eisPlanPositions.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').notNull(),
    /** Order of the position in the file. */
    sort: integer('sort').notNull(),
    ordinalNumber: integer('ordinal_number').notNull(),
    /** N новая, P размещена, C изменена, A аннулирована. */
    status: text('status'),
    cancellationReason: text('cancellation_reason'),
    subject: text('subject').notNull(),
    price: numeric('price', { precision: 18, scale: 2 }),
    currency: text('currency'),
    priceRub: numeric('price_rub', { precision: 18, scale: 2 }),
    methodCode: text('method_code'),
    methodName: text('method_name'),
    year: smallint('year'),
    quarter: smallint('quarter'),
    month: smallint('month'),
    plannedDate: date('planned_date', { mode: 'string' }),
    contractEndDate: date('contract_end_date', { mode: 'string' }),
    electronic: boolean('electronic'),
    smeOnly: boolean('sme_only').notNull(),
    innovation: boolean('innovation').notNull(),
    longTerm: boolean('long_term'),
    longTermVolumes: jsonb('long_term_volumes').$type<EisLongTermJson>(),
    longTermSmeVolumes: jsonb('long_term_sme_volumes').$type<EisLongTermJson>(),
    innovationEquivalent: boolean('innovation_equivalent'),
    plannedAfterSecondYear: boolean('planned_after_second_year'),
    excludedFromSme: boolean('excluded_from_sme'),
    purchaseCategory: text('purchase_category'),
    customerInn: text('customer_inn'),
    customerKpp: text('customer_kpp'),
    customerName: text('customer_name'),
    region: text('region'),
    okato: text('okato'),
    modificationDescription: text('modification_description'),
    additionalInfo: text('additional_info'),
    /** Change flags of the position (changedGWSAndDates, changedNMSKMoreTenPercent, otherChanges). */
    changeFlags: jsonb('change_flags').$type<Record<string, boolean>>(),
    initialPositionGuid: text('initial_position_guid'),
    initialPlanGuid: text('initial_plan_guid'),
    rows: jsonb('rows').$type<EisPlanRowJson[]>().notNull(),
    /** ` code code ` of the rows' ОКПД2: the positions filter searches it by prefix. */
    okpd2Codes: text('okpd2_codes').notNull(),
  },
  (t) => [
    uniqueIndex('eis_plan_position_versions_uq').on(t.versionId, t.positionId),
    // the positions page (issue 27): a page's ids are read from an index alone and the rows joined
    // after; the filters of month and status have their own, in file order
    index('eis_plan_position_versions_page_idx').on(t.versionId, t.sort, t.id),
    index('eis_plan_position_versions_month_idx').on(t.versionId, t.month, t.sort, t.id),
    index('eis_plan_position_versions_status_idx').on(t.versionId, t.status, t.sort, t.id),
    // a part of the subject (ILIKE) and an ОКПД2 prefix inside ` code code ` (LIKE): trigrams
    index('eis_plan_position_versions_subject_trgm_idx').using('gin', t.subject.op('gin_trgm_ops')),
    index('eis_plan_position_versions_okpd2_trgm_idx').using('gin', t.okpd2Codes.op('gin_trgm_ops')),
    index('eis_plan_position_versions_position_idx').on(t.positionId),
  ],
);

/**
 * The rules of item 5 a position's links break (a procurement announced before the position's
 * last change, an annulled position with a live procurement, procurements or contracts above its
 * НМЦД), stored when they change — at the plan's import and when a procurement or contract linked
 * to the position changes — so the plan's and the position's cards only read them
 * (docs/eis-plans.md, «Violations»). The plan's late duties depend on today and stay computed.
 */
export const eisPlanViolations = pgTable(
  'eis_plan_violations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id').notNull(),
    planId: integer('plan_id')
      .notNull()
      .references(() => eisPlans.id, { onDelete: 'cascade' }),
    positionId: integer('position_id')
      .notNull()
      .references(() => eisPlanPositions.id, { onDelete: 'cascade' }),
    positionNumber: text('position_number').notNull(),
    code: text('code').notNull(),
    message: text('message').notNull(),
    version: integer('version'),
    dueDate: date('due_date', { mode: 'string' }),
    doneDate: date('done_date', { mode: 'string' }),
  },
  (t) => [
    index('eis_plan_violations_plan_idx').on(t.planId, t.positionId, t.id),
    index('eis_plan_violations_position_idx').on(t.positionId, t.id),
  ],
);

/**
 * Positions whose stored violations may be stale: filled by triggers on contracts, procurements
 * and their lots (a contract names its position by number, a procurement or lot by id), emptied by
 * `storeQueuedViolations` in the writing transaction (or, for a write that did not, by the next
 * read of the company's plans).
 */
export const eisPlanViolationQueue = pgTable(
  'eis_plan_violation_queue',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id').notNull(),
    positionId: integer('position_id'),
    positionNumber: text('position_number'),
  },
  (t) => [index('eis_plan_violation_queue_company_idx').on(t.companyId)],
);
