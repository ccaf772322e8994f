import { z } from 'zod';
import { defineRoute } from '../contract.js';
import { PageQuery, pageOf } from './common.js';

/** EIS procurement plans (223-FZ purchasePlan, ПП 932): plans, versions, positions, changes. */

export const EIS_PLAN_TYPES = ['COMMODITY', 'INNOVATION'] as const;
export const EIS_PLAN_TYPE_TITLES: Record<string, string> = {
  COMMODITY: 'План закупки товаров, работ, услуг',
  INNOVATION: 'План закупки инновационной продукции',
};
/** Plan statuses of the EIS (purchasePlanStatusType). */
export const EIS_PLAN_STATUSES = ['P', 'M', 'A'] as const;
export const EIS_PLAN_STATUS_TITLES: Record<string, string> = {
  P: 'Проект',
  M: 'Проект изменений',
  A: 'Утверждён',
};
/** Position statuses of the EIS (purchasePlanItemStatusType). */
export const EIS_POSITION_STATUSES = ['N', 'P', 'C', 'A'] as const;
export const EIS_POSITION_STATUS_TITLES: Record<string, string> = {
  N: 'Новая',
  P: 'Размещена',
  C: 'Изменена',
  A: 'Аннулирована',
};
export const EIS_CANCELLATION_REASON_TITLES: Record<string, string> = {
  REJECT: 'Отказ от закупки',
  INVALID: 'Позиция сформирована ошибочно',
  NOT_PERFORMED: 'Закупка не состоялась',
};

const id = z.number().int();
const money = z.string().describe('decimal string, two fraction digits');
const int = z.coerce.number().int();

/** A rule broken by a plan or a position (item 5 of the plans issue), listed on import and on the plan. */
export const EisPlanViolation = z.object({
  code: z.enum([
    'plan_next_year_late',
    'plan_publish_late',
    'procurement_before_change',
    'annulled_with_procurement',
    'procurement_over_price',
    'contract_over_price',
  ]),
  message: z.string(),
  position_number: z.string().nullable(),
  version: z.number().int().nullable(),
  due_date: z.string().nullable(),
  done_date: z.string().nullable(),
});
export type EisPlanViolation = z.infer<typeof EisPlanViolation>;

/** A plan duty, shown like the contract duties (due date, status, days left). */
export const EisPlanDuty = z.object({
  duty: z.enum(['plan_next_year', 'plan_publish']),
  title: z.string(),
  version: z.number().int().nullable(),
  base_date: z.string(),
  due_date: z.string(),
  done_on: z.string().nullable(),
  status: z.enum(['done', 'done_late', 'due', 'due_soon', 'overdue']),
  reference: z.string(),
  unconfirmed: z.boolean(),
});
export type EisPlanDuty = z.infer<typeof EisPlanDuty>;

export const EisPlanImportItem = z.object({
  plan_id: id,
  registration_number: z.string(),
  version: z.number().int(),
  positions: z.number().int(),
  /** the version was already stored: nothing written */
  unchanged: z.boolean(),
  added: z.number().int(),
  changed: z.number().int(),
  annulled: z.number().int(),
});

export const EisPlanImportResult = z.object({
  plans: z.array(EisPlanImportItem),
  /** the plan of the last file (one file: its plan) */
  plan_id: id.nullable(),
  registration_number: z.string().nullable(),
  version: z.number().int().nullable(),
  positions: z.number().int(),
  violations: z.array(EisPlanViolation),
  warnings: z.array(z.string()),
});
export type EisPlanImportResult = z.infer<typeof EisPlanImportResult>;

const versionFields = {
  version: z.number().int(),
  status: z.string().nullable(),
  status_title: z.string().nullable(),
  approve_date: z.string().nullable(),
  published_at: z.string().nullable(),
  positions: z.number().int(),
  total_price: money,
};

