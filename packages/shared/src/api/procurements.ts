import { z } from 'zod';
import { defineRoute } from '../contract.js';
import { SUBJECT_KINDS } from './catalog-values.js';
import { CompanyParam, pageOf } from './common.js';
import { VAT_RATES } from './contracts-model.js';
import {
  PROCUREMENT_DUTIES,
  PROCUREMENT_DUTY_STATES,
  PROCUREMENT_SOURCES,
  PROCUREMENT_STATUSES,
  PROTOCOL_KINDS,
  ProcurementCreateInput,
  ProcurementFromPlanInput,
  ProcurementListQuery,
  ProcurementPinInput,
  ProcurementStatusInput,
  ProcurementUpdate,
  ProtocolInput,
  ProtocolUpdate,
} from './procurements-model.js';

/** The procurement register: outputs and routes (docs/procurements.md). */

const id = z.number().int();

/** A duty of the law with its due date on the production calendar (like a contract's duty). */
export const ProcurementDutyOut = z.object({
  duty: z.enum(PROCUREMENT_DUTIES),
  title: z.string(),
  /** the protocol a protocol_placement duty is about */
  protocol_id: id.nullable(),
  base_date: z.string(),
  /** contract_conclusion: not earlier than this day (10 days after the final protocol) */
  earliest_date: z.string().nullable(),
  due_date: z.string(),
  done_on: z.string().nullable(),
  status: z.enum(PROCUREMENT_DUTY_STATES),
  days_left: z.number().int(),
  working_days_left: z.number().int().nullable(),
  reference: z.string(),
});
export type ProcurementDutyOut = z.infer<typeof ProcurementDutyOut>;

