import { z } from 'zod';
import { defineRoute } from '../contract.js';
import { CompanyParam, optionalText, PageQuery, pageOf } from './common.js';
import {
  CONTRACT_DUTIES,
  CONTRACT_EVENT_KINDS,
  CONTRACT_LAWS,
  CONTRACT_SORTS,
  CONTRACT_STATUSES,
  ContractCreateInput,
  ContractUpdateInput,
  DAY_KINDS,
  DEADLINE_STATUSES,
  isRealInstant,
  PAYMENT_KINDS,
  realDate,
  VAT_RATES,
} from './contracts-model.js';

// ---------------------------------------------------------------- output

/** The nearest open duty of a contract (docs/domain.md §1), computed on the production calendar. */
export const DeadlineSummary = z.object({
  duty: z.enum(CONTRACT_DUTIES),
  title: z.string(),
  event_id: z.number().int().nullable(),
  base_date: z.string(),
  due_date: z.string(),
  status: z.enum(DEADLINE_STATUSES),
  /** Calendar days from today to the due date; negative when overdue. */
  days_left: z.number().int(),
  /** Working days from today to the due date while it has not passed; null once overdue. */
  working_days_left: z.number().int().nullable(),
});
export type DeadlineSummary = z.infer<typeof DeadlineSummary>;

export const DUTY_STATES = [...DEADLINE_STATUSES, 'done', 'done_late'] as const;
export const ContractDutyOut = DeadlineSummary.omit({ status: true }).extend({
  status: z.enum(DUTY_STATES),
  done_on: z.string().nullable(),
});

export const ContractListItem = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  law: z.enum(CONTRACT_LAWS),
  eis_registry_number: z.string().nullable(),
  version: z.number().int(),
  number: z.string(),
  contract_date: z.string(),
  subject: z.string(),
  customer_name: z.string(),
  customer_inn: z.string(),
  supplier_inn: z.string(),
  supplier_kpp: z.string().nullable(),
  supplier_name: z.string(),
  supplier_is_sme: z.boolean(),
  price: z.string(),
  currency_code: z.string(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  status: z.enum(CONTRACT_STATUSES),
  executed_amount: z.string(),
  paid_amount: z.string(),
  source: z.enum(['manual', 'eis']),
  eis_published_at: z.string().nullable(),
  archived: z.boolean(),
  deadline: DeadlineSummary.nullable(),
});
export type ContractListItem = z.infer<typeof ContractListItem>;