export const EisPlanVersionSummary = z.object({
  ...versionFields,
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  modification_description: z.string().nullable(),
  annual_volume: money.nullable(),
  volume_sme: money.nullable(),
  percent_sme: z.string().nullable(),
  exclude_volume: money.nullable(),
  flags: z.record(z.string(), z.boolean()),
  url: z.string().nullable(),
  file_name: z.string(),
  import_id: id.nullable(),
  imported_at: z.string(),
});
export type EisPlanVersionSummary = z.infer<typeof EisPlanVersionSummary>;

export const EisPlanListItem = z.object({
  id,
  company_id: id,
  registration_number: z.string(),
  plan_type: z.string(),
  year: z.number().int(),
  customer_inn: z.string().nullable(),
  customer_name: z.string().nullable(),
  versions: z.number().int(),
  current: z.object(versionFields),
});
export type EisPlanListItem = z.infer<typeof EisPlanListItem>;

export const EisPlanTotals = z.object({
  positions: z.number().int(),
  total_price: money,
  /** НМЦД of SME-only positions and their share of the total, percent with two digits */
  sme_price: money,
  sme_share: z.string(),
  by_method: z.array(
    z.object({
      code: z.string().nullable(),
      name: z.string().nullable(),
      count: z.number().int(),
      sum: money,
    }),
  ),
  by_month: z.array(
    z.object({
      year: z.number().int().nullable(),
      month: z.number().int().nullable(),
      count: z.number().int(),
      sum: money,
    }),
  ),
});
export type EisPlanTotals = z.infer<typeof EisPlanTotals>;

export const EisPlan = EisPlanListItem.extend({
  initial_plan_guid: z.string().nullable(),
  history: z.array(EisPlanVersionSummary),
  totals: EisPlanTotals,
  duties: z.array(EisPlanDuty),
  violations: z.array(EisPlanViolation),
});
export type EisPlan = z.infer<typeof EisPlan>;

export const EisPlanRow = z.object({
  ordinal_number: z.number().int().nullable(),
  okpd2_code: z.string().nullable(),
  okpd2_name: z.string().nullable(),
  okved2_code: z.string().nullable(),
  okved2_name: z.string().nullable(),
  okei_code: z.string().nullable(),
  okei_name: z.string().nullable(),
  qty: z.string().nullable(),
  qty_undefined: z.boolean().nullable(),
  okato: z.string().nullable(),
  region: z.string().nullable(),
  additional_info: z.string().nullable(),
});

const LongTerm = z
  .object({
    volume: money.nullable(),
    volume_rub: money.nullable(),
    currency: z.string().nullable(),
    details: z.array(z.object({ year: z.number().int(), sum: money.nullable(), sum_rub: money.nullable() })),
  })
  .nullable();

/** What a procurement or a contract linked to a position spends against its НМЦД. */
export const EisPlanLink = z.object({
  kind: z.enum(['procurement', 'contract']),
  id,
  number: z.string(),
  date: z.string().nullable(),
  subject: z.string(),
  amount: money,
  status: z.string(),
});
export type EisPlanLink = z.infer<typeof EisPlanLink>;

export const EisPlanPosition = z.object({
  id,
  number: z.string(),
  guid: z.string(),
  ordinal_number: z.number().int(),
  status: z.string().nullable(),
  status_title: z.string().nullable(),
  cancellation_reason: z.string().nullable(),
  subject: z.string(),
  price: money.nullable(),
  currency: z.string().nullable(),
  method_code: z.string().nullable(),
  method_name: z.string().nullable(),
  year: z.number().int().nullable(),
  quarter: z.number().int().nullable(),
  month: z.number().int().nullable(),
  planned_date: z.string().nullable(),
  contract_end_date: z.string().nullable(),
  electronic: z.boolean().nullable(),
  sme_only: z.boolean(),
  innovation: z.boolean(),
  long_term: z.boolean().nullable(),
  okpd2_codes: z.array(z.string()),
  /** linked procurements (none until the procurement module exists) and contracts, with their sums */
  procurements: z.number().int(),
  procurement_amount: money,
  contracts: z.number().int(),
  contract_amount: money,
});
export type EisPlanPosition = z.infer<typeof EisPlanPosition>;

