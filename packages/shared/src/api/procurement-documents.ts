import { z } from 'zod';
import { defineRoute } from '../contract.js';
import { CompanyParam } from './common.js';
import { DOCUMENT_CONDITIONS, DOCUMENT_FORMATS } from './procurement-rules.js';

/**
 * The documentation of a procurement (docs/procurement-documents.md): the documents its pinned Положение
 * version asks for its method, one form of fields for all of them, and generated DOCX/PDF
 * outputs kept as versions. A document is identified by its documents rule (`document_id`).
 */

export const DOCUMENT_FIELD_TYPES = [
  'text',
  'number',
  'money',
  'date',
  'select',
  'catalog',
  'items',
] as const;
export type DocumentFieldType = (typeof DOCUMENT_FIELD_TYPES)[number];

/** Where a field's value comes from before the specialist changes it. */
export const DOCUMENT_FIELD_SOURCES = [
  'user',
  'procurement',
  'company',
  'customer',
  'plan',
  'rules',
  'computed',
] as const;
export type DocumentFieldSource = (typeof DOCUMENT_FIELD_SOURCES)[number];

export const PROCUREMENT_DOCUMENT_STATES = [
  'no_template',
  'not_filled',
  'ready',
  'generated',
  'outdated',
  'failed',
] as const;
export type ProcurementDocumentState = (typeof PROCUREMENT_DOCUMENT_STATES)[number];
export const PROCUREMENT_DOCUMENT_STATE_TITLES: Record<ProcurementDocumentState, string> = {
  no_template: 'Нет шаблона',
  not_filled: 'Не заполнены поля',
  ready: 'Готов к формированию',
  generated: 'Сформирован',
  outdated: 'Устарел: значения изменились',
  failed: 'Ошибка формирования',
};

export const OUTPUT_FORMATS = ['docx', 'pdf'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

const id = z.number().int();

export const DocumentField = z.object({
  /** the template tag (`nmcd_words`, `company.inn`, a user field's code) */
  code: z.string(),
  title: z.string(),
  type: z.enum(DOCUMENT_FIELD_TYPES),
  required: z.boolean(),
  /** choices of a select */
  options: z.array(z.string()),
  /** the catalogue key of a catalogue choice (`methods`, `funding_sources`, …) */
  catalog: z.string().nullable(),
  source: z.enum(DOCUMENT_FIELD_SOURCES),
  /** false: computed or taken from the procurement (edit it there) */
  editable: z.boolean(),
  /** the documents that use the field */
  document_ids: z.array(id),
  hint: z.string().nullable(),
});
export type DocumentField = z.infer<typeof DocumentField>;

/** A value as the form holds it: text (numbers and money as decimal strings, dates ISO), or a table. */
export const FieldValue = z.union([z.string(), z.array(z.record(z.string(), z.string())), z.null()]);
export type FieldValue = z.infer<typeof FieldValue>;

export const DocumentOutput = z.object({
  id,
  document_id: id,
  version: z.number().int(),
  docx_file_id: id.nullable(),
  pdf_file_id: id.nullable(),
  error: z.string().nullable(),
  /** values left empty when it was generated */
  missing: z.array(z.string()),
  created_at: z.string(),
  created_by: z.object({ id, title: z.string() }).nullable(),
});
export type DocumentOutput = z.infer<typeof DocumentOutput>;

export const ProcurementDocument = z.object({
  document_id: id,
  title: z.string(),
  document_kind_title: z.string(),
  position: z.number().int(),
  required: z.boolean(),
  formats: z.enum(DOCUMENT_FORMATS),
  condition: z.enum(DOCUMENT_CONDITIONS).nullable(),
  template_name: z.string().nullable(),
  state: z.enum(PROCUREMENT_DOCUMENT_STATES),
  /** required fields of this document still empty */
  missing: z.array(z.object({ code: z.string(), title: z.string() })),
  latest: DocumentOutput.nullable(),
  versions_count: z.number().int(),
});
export type ProcurementDocument = z.infer<typeof ProcurementDocument>;

export const Documentation = z.object({
  procurement_id: id,
  rule_version_id: id,
  method_title: z.string(),
  documents: z.array(ProcurementDocument),
  fields: z.array(DocumentField),
  /** current values: the specialist's, else prefilled */
  values: z.record(z.string(), FieldValue),
  /** codes whose value the specialist set (the others are prefilled); a reset sends null */
  overridden: z.array(z.string()).default([]),
  filled_required: z.number().int(),
  required_total: z.number().int(),
  pdf_available: z.boolean(),
  pdf_unavailable_reason: z.string().nullable(),
  /** a generation job of this procurement still running */
  generating: z.object({ job_id: z.string(), progress: z.number() }).nullable(),
});
export type Documentation = z.infer<typeof Documentation>;

export const DocumentValuesInput = z.object({
  /** only the fields sent change; null clears a value back to its prefilled one */
  values: z.record(z.string().max(200), FieldValue),
});
export type DocumentValuesInput = z.input<typeof DocumentValuesInput>;

export const GenerateDocumentsInput = z.object({
  /** documents to generate; all documents of the procurement when omitted */
  document_ids: z.array(z.number().int().positive()).max(200).optional(),
  /** formats wanted; each document's own setting when omitted */
  formats: z.array(z.enum(OUTPUT_FORMATS)).min(1).max(2).optional(),
});
export type GenerateDocumentsInput = z.input<typeof GenerateDocumentsInput>;

const base = '/api/companies/:company_id/procurements/:id/documentation';
const P = CompanyParam.extend({ id: z.coerce.number().int().positive() });
const DocP = P.extend({ document_id: z.coerce.number().int().positive() });
const tags = ['procurement-documents'];
const read = { company: 'company_id', permission: 'procurements.read', tags } as const;
const write = { company: 'company_id', permission: 'procurements.write', tags } as const;

export const procurementDocumentRoutes = {
  get: defineRoute({
    ...read,
    method: 'GET',
    path: base,
    summary: 'Documents the pinned Положение version asks for, their states, the fields form and its values',
    params: P,
    response: { 200: Documentation },
  }),
  saveValues: defineRoute({
    ...write,
    method: 'PUT',
    path: `${base}/values`,
    summary: 'Save values of the fields form (validated by each field’s type)',
    params: P,
    body: DocumentValuesInput,
    response: { 200: Documentation },
  }),
  generate: defineRoute({
    ...write,
    method: 'POST',
    path: `${base}/generate`,
    summary: 'Generate documents (a job; the same as the readyDocumentRequest socket event)',
    params: P,
    body: GenerateDocumentsInput,
    response: { 202: z.object({ job_id: z.string() }) },
  }),
  outputs: defineRoute({
    ...read,
    method: 'GET',
    path: `${base}/:document_id/outputs`,
    summary: 'Every generated version of one document, newest first, with the values it was built from',
    params: DocP,
    response: {
      200: z.object({
        items: z.array(DocumentOutput.extend({ values: z.record(z.string(), FieldValue) })),
      }),
    },
  }),
};

/** /auth socket payloads of the documentation (docs/product.md §7). */
export const ReadyDocumentRequest = z.object({
  procurement_id: z.number().int().positive(),
  document_ids: z.array(z.number().int().positive()).max(200).optional(),
  formats: z.array(z.enum(OUTPUT_FORMATS)).min(1).max(2).optional(),
});
export type ReadyDocumentRequest = z.infer<typeof ReadyDocumentRequest>;
export const DocumentUserfieldsRequest = z.object({ procurement_id: z.number().int().positive() });