export const ProcurementListItem = z.object({
  id,
  company_id: id,
  number: z.string(),
  eis_notice_number: z.string().nullable(),
  eis_version: z.number().int().nullable(),
  subject: z.string(),
  subject_type: z.enum(SUBJECT_KINDS),
  customer_id: id.nullable(),
  customer_title: z.string(),
  method_id: id,
  method_title: z.string(),
  nmcd: z.string(),
  currency_code: z.string(),
  status: z.enum(PROCUREMENT_STATUSES),
  source: z.enum(PROCUREMENT_SOURCES),
  sme_only: z.boolean(),
  electronic: z.boolean(),
  lots_count: z.number().int(),
  planned_publication_date: z.string().nullable(),
  published_on: z.string().nullable(),
  bids_deadline: z.string().nullable(),
  summing_up_date: z.string().nullable(),
  /** the nearest open duty */
  deadline: ProcurementDutyOut.nullable(),
  contracts_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ProcurementListItem = z.infer<typeof ProcurementListItem>;

export const ProcurementItem = z.object({
  id,
  line_no: z.number().int(),
  name: z.string(),
  okpd2_code: z.string().nullable(),
  okei_code: z.string().nullable(),
  unit_name: z.string().nullable(),
  quantity: z.string(),
  unit_price: z.string(),
  vat_rate: z.enum(VAT_RATES),
  amount: z.string(),
});
export type ProcurementItem = z.infer<typeof ProcurementItem>;

export const ProcurementLot = z.object({
  id,
  number: z.number().int(),
  subject: z.string(),
  nmcd: z.string(),
  plan_position_id: id.nullable(),
  plan_position_number: z.string().nullable(),
  items: z.array(ProcurementItem),
});
export type ProcurementLot = z.infer<typeof ProcurementLot>;

export const ProcurementProtocol = z.object({
  id,
  kind: z.enum(PROTOCOL_KINDS),
  title: z.string(),
  final: z.boolean(),
  signed_on: z.string(),
  published_on: z.string().nullable(),
  eis_registration_number: z.string().nullable(),
  lot_number: z.number().int().nullable(),
  winner_name: z.string().nullable(),
  winner_inn: z.string().nullable(),
  winner_price: z.string().nullable(),
  source: z.enum(['manual', 'eis']),
});
export type ProcurementProtocol = z.infer<typeof ProcurementProtocol>;

export const Procurement = ProcurementListItem.extend({
  /**
   * The Положение version it is conducted under; all four null for a notice imported from the
   * EIS when no version was in force on its day (pinned later through `pin`).
   */
  rule_id: id.nullable(),
  rule_title: z.string().nullable(),
  rule_version_id: id.nullable(),
  rule_version_number: z.number().int().nullable(),
  nmcd_method_id: id.nullable(),
  nmcd_method_title: z.string().nullable(),
  nmcd_justification: z.string().nullable(),
  funding_source_id: id.nullable(),
  funding_source_title: z.string().nullable(),
  plan_position_id: id.nullable(),
  plan_position_number: z.string().nullable(),
  application_security: z.string().nullable(),
  contract_security: z.string().nullable(),
  platform_name: z.string().nullable(),
  platform_url: z.string().nullable(),
  review_date: z.string().nullable(),
  eis_url: z.string().nullable(),
  lots: z.array(ProcurementLot),
  protocols: z.array(ProcurementProtocol),
  duties: z.array(ProcurementDutyOut),
  contracts: z.array(
    z.object({
      id,
      number: z.string(),
      contract_date: z.string(),
      supplier_name: z.string(),
      price: z.string(),
      status: z.string(),
    }),
  ),
  allowed_transitions: z.array(z.enum(PROCUREMENT_STATUSES)),
  /** May the caller's company delete it: the delete route's own policy (a draft no contract names). */
  can_delete: z.boolean(),
  revision: z.number().int(),
  /**
   * Remarks on the stored card that do not block a save or a move (the law's checks' shape:
   * rule, path of the field, Russian message), e.g. a planned publication date already past.
   */
  warnings: z.array(z.object({ rule: z.string(), path: z.string(), message: z.string() })),
});
export type Procurement = z.infer<typeof Procurement>;

/** One entry of a procurement's history: created, edited (which fields), status moved, imported, documents generated. */
export const ProcurementEvent = z.object({
  id,
  kind: z.enum(['created', 'updated', 'status', 'protocol', 'imported', 'documents']),
  title: z.string(),
  from_status: z.enum(PROCUREMENT_STATUSES).nullable(),
  to_status: z.enum(PROCUREMENT_STATUSES).nullable(),
  changed_fields: z.array(z.string()),
  comment: z.string().nullable(),
  at: z.string(),
  by: z.object({ id, title: z.string() }).nullable(),
});
export type ProcurementEvent = z.infer<typeof ProcurementEvent>;

/** A Положение version an unpinned procurement may be pinned to (in force on its day). */
export const ProcurementPinOption = z.object({
  rule_version_id: id,
  rule_id: id,
  rule_title: z.string(),
  number: z.number().int(),
  effective_from: z.string().nullable(),
  effective_to: z.string().nullable(),
});
export type ProcurementPinOption = z.infer<typeof ProcurementPinOption>;

export const ProcurementDeadline = ProcurementDutyOut.extend({
  procurement_id: id,
  procurement_number: z.string(),
  subject: z.string(),
});

// ---------------------------------------------------------------- routes

const base = '/api/companies/:company_id/procurements';
const P = CompanyParam.extend({ id: z.coerce.number().int().positive() });
const ProtocolP = P.extend({ protocol_id: z.coerce.number().int().positive() });
const tags = ['procurements'];
const read = { company: 'company_id', permission: 'procurements.read', tags } as const;
const write = { company: 'company_id', permission: 'procurements.write', tags } as const;

export const procurementRoutes = {
  list: defineRoute({
    ...read,
    method: 'GET',
    path: base,
    summary: 'The procurement register: server-side paging, sorting and filters',
    params: CompanyParam,
    query: ProcurementListQuery,
    response: { 200: pageOf(ProcurementListItem) },
  }),
  methods: defineRoute({
    ...read,
    method: 'GET',
    path: `${base}/methods`,
    summary:
      'The procurement methods the company’s procurements use (id, code, title): the register’s «Способ» filter for every role, clients included',
    params: CompanyParam,
    response: {
      200: z.object({
        items: z.array(z.object({ id, code: z.string().nullable(), title: z.string() })),
      }),
    },
  }),
  exportXlsx: defineRoute({
    ...read,
    method: 'GET',
    path: `${base}/export.xlsx`,
    summary: 'The register as XLSX with the same filters and sort (every matching row)',
    params: CompanyParam,
    query: ProcurementListQuery.omit({ page: true, limit: true }),
    response: { 200: z.string().describe('XLSX file') },
  }),
  deadlines: defineRoute({
    ...read,
    method: 'GET',
    path: `${base}/deadlines`,
    summary: 'Open duties of the company’s procurements, nearest first',
    params: CompanyParam,
    response: {
      200: z.object({
        items: z.array(ProcurementDeadline),
        counts: z.object({ overdue: z.number().int(), due_soon: z.number().int(), due: z.number().int() }),
      }),
    },
  }),
  create: defineRoute({
    ...write,
    method: 'POST',
    path: base,
    summary: 'Create a procurement; it pins the version of the customer’s Положение in force today',
    params: CompanyParam,
    body: ProcurementCreateInput,
    response: { 201: Procurement },
  }),
  fromPlan: defineRoute({
    ...write,
    method: 'POST',
    path: `${base}/from-plan`,
    summary: 'Create a draft procurement from a position of an EIS plan (its lots, items, НМЦД, method)',
    params: CompanyParam,
    body: ProcurementFromPlanInput,
    response: { 201: Procurement },
  }),
  get: defineRoute({
    ...read,
    method: 'GET',
    path: `${base}/:id`,
    summary: 'A procurement with its lots, protocols, duties and contracts',
    params: P,
    response: { 200: Procurement },
  }),
  update: defineRoute({
    ...write,
    method: 'PUT',
    path: `${base}/:id`,
    summary: 'Edit a procurement (the law’s rules are checked; after the notice the plan position is fixed)',
    params: P,
    body: ProcurementUpdate,
    response: { 200: Procurement },
  }),
  remove: defineRoute({
    ...write,
    method: 'DELETE',
    path: `${base}/:id`,
    summary: 'Delete a draft procurement (published ones are cancelled instead: 409)',
    params: P,
    response: { 204: z.null() },
  }),
  status: defineRoute({
    ...write,
    method: 'POST',
    path: `${base}/:id/status`,
    summary: 'Move the procurement to another status (allowed transitions only; kept in its history)',
    params: P,
    body: ProcurementStatusInput,
    response: { 200: Procurement },
  }),
  pinOptions: defineRoute({
    ...read,
    method: 'GET',
    path: `${base}/:id/pin`,
    summary:
      'The Положение versions of the company, covering its customer, in force on the day of an unpinned procurement (its notice)',
    params: P,
    response: { 200: z.object({ day: z.string(), items: z.array(ProcurementPinOption) }) },
  }),
  pin: defineRoute({
    ...write,
    method: 'POST',
    path: `${base}/:id/pin`,
    summary:
      'Pin an imported procurement with no Положение to a version of the company in force on its day (audited)',
    params: P,
    body: ProcurementPinInput,
    response: { 200: Procurement },
  }),
  history: defineRoute({
    ...read,
    method: 'GET',
    path: `${base}/:id/history`,
    summary: 'Every change of the procurement, newest first',
    params: P,
    response: { 200: z.object({ items: z.array(ProcurementEvent) }) },
  }),
  addProtocol: defineRoute({
    ...write,
    method: 'POST',
    path: `${base}/:id/protocols`,
    summary: 'Record a protocol (its placement duty: 3 days after signing, ч. 12 ст. 4)',
    params: P,
    body: ProtocolInput,
    response: { 201: Procurement },
  }),
  updateProtocol: defineRoute({
    ...write,
    method: 'PUT',
    path: `${base}/:id/protocols/:protocol_id`,
    summary: 'Edit a protocol (e.g. record its EIS placement); a field not sent stays as it is',
    params: ProtocolP,
    body: ProtocolUpdate,
    response: { 200: Procurement },
  }),
  removeProtocol: defineRoute({
    ...write,
    method: 'DELETE',
    path: `${base}/:id/protocols/:protocol_id`,
    summary: 'Remove a protocol recorded by hand',
    params: ProtocolP,
    response: { 200: Procurement },
  }),
};