export const EisPlanPositionHistoryItem = z.object({
  version: z.number().int(),
  status: z.string().nullable(),
  approve_date: z.string().nullable(),
  published_at: z.string().nullable(),
  price: money.nullable(),
  /** fields changed against the previous version that held the position */
  changes: z.array(
    z.object({
      field: z.string(),
      title: z.string(),
      from: z.string().nullable(),
      to: z.string().nullable(),
    }),
  ),
});

export const EisPlanItem = EisPlanPosition.extend({
  plan_id: id,
  registration_number: z.string(),
  plan_type: z.string(),
  plan_year: z.number().int(),
  version: z.number().int(),
  price_rub: money.nullable(),
  long_term_volumes: LongTerm,
  long_term_sme_volumes: LongTerm,
  innovation_equivalent: z.boolean().nullable(),
  planned_after_second_year: z.boolean().nullable(),
  excluded_from_sme: z.boolean().nullable(),
  purchase_category: z.string().nullable(),
  customer_inn: z.string().nullable(),
  customer_kpp: z.string().nullable(),
  customer_name: z.string().nullable(),
  region: z.string().nullable(),
  okato: z.string().nullable(),
  modification_description: z.string().nullable(),
  additional_info: z.string().nullable(),
  change_flags: z.record(z.string(), z.boolean()).nullable(),
  initial_position_guid: z.string().nullable(),
  initial_plan_guid: z.string().nullable(),
  rows: z.array(EisPlanRow),
  history: z.array(EisPlanPositionHistoryItem),
  links: z.array(EisPlanLink),
  violations: z.array(EisPlanViolation),
});
export type EisPlanItem = z.infer<typeof EisPlanItem>;

