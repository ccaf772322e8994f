import { z } from 'zod';
import { defineRoute } from '../contract.js';
import { MethodEvaluationSetting } from './bids-model.js';
import {
  EIS_REGISTRATION_NUMBER,
  isoDate,
  keptText,
  money,
  optionalText,
  PageQuery,
  pageOf,
  requiredText,
} from './common.js';
import { NmckSettingsInput } from './nmck.js';

/**
 * Procurement rules (Положение о закупке, ч. 1 ст. 2 и ст. 4 223-ФЗ): rules of a company, their
 * numbered versions with settings, the 15-day EIS duty of each approved version, and the
 * documents rules (documents of a procurement per method, each with a DOCX template).
 */

// ---------------------------------------------------------------- vocabularies

export const RULE_VERSION_STATUSES = ['draft', 'approved', 'published', 'superseded', 'archived'] as const;
export type RuleVersionStatus = (typeof RULE_VERSION_STATUSES)[number];
export const RULE_VERSION_STATUS_TITLES: Record<RuleVersionStatus, string> = {
  draft: 'Черновик',
  approved: 'Утверждена',
  published: 'Размещена в ЕИС',
  superseded: 'Заменена',
  archived: 'В архиве',
};

export const APPROVING_BODIES = [
  'board_of_directors',
  'supervisory_board',
  'general_meeting',
  'founder',
  'head',
] as const;
export type ApprovingBody = (typeof APPROVING_BODIES)[number];
export const APPROVING_BODY_TITLES: Record<ApprovingBody, string> = {
  board_of_directors: 'Совет директоров',
  supervisory_board: 'Наблюдательный совет',
  general_meeting: 'Общее собрание',
  founder: 'Учредитель',
  head: 'Руководитель',
};

export const NOTICE_DAY_KINDS = ['calendar', 'working'] as const;
export type NoticeDayKind = (typeof NOTICE_DAY_KINDS)[number];
export const NOTICE_DAY_KIND_TITLES: Record<NoticeDayKind, string> = {
  calendar: 'календарных дней',
  working: 'рабочих дней',
};

export const DOCUMENT_FORMATS = ['docx', 'pdf', 'both'] as const;
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number];
export const DOCUMENT_FORMAT_TITLES: Record<DocumentFormat, string> = {
  docx: 'DOCX',
  pdf: 'PDF',
  both: 'DOCX и PDF',
};

/** When a document of a documents rule is needed (null: always). */
export const DOCUMENT_CONDITIONS = [
  'application_security',
  'contract_security',
  'sme_only',
  'not_sme_only',
  'has_lots',
] as const;
export type DocumentCondition = (typeof DOCUMENT_CONDITIONS)[number];
export const DOCUMENT_CONDITION_TITLES: Record<DocumentCondition, string> = {
  application_security: 'Только если требуется обеспечение заявки',
  contract_security: 'Только если требуется обеспечение исполнения договора',
  sme_only: 'Только для закупок среди субъектов МСП',
  not_sme_only: 'Только для закупок не только среди субъектов МСП',
  has_lots: 'Только для многолотовых закупок',
};

/** Days an approved Положение or its change has to reach the EIS (ч. 1 ст. 4 223-ФЗ, docs/domain.md §1). */
export const RULES_EIS_DAYS = 15;

// ---------------------------------------------------------------- shapes

const id = z.number().int();

/** The 15-day EIS duty of an approved version. */
export const RuleDuty = z.object({
  version_id: id,
  version_number: id,
  title: z.string(),
  reference: z.string(),
  base_date: z.string(),
  due_date: z.string(),
  done_on: z.string().nullable(),
  status: z.enum(['due', 'due_soon', 'overdue', 'done', 'done_late']),
  days_left: z.number().int(),
  working_days_left: z.number().int().nullable(),
});
export type RuleDuty = z.infer<typeof RuleDuty>;

export const RuleMethodSetting = z.object({
  method_id: id,
  notice_days: z.number().int().min(0).max(365),
  notice_day_kind: z.enum(NOTICE_DAY_KINDS),
  needs_documentation: z.boolean(),
  /** how bids are evaluated under this method (docs/bids.md); absent: the defaults (DEFAULT_CRITERIA) */
  evaluation: MethodEvaluationSetting.nullish(),
});
export type RuleMethodSetting = z.infer<typeof RuleMethodSetting>;

export const RuleMethodOut = RuleMethodSetting.extend({
  method_code: z.string(),
  method_title: z.string(),
});
export type RuleMethodOut = z.infer<typeof RuleMethodOut>;