export const ContractItem = z.object({
  id: z.number().int(),
  line_no: z.number().int(),
  name: z.string(),
  okpd2_code: z.string().nullable(),
  okei_code: z.string().nullable(),
  unit_name: z.string().nullable(),
  quantity: z.string(),
  price: z.string(),
  vat_rate: z.enum(VAT_RATES),
  vat_amount: z.string(),
  amount: z.string(),
  accepted_quantity: z.string(),
  accepted_amount: z.string(),
});
export const ContractStage = z.object({
  id: z.number().int(),
  stage_no: z.number().int(),
  name: z.string(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  amount: z.string().nullable(),
  paid_amount: z.string(),
});
export const PaymentTerm = z.object({
  id: z.number().int(),
  line_no: z.number().int(),
  kind: z.enum(PAYMENT_KINDS),
  share_percent: z.string(),
  term_days: z.number().int(),
  day_kind: z.enum(DAY_KINDS),
  stage_no: z.number().int().nullable(),
  description: z.string().nullable(),
});

export const Contract = ContractListItem.extend({
  eis_guid: z.string().nullable(),
  revision: z.number().int(),
  customer_id: z.number().int().nullable(),
  customer_kpp: z.string().nullable(),
  funding_source_id: z.number().int().nullable(),
  contract_basis_id: z.number().int().nullable(),
  plan_position_number: z.string().nullable(),
  /** Subject of the plan position in the plan's version in force; null: the number names no position of the company's plans. */
  plan_position_subject: z.string().nullable(),
  /** null with a code or name: a method that is not in the catalogue («не из справочника»). */
  procurement_method_id: z.number().int().nullable(),
  procurement_method_code: z.string().nullable(),
  procurement_method_name: z.string().nullable(),
  price_method_id: z.number().int().nullable(),
  notice_number: z.string().nullable(),
  /** the procurement of the register it was concluded from, and that procurement's number */
  procurement_id: z.number().int().nullable(),
  procurement_number: z.string().nullable(),
  eis_url: z.string().nullable(),
  items: z.array(ContractItem),
  stages: z.array(ContractStage),
  payment_terms: z.array(PaymentTerm),
  duties: z.array(ContractDutyOut),
  allowed_transitions: z.array(z.enum(CONTRACT_STATUSES)),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Contract = z.infer<typeof Contract>;

export const ContractVersion = z.object({
  id: z.number().int(),
  revision: z.number().int(),
  eis_version: z.number().int().nullable(),
  action: z.string(),
  source: z.string(),
  changed_at: z.string(),
  changed_by: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  /** Top-level fields that differ from the previous revision (all of them for the first). */
  changed_fields: z.array(z.string()),
  snapshot: z.record(z.string(), z.unknown()),
});

export const ContractEvent = z.object({
  id: z.number().int(),
  kind: z.enum(CONTRACT_EVENT_KINDS),
  title: z.string(),
  event_date: z.string(),
  amount: z.string().nullable(),
  stage_id: z.number().int().nullable(),
  document_name: z.string().nullable(),
  document_number: z.string().nullable(),
  document_date: z.string().nullable(),
  description: z.string().nullable(),
  eis_published_at: z.string().nullable(),
  source: z.string(),
  created_at: z.string(),
  duty: ContractDutyOut.nullable(),
});

export const DeadlineListItem = DeadlineSummary.extend({
  contract_id: z.number().int(),
  contract_number: z.string(),
  contract_date: z.string(),
  law: z.enum(CONTRACT_LAWS),
  eis_registry_number: z.string().nullable(),
  subject: z.string(),
  supplier_name: z.string(),
});

// ---------------------------------------------------------------- queries and bodies

const flag = z.enum(['true', 'false']).optional();
const multi = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v), z.array(item).optional());

export const ContractListQuery = PageQuery.extend({
  sort: z.enum(CONTRACT_SORTS).default('contract_date'),
  order: z.enum(['asc', 'desc']).default('desc'),
  /** One or more statuses: `status=draft,concluded` or repeated `status=`. */
  status: multi(z.enum(CONTRACT_STATUSES)),
  law: z.enum(CONTRACT_LAWS).optional(),
  /** Supplier ИНН (10 or 12 digits: exact) or a part of its name. */
  supplier: z.string().trim().max(300).optional(),
  date_from: realDate.optional(),
  date_to: realDate.optional(),
  price_min: z.coerce.number().min(0).optional(),
  price_max: z.coerce.number().min(0).optional(),
  /** Only contracts with an overdue duty. */
  overdue: flag,
  /** Words of the subject, or the beginning of the number or registry number. */
  q: z.string().trim().max(300).optional(),
  /** true: archived contracts only; default: the working register. */
  archived: flag,
});
export type ContractListQuery = z.input<typeof ContractListQuery>;

export const ContractStatusInput = z.object({
  status: z.enum(CONTRACT_STATUSES, { message: 'Недопустимый статус' }),
  /** Date of execution, termination or cancellation; today (Moscow) when omitted. */
  date: realDate.optional(),
  reason: optionalText(2000),
});

export const EisPublicationInput = z.object({
  /** An event of the contract; omitted: the contract information itself. */
  event_id: z.number().int().positive().nullish(),
  /** When it was placed in the EIS; null clears the mark. */
  eis_published_at: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/, 'Дата в формате ГГГГ-ММ-ДД')
    .refine(isRealInstant, 'Такой даты нет в календаре')
    .nullable(),
});

export const DeadlineListQuery = PageQuery.extend({
  status: multi(z.enum(['due_soon', 'overdue'])),
});

const ContractParams = CompanyParam.extend({ id: z.coerce.number().int().positive() });
const tags = ['contracts'];
const base = '/api/companies/:company_id/contracts';