export const EisPlanFieldChange = z.object({
  field: z.string(),
  title: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type EisPlanFieldChange = z.infer<typeof EisPlanFieldChange>;

const DiffPosition = z.object({
  number: z.string(),
  guid: z.string(),
  subject: z.string(),
  price: money.nullable(),
});
export const EisPlanDiff = z.object({
  from: z.number().int(),
  to: z.number().int(),
  added: z.array(DiffPosition),
  changed: z.array(DiffPosition.extend({ changes: z.array(EisPlanFieldChange) })),
  /** positions annulled in `to` (status A) or left out of it */
  annulled: z.array(
    DiffPosition.extend({ removed: z.boolean(), cancellation_reason: z.string().nullable() }),
  ),
  unchanged: z.number().int(),
});
export type EisPlanDiff = z.infer<typeof EisPlanDiff>;

export const EisPlanListQuery = PageQuery.extend({
  year: int.min(2000).max(2100).optional(),
  type: z.enum(EIS_PLAN_TYPES).optional(),
  status: z.enum(EIS_PLAN_STATUSES).optional(),
});
export type EisPlanListQuery = z.infer<typeof EisPlanListQuery>;

const bool = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')
  .optional();

export const EisPlanPositionQuery = PageQuery.extend({
  status: z.enum(EIS_POSITION_STATUSES).optional(),
  method: z.string().trim().max(20).optional(),
  month: int.min(1).max(12).optional(),
  okpd2: z.string().trim().max(20).optional(),
  q: z.string().trim().max(200).optional(),
  has_procurement: bool,
  has_contract: bool,
});
export type EisPlanPositionQuery = z.input<typeof EisPlanPositionQuery>;

/** A position of the company's plans as a picker lists it (the contract card's «Позиция плана закупки»). */
export const EisPlanPositionOption = z.object({
  /** the position (eis_plan_positions), what a procurement's plan_position_id names */
  id: z.number().int(),
  number: z.string(),
  subject: z.string(),
  price: money.nullable(),
  currency: z.string().nullable(),
  status: z.string().nullable(),
  status_title: z.string().nullable(),
  method_name: z.string().nullable(),
  registration_number: z.string(),
  plan_year: z.number().int(),
});
export type EisPlanPositionOption = z.infer<typeof EisPlanPositionOption>;

export const EisPlanPositionSearchQuery = PageQuery.extend({
  /** Words of the subject or the start of the number; every word must match. */
  q: z.string().trim().max(200).optional(),
});
export type EisPlanPositionSearchQuery = z.input<typeof EisPlanPositionSearchQuery>;

const CompanyParams = z.object({ company_id: z.coerce.number().int().positive() });
const PlanParams = CompanyParams.extend({ plan_id: z.coerce.number().int().positive() });
const VersionParams = PlanParams.extend({ version: z.coerce.number().int().positive() });
const ItemParams = CompanyParams.extend({ number: z.string().trim().min(1).max(100) });
const tags = ['eis-plans'];
const base = '/api/companies/:company_id/eis_plans';

export const eisPlanRoutes = {
  import: defineRoute({
    method: 'POST',
    path: '/api/companies/:company_id/imports/eis-plans',
    summary:
      'Загрузить план закупки из ЕИС (multipart, поле file — один или несколько XML purchasePlan или ZIP); результат — eisPlanResponse',
    tags,
    company: 'company_id',
    permission: 'imports.run',
    params: CompanyParams,
    multipart: true,
    response: { 202: z.object({ import_id: id }) },
  }),
  list: defineRoute({
    method: 'GET',
    path: base,
    summary: 'Plans of the company with the version in force (paged; filters year, type, status)',
    tags,
    company: 'company_id',
    permission: 'contracts.read',
    params: CompanyParams,
    query: EisPlanListQuery,
    response: { 200: pageOf(EisPlanListItem) },
  }),
  get: defineRoute({
    method: 'GET',
    path: `${base}/:plan_id`,
    summary: 'A plan with its versions, totals of the version in force, duties and violations',
    tags,
    company: 'company_id',
    permission: 'contracts.read',
    params: PlanParams,
    response: { 200: EisPlan },
  }),
  positions: defineRoute({
    method: 'GET',
    path: `${base}/:plan_id/versions/:version/positions`,
    summary:
      'Positions of a plan version (paged; filters status, method, month, ОКПД2, text, has procurement)',
    tags,
    company: 'company_id',
    permission: 'contracts.read',
    params: VersionParams,
    query: EisPlanPositionQuery,
    response: {
      200: pageOf(EisPlanPosition).extend({
        /**
         * a search (q, okpd2, has_procurement, has_contract) counts at most max(1 000, (page + 5) ×
         * limit) matching positions: `true` when more match — `total` is then that cap («более N»)
         * and `totals` null
         */
        total_capped: z.boolean(),
        totals: EisPlanTotals.nullable(),
      }),
    },
  }),
  diff: defineRoute({
    method: 'GET',
    path: `${base}/:plan_id/diff`,
    summary: 'Positions added, changed (field by field) and annulled between two versions of a plan',
    tags,
    company: 'company_id',
    permission: 'contracts.read',
    params: PlanParams,
    query: z.object({ from: int.positive(), to: int.positive() }),
    response: { 200: EisPlanDiff },
  }),
  xlsx: defineRoute({
    method: 'GET',
    path: `${base}/:plan_id/versions/:version/export.xlsx`,
    summary: 'A plan version as XLSX: every position with its rows',
    tags,
    company: 'company_id',
    permission: 'contracts.read',
    params: VersionParams,
    response: { 200: z.string().describe('XLSX file') },
  }),
  searchPositions: defineRoute({
    method: 'GET',
    path: '/api/companies/:company_id/eis_plan_positions',
    summary:
      'Positions of all plans of the company as their versions in force state them, for a picker (paged; q: words of the subject or the start of the number); newest plans first',
    tags,
    company: 'company_id',
    permission: 'contracts.read',
    params: CompanyParams,
    query: EisPlanPositionSearchQuery,
    response: { 200: pageOf(EisPlanPositionOption) },
  }),
  item: defineRoute({
    method: 'GET',
    path: '/api/companies/:company_id/eis_plan_items/:number',
    summary:
      'A plan position by its number: rows, history across versions, linked procurements and contracts',
    tags,
    company: 'company_id',
    permission: 'contracts.read',
    params: ItemParams,
    response: { 200: EisPlanItem },
  }),
};