export const RuleVersion = z.object({
  id,
  rule_id: id,
  company_id: id,
  number: id,
  status: z.enum(RULE_VERSION_STATUSES),
  /** the version governs procurements today (published, effective_from reached, not yet replaced) */
  in_force: z.boolean(),
  approving_body: z.enum(APPROVING_BODIES).nullable(),
  decision_number: z.string().nullable(),
  decision_date: z.string().nullable(),
  effective_from: z.string().nullable(),
  effective_to: z.string().nullable(),
  eis_published_on: z.string().nullable(),
  eis_registration_number: z.string().nullable(),
  file_id: id.nullable(),
  file_name: z.string().nullable(),
  changes_summary: z.string().nullable(),
  methods: z.array(RuleMethodOut),
  plan_threshold: z.string(),
  plan_threshold_large: z.string(),
  sme_ceiling: z.string().nullable(),
  /** the НМЦД justification's settings (the defaults when the version keeps none) */
  nmck_settings: NmckSettingsInput,
  based_on_version_id: id.nullable(),
  documents_rules_count: z.number().int(),
  duty: RuleDuty.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type RuleVersion = z.infer<typeof RuleVersion>;

export const ProcurementRule = z.object({
  id,
  company_id: id,
  title: z.string(),
  /** status of the version in force, else of the newest version ('draft' with none) */
  status: z.enum(RULE_VERSION_STATUSES),
  customer_ids: z.array(id),
  customers: z.array(z.object({ id, title: z.string() })),
  archived: z.boolean(),
  versions_count: z.number().int(),
  /** the version in force today, if any */
  current_version: z
    .object({
      id,
      number: id,
      status: z.enum(RULE_VERSION_STATUSES),
      effective_from: z.string().nullable(),
      eis_registration_number: z.string().nullable(),
    })
    .nullable(),
  /** the newest version (draft or not) */
  latest_version: z.object({ id, number: id, status: z.enum(RULE_VERSION_STATUSES) }).nullable(),
  /** the nearest open EIS duty of its versions */
  duty: RuleDuty.nullable(),
  copied_from_rule_id: id.nullable(),
  /** false when DELETE would be refused (an approved version, copies made from it) */
  can_delete: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ProcurementRule = z.infer<typeof ProcurementRule>;

export const RuleDeadline = RuleDuty.extend({ rule_id: id, rule_title: z.string() });
export type RuleDeadline = z.infer<typeof RuleDeadline>;

export const DocumentsRule = z.object({
  id,
  version_id: id,
  method_id: id,
  position: z.number().int(),
  document_kind_id: id,
  document_kind_title: z.string(),
  title: z.string(),
  required: z.boolean(),
  formats: z.enum(DOCUMENT_FORMATS),
  condition: z.enum(DOCUMENT_CONDITIONS).nullable(),
  template_file_id: id.nullable(),
  template_name: z.string().nullable(),
  template_tags: z.array(z.string()),
  updated_at: z.string(),
});
export type DocumentsRule = z.infer<typeof DocumentsRule>;

/** A field a template may use: `{tag}` in the DOCX, what it holds and how it reads filled. */
export const TemplateField = z.object({
  tag: z.string(),
  title: z.string(),
  /** the table loop (`items`, `lots`) the field belongs to, or null */
  loop: z.string().nullable(),
  /** what the field reads like in a filled document (the preview's sample) */
  example: z.string(),
  required: z.boolean(),
});
export type TemplateField = z.infer<typeof TemplateField>;
export const TemplateFields = z.object({
  /** the system fields, the table loops and their columns */
  items: z.array(TemplateField),
  /** the user fields of the catalogue: what the system does not know (`delivery_place`…) */
  user_fields: z.array(TemplateField),
});
export type TemplateFields = z.infer<typeof TemplateFields>;

/** What an uploaded template holds: refused when `unknown` or `malformed` is not empty. */
export const TemplateReport = z.object({
  tags: z.array(z.string()),
  unknown: z.array(z.string()),
  malformed: z.array(z.string()),
  missing_required: z.array(z.object({ code: z.string(), title: z.string() })),
  /** older field names the template uses («Поле «customer_name» устарело: используйте «customer.title»») */
  warnings: z.array(z.string()),
  rule: DocumentsRule.nullable(),
});
export type TemplateReport = z.infer<typeof TemplateReport>;

// ---------------------------------------------------------------- inputs

const idList = z.array(z.number().int().positive()).max(200);

export const RuleInput = z.object({
  title: requiredText(500),
  customer_ids: idList.default([]),
});
export type RuleInput = z.input<typeof RuleInput>;

/** An update keeps what it does not send: no `customer_ids` keeps the rule's customers. */
export const RuleUpdateInput = z.object({
  title: requiredText(500),
  customer_ids: idList.optional(),
  archived: z.boolean().optional(),
});
export type RuleUpdateInput = z.input<typeof RuleUpdateInput>;

const methodList = z.array(RuleMethodSetting).max(50);
export const EFFECTIVE_BEFORE_DECISION =
  'Дата вступления в силу не может быть раньше даты решения об утверждении';

/** One method per entry; a decision date not after the date it takes effect (when both are given). */
function versionChecks(
  v: { methods?: { method_id: number }[]; decision_date?: string | null; effective_from?: string | null },
  ctx: z.RefinementCtx,
) {
  const seen = new Set<number>();
  v.methods?.forEach((m, i) => {
    if (seen.has(m.method_id))
      ctx.addIssue({ code: 'custom', path: ['methods', i, 'method_id'], message: 'Способ указан дважды' });
    seen.add(m.method_id);
  });
  if (v.decision_date && v.effective_from && v.effective_from < v.decision_date)
    ctx.addIssue({
      code: 'custom',
      path: ['effective_from'],
      message: EFFECTIVE_BEFORE_DECISION,
    });
}

export const VersionInput = z
  .object({
    approving_body: z
      .enum(APPROVING_BODIES)
      .nullish()
      .transform((v) => v ?? null),
    decision_number: optionalText(100),
    decision_date: isoDate.nullish().transform((v) => v ?? null),
    effective_from: isoDate.nullish().transform((v) => v ?? null),
    changes_summary: optionalText(4000),
    methods: methodList.default([]),
    plan_threshold: money.default('100000'),
    plan_threshold_large: money.default('500000'),
    sme_ceiling: money.nullish().transform((v) => v ?? null),
    nmck_settings: NmckSettingsInput.nullish().transform((v) => v ?? null),
  })
  .superRefine(versionChecks);
export type VersionInput = z.input<typeof VersionInput>;

/**
 * Saving a draft: a field the request does not send keeps its stored value (null clears a
 * nullable one). Dropping a method that has documents rules deletes those rules with their
 * templates only with `remove_documents_rules: true` (the user confirmed it); otherwise 409.
 */
export const VersionUpdateInput = z
  .object({
    approving_body: z.enum(APPROVING_BODIES).nullable().optional(),
    decision_number: keptText(100),
    decision_date: isoDate.nullable().optional(),
    effective_from: isoDate.nullable().optional(),
    changes_summary: keptText(4000),
    methods: methodList.optional(),
    plan_threshold: money.optional(),
    plan_threshold_large: money.optional(),
    sme_ceiling: money.nullable().optional(),
    nmck_settings: NmckSettingsInput.nullable().optional(),
    remove_documents_rules: z
      .boolean()
      .optional()
      .describe('Confirms deleting the documents rules (and templates) of the methods the save drops'),
  })
  .superRefine(versionChecks);
export type VersionUpdateInput = z.input<typeof VersionUpdateInput>;

export const ApproveInput = z.object({
  approving_body: z.enum(APPROVING_BODIES),
  decision_number: requiredText(100),
  decision_date: isoDate,
  effective_from: isoDate,
});
export type ApproveInput = z.input<typeof ApproveInput>;

export const PublishInput = z.object({
  eis_published_on: isoDate,
  eis_registration_number: z
    .string()
    .trim()
    .regex(EIS_REGISTRATION_NUMBER, 'Регистрационный номер ЕИС — от 5 до 30 цифр'),
});
export type PublishInput = z.input<typeof PublishInput>;

export const DocumentsRuleInput = z.object({
  method_id: z.number().int().positive(),
  document_kind_id: z.number().int().positive(),
  title: requiredText(500),
  required: z.boolean().default(true),
  formats: z.enum(DOCUMENT_FORMATS).default('docx'),
  condition: z
    .enum(DOCUMENT_CONDITIONS)
    .nullish()
    .transform((v) => v ?? null),
  position: z.number().int().min(0).max(10_000).optional(),
});
export type DocumentsRuleInput = z.input<typeof DocumentsRuleInput>;

/** Editing a documents rule: a field the request does not send keeps its stored value. */
export const DocumentsRuleUpdateInput = z.object({
  method_id: z.number().int().positive().optional(),
  document_kind_id: z.number().int().positive().optional(),
  title: requiredText(500).optional(),
  required: z.boolean().optional(),
  formats: z.enum(DOCUMENT_FORMATS).optional(),
  condition: z.enum(DOCUMENT_CONDITIONS).nullable().optional(),
  position: z.number().int().min(0).max(10_000).optional(),
});
export type DocumentsRuleUpdateInput = z.input<typeof DocumentsRuleUpdateInput>;

export const DocumentsRulesOrderInput = z.object({
  method_id: z.number().int().positive(),
  ids: z.array(z.number().int().positive()).min(1).max(500),
});

/** /auth socket: copy a rule (all versions, or the chosen ones) into another company. */
export const CopyProcurementRuleRequest = z.object({
  rule_id: z.number().int().positive(),
  target_company_id: z.number().int().positive(),
  version_ids: z.array(z.number().int().positive()).max(100).optional(),
});
export type CopyProcurementRuleRequest = z.infer<typeof CopyProcurementRuleRequest>;

// ---------------------------------------------------------------- routes

const base = '/api/companies/:company_id/procurement_rules';
const CompanyP = z.object({ company_id: z.coerce.number().int().positive() });
const RuleP = CompanyP.extend({ rule_id: z.coerce.number().int().positive() });
const VersionP = RuleP.extend({ version_id: z.coerce.number().int().positive() });
const DocP = VersionP.extend({ id: z.coerce.number().int().positive() });
const tags = ['procurement-rules'];
const read = { company: 'company_id', permission: 'rules.read', tags } as const;
const write = { company: 'company_id', permission: 'rules.write', tags } as const;
const Docx = z.string().describe('DOCX file');

export const RuleListQuery = PageQuery.extend({
  include_archived: z.enum(['true', 'false']).optional(),
  q: z.string().trim().max(200).optional(),
});

export const procurementRuleRoutes = {
  list: defineRoute({
    ...read,
    method: 'GET',
    path: base,
    summary:
      'Procurement rules of the company (docs/product.md GET /companies/{id}/procurement_rules) with the version in force and the nearest EIS duty',
    params: CompanyP,
    query: RuleListQuery,
    response: { 200: pageOf(ProcurementRule) },
  }),
  create: defineRoute({
    ...write,
    method: 'POST',
    path: base,
    summary: 'Create a procurement rule (Положение о закупке)',
    params: CompanyP,
    body: RuleInput,
    response: { 201: ProcurementRule },
  }),
  deadlines: defineRoute({
    ...read,
    method: 'GET',
    path: `${base}/deadlines`,
    summary: 'Open 15-day EIS duties of approved versions (ч. 1 ст. 4 223-ФЗ), nearest first',
    params: CompanyP,
    response: {
      200: z.object({
        items: z.array(RuleDeadline),
        counts: z.object({ overdue: z.number().int(), due_soon: z.number().int(), due: z.number().int() }),
      }),
    },
  }),
  get: defineRoute({
    ...read,
    method: 'GET',
    path: `${base}/:rule_id`,
    summary: 'A procurement rule',
    params: RuleP,
    response: { 200: ProcurementRule },
  }),
  update: defineRoute({
    ...write,
    method: 'PUT',
    path: `${base}/:rule_id`,
    summary: 'Rename a rule, set its customers, archive or restore it',
    params: RuleP,
    body: RuleUpdateInput,
    response: { 200: ProcurementRule },
  }),
  remove: defineRoute({
    ...write,
    method: 'DELETE',
    path: `${base}/:rule_id`,
    summary: 'Delete a rule nothing uses (only drafts, no copies from it); otherwise 409: archive it',
    params: RuleP,
    response: { 204: z.null() },
  }),
  versions: defineRoute({
    ...read,
    method: 'GET',
    path: `${base}/:rule_id/versions`,
    summary: 'Versions of a rule, newest first, each with its EIS duty',
    params: RuleP,
    response: { 200: z.object({ items: z.array(RuleVersion) }) },
  }),
  createVersion: defineRoute({
    ...write,
    method: 'POST',
    path: `${base}/:rule_id/versions`,
    summary: 'A new draft version (only when the rule has no draft)',
    params: RuleP,
    body: VersionInput,
    response: { 201: RuleVersion },
  }),
  getVersion: defineRoute({
    ...read,
    method: 'GET',
    path: `${base}/:rule_id/versions/:version_id`,
    summary: 'A version with its settings',
    params: VersionP,
    response: { 200: RuleVersion },
  }),
  updateVersion: defineRoute({
    ...write,
    method: 'PUT',
    path: `${base}/:rule_id/versions/:version_id`,
    summary: 'Edit a draft (an approved version is immutable: 409)',
    params: VersionP,
    body: VersionUpdateInput,
    response: { 200: RuleVersion },
  }),
  versionFile: defineRoute({
    ...write,
    method: 'POST',
    path: `${base}/:rule_id/versions/:version_id/file`,
    summary: 'Attach the Положение itself to a draft (multipart field "file": PDF, DOCX or ZIP)',
    params: VersionP,
    multipart: true,
    response: { 200: RuleVersion },
  }),
  approve: defineRoute({
    ...write,
    method: 'POST',
    path: `${base}/:rule_id/versions/:version_id/approve`,
    summary: 'Approve a draft: the decision of the approving body; starts the 15-day EIS duty',
    params: VersionP,
    body: ApproveInput,
    response: { 200: RuleVersion },
  }),
  publish: defineRoute({
    ...write,
    method: 'POST',
    path: `${base}/:rule_id/versions/:version_id/publish`,
    summary: 'Record the EIS placement of an approved version; it supersedes the version in force',
    params: VersionP,
    body: PublishInput,
    response: { 200: RuleVersion },
  }),
  newDraft: defineRoute({
    ...write,
    method: 'POST',
    path: `${base}/:rule_id/versions/:version_id/new-draft`,
    summary: 'A new draft copied from this version (settings and documents rules)',
    params: VersionP,
    response: { 201: RuleVersion },
  }),
  documentsRules: defineRoute({
    ...read,
    method: 'GET',
    path: `${base}/:rule_id/versions/:version_id/documents_rules`,
    summary: 'Documents rules of a version, by method and position (staff only)',
    params: VersionP,
    response: { 200: z.object({ items: z.array(DocumentsRule) }) },
  }),
  createDocumentsRule: defineRoute({
    ...write,
    method: 'POST',
    path: `${base}/:rule_id/versions/:version_id/documents_rules`,
    summary: 'Add a document to the list of a method (draft versions only)',
    params: VersionP,
    body: DocumentsRuleInput,
    response: { 201: DocumentsRule },
  }),
  orderDocumentsRules: defineRoute({
    ...write,
    method: 'PUT',
    path: `${base}/:rule_id/versions/:version_id/documents_rules/order`,
    summary: 'Reorder the documents of one method (every id of the method, in the new order)',
    params: VersionP,
    body: DocumentsRulesOrderInput,
    response: { 200: z.object({ items: z.array(DocumentsRule) }) },
  }),
  getDocumentsRule: defineRoute({
    ...read,
    method: 'GET',
    path: `${base}/:rule_id/versions/:version_id/documents_rules/:id`,
    summary: 'One documents rule',
    params: DocP,
    response: { 200: DocumentsRule },
  }),
  updateDocumentsRule: defineRoute({
    ...write,
    method: 'PUT',
    path: `${base}/:rule_id/versions/:version_id/documents_rules/:id`,
    summary: 'Edit a documents rule (draft versions only)',
    params: DocP,
    body: DocumentsRuleUpdateInput,
    response: { 200: DocumentsRule },
  }),
  removeDocumentsRule: defineRoute({
    ...write,
    method: 'DELETE',
    path: `${base}/:rule_id/versions/:version_id/documents_rules/:id`,
    summary: 'Remove a documents rule (draft versions only)',
    params: DocP,
    response: { 204: z.null() },
  }),
  template: defineRoute({
    ...write,
    method: 'POST',
    path: `${base}/:rule_id/versions/:version_id/documents_rules/:id/template`,
    summary:
      'Upload the DOCX template (multipart field "file"): its tags are read; unknown or malformed ones refuse it (422 with the report)',
    params: DocP,
    multipart: true,
    response: { 200: TemplateReport },
  }),
  preview: defineRoute({
    ...read,
    method: 'GET',
    path: `${base}/:rule_id/versions/:version_id/documents_rules/:id/preview`,
    summary: 'The template filled with sample values (DOCX download)',
    params: DocP,
    response: { 200: Docx },
  }),
  systemFields: defineRoute({
    ...read,
    method: 'GET',
    path: `${base}/template_fields`,
    summary:
      'Fields a template may use, with a sample value each: the system fields (with the older names they accept) and the company’s user fields',
    params: CompanyP,
    response: { 200: TemplateFields },
  }),
};