export const contractRoutes = {
  list: defineRoute({
    method: 'GET',
    path: base,
    summary: 'Contract register: paging, sorting, filters, deadline of each contract',
    tags,
    company: 'company_id',
    permission: 'contracts.read',
    params: CompanyParam,
    query: ContractListQuery,
    response: { 200: pageOf(ContractListItem) },
  }),
  create: defineRoute({
    method: 'POST',
    path: base,
    summary: 'Enter a contract',
    tags,
    company: 'company_id',
    permission: 'contracts.write',
    params: CompanyParam,
    body: ContractCreateInput,
    response: { 201: Contract },
  }),
  get: defineRoute({
    method: 'GET',
    path: `${base}/:id`,
    summary: 'Contract card with specification, stages, payment terms and duties',
    tags,
    company: 'company_id',
    permission: 'contracts.read',
    params: ContractParams,
    response: { 200: Contract },
  }),
  update: defineRoute({
    method: 'PUT',
    path: `${base}/:id`,
    summary: 'Edit a contract (a concluded one records a change the EIS must learn about)',
    tags,
    company: 'company_id',
    permission: 'contracts.write',
    params: ContractParams,
    body: ContractUpdateInput,
    response: { 200: Contract },
  }),
  status: defineRoute({
    method: 'POST',
    path: `${base}/:id/status`,
    summary: 'Move a contract along проект -> заключен -> исполнен | расторгнут; проект -> отменен',
    tags,
    company: 'company_id',
    permission: 'contracts.write',
    params: ContractParams,
    body: ContractStatusInput,
    response: { 200: Contract },
  }),
  archive: defineRoute({
    method: 'POST',
    path: `${base}/:id/archive`,
    summary: 'Archive a contract or return it to the register',
    tags,
    company: 'company_id',
    permission: 'contracts.write',
    params: ContractParams,
    body: z.object({ archived: z.boolean() }),
    response: { 200: Contract },
  }),
  publication: defineRoute({
    method: 'POST',
    path: `${base}/:id/eis-publication`,
    summary: 'Record when the contract or one of its events was placed in the EIS',
    tags,
    company: 'company_id',
    permission: 'contracts.write',
    params: ContractParams,
    body: EisPublicationInput,
    response: { 200: Contract },
  }),
  history: defineRoute({
    method: 'GET',
    path: `${base}/:id/history`,
    summary: 'Versions of a contract, newest first',
    tags,
    company: 'company_id',
    permission: 'contracts.read',
    params: ContractParams,
    query: PageQuery,
    response: { 200: pageOf(ContractVersion) },
  }),
  events: defineRoute({
    method: 'GET',
    path: `${base}/:id/events`,
    summary: 'Changes, acceptances, payments, execution and termination of a contract',
    tags,
    company: 'company_id',
    permission: 'contracts.read',
    params: ContractParams,
    query: PageQuery,
    response: { 200: pageOf(ContractEvent) },
  }),
  deadlines: defineRoute({
    method: 'GET',
    path: '/api/companies/:company_id/deadlines',
    summary: 'Due-soon and overdue EIS duties of the company’s contracts (main page)',
    tags,
    company: 'company_id',
    permission: 'contracts.read',
    params: CompanyParam,
    query: DeadlineListQuery,
    response: {
      200: pageOf(DeadlineListItem).extend({
        counts: z.object({ due_soon: z.number().int(), overdue: z.number().int() }),
      }),
    },
  }),
};

export const calendarRoutes = {
  addWorkingDays: defineRoute({
    method: 'GET',
    path: '/api/calendar/add-working-days',
    summary: 'The N-th working day after a date on the Russian production calendar',
    tags: ['calendar'],
    query: z.object({
      date: realDate,
      days: z.coerce
        .number()
        .int('Число дней должно быть целым')
        .min(0, 'Число дней не может быть отрицательным')
        .max(3650, 'Не более 3650 дней'),
    }),
    response: {
      200: z.object({
        date: z.string(),
        /** 'weekends-only' when a year outside the calendar was involved. */
        coverage: z.enum(['calendar', 'weekends-only']),
      }),
    },
  }),
};
