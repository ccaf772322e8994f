import { z } from 'zod';
import {
  CATALOG_KINDS,
  CATALOG_SORTS,
  COMPETITIVE_METHOD_FORMS,
  ENSURING_FORMS,
  ENSURING_TYPES,
  EXEC_SUBJECT_TYPES,
  METHOD_FORM_TITLES,
  METHOD_FORMS,
  okpd2Code,
  percent,
  SUBJECT_KINDS,
  TARIFF_LIMITS,
  TARIFF_SORTS,
  USERFIELD_CODE_RE,
  USERFIELD_TYPES,
} from './catalog-values.js';
import { money, optionalText, PageQuery, requiredText } from './common.js';

/** A query parameter among the given numbers (docs/product.md's type codes). */
export const oneOf = (values: readonly number[], message: string) =>
  z.coerce
    .number()
    .int()
    .refine((v) => values.includes(v), message);

// ---------- queries ----------

const flag = z.enum(['true', 'false']).optional();
const CatalogFilter = z.object({
  /** the selected company: its entries are listed with the global ones */
  company_id: z.coerce.number().int().positive().optional(),
  /** case-insensitive search in code and title */
  q: z.string().trim().max(200).optional(),
  sort: z.enum(CATALOG_SORTS).optional(),
  order: z.enum(['asc', 'desc']).optional(),
  include_archived: flag,
});
export const CatalogListQuery = PageQuery.extend(CatalogFilter.shape);
export type CatalogListQuery = z.input<typeof CatalogListQuery>;
const subjectTypeQuery = z.object({
  subject_type: oneOf(EXEC_SUBJECT_TYPES, 'Вид предмета: 1, 2 или 3').optional(),
});
const subjectKindQuery = z.object({ subject_kind: z.enum(SUBJECT_KINDS).optional() });
export const ExecListQuery = CatalogListQuery.extend(subjectTypeQuery.shape);
export const SubjectKindListQuery = CatalogListQuery.extend(subjectKindQuery.shape);
export const CatalogExportQuery = CatalogFilter;
export const ExecExportQuery = CatalogFilter.extend(subjectTypeQuery.shape);
export const SubjectKindExportQuery = CatalogFilter.extend(subjectKindQuery.shape);
/** Import target: the company's own entries when company_id is given, global ones otherwise. */
export const CatalogImportQuery = z.object({ company_id: z.coerce.number().int().positive().optional() });
export const ExecImportQuery = CatalogImportQuery.extend(subjectTypeQuery.shape);
export const Okpd2TreeQuery = z.object({
  parent_id: z.coerce.number().int().positive().optional(),
  include_archived: flag,
});
export const TariffListQuery = PageQuery.extend({
  q: z.string().trim().max(200).optional(),
  /** absent: the descriptor's default_sort (created_at) */
  sort: z.enum(TARIFF_SORTS).optional(),
  order: z.enum(['asc', 'desc']).optional(),
  include_archived: flag,
});

// ---------- entries ----------

export const CatalogEntry = z.object({
  id: z.number().int(),
  kind: z.enum(CATALOG_KINDS),
  type_code: z.number().int().nullable(),
  subject_type: z.number().int().nullable(),
  code: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  company_id: z.number().int().nullable(),
  /** null for a global entry */
  company_title: z.string().nullable(),
  archived_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /**
   * May the caller edit, archive, restore and delete this entry? The server's write policy
   * (catalogs.policy.ts) asked for the entry's owner: global entries admin and specialists;
   * company entries staff with catalogs.write there, a client only its own places of delivery.
   */
  can_write: z.boolean(),
  /**
   * May the caller delete it: `can_write` and nothing refers to the entry (the delete route's own
   * usage check, which otherwise answers 409 has_dependents: archive it instead).
   */
  can_delete: z.boolean(),
});
export type CatalogEntry = z.infer<typeof CatalogEntry>;
export const MethodEntry = CatalogEntry.extend({
  form: z.enum(METHOD_FORMS),
  closed: z.boolean(),
  competitive: z.boolean(),
  sme_only: z.boolean(),
  electronic: z.boolean(),
});
/** One ancestor of an ОКПД2 code in the catalogue's tree. */
export const Okpd2PathStep = z.object({ id: z.number().int(), code: z.string(), title: z.string() });
export type Okpd2PathStep = z.infer<typeof Okpd2PathStep>;
export const Okpd2Entry = CatalogEntry.extend({
  parent_id: z.number().int().nullable(),
  parent_code: z.string().nullable(),
  level: z.number().int(),
  has_children: z.boolean(),
  /** the ancestors along parent_id, from the section down to the parent (empty for a section) */
  path: z.array(Okpd2PathStep),
});
export type Okpd2Entry = z.infer<typeof Okpd2Entry>;
export const EnsuringEntry = CatalogEntry.extend({
  ensuring_type: z.enum(ENSURING_TYPES),
  forms: z.array(z.enum(ENSURING_FORMS)),
  percent_min: z.string().nullable(),
  percent_max: z.string().nullable(),
});
export const GoodsEntry = CatalogEntry.extend({
  subject_kind: z.enum(SUBJECT_KINDS),
  okpd2_code: z.string().nullable(),
  unit: z.string().nullable(),
});
export const SubjectDocumentEntry = CatalogEntry.extend({
  subject_kind: z.enum(SUBJECT_KINDS),
  required: z.boolean(),
});
export const UserfieldEntry = CatalogEntry.extend({
  field_type: z.enum(USERFIELD_TYPES),
  options: z.array(z.string()),
  required: z.boolean(),
});
export type UserfieldEntry = z.infer<typeof UserfieldEntry>;

// ---------- inputs (create and update; company_id is fixed at creation) ----------

const code = z
  .string()
  .trim()
  .max(50, 'Не более 50 символов')
  .nullish()
  .transform((v) => (v ? v : null));
const base = {
  /** left empty: the next free number is assigned */
  code,
  title: requiredText(1000),
  description: optionalText(4000),
  /** absent or null: a global entry (staff); otherwise the company's own entry */
  company_id: z.number().int().positive().nullish(),
};
export const GenericInput = z.object(base);
export type GenericInput = z.input<typeof GenericInput>;
export const ExecInput = z.object({
  ...base,
  /** required for type 1 (1 goods, 2 works, 3 services); none for type 2 */
  subject_type: z.number().int().min(1).max(3).nullish(),
});
export const MethodInput = z
  .object({
    ...base,
    /** what the law reads the method as (modules/law `methodKind`); absent or not chosen (null): 'other' */
    form: z.preprocess(
      (v) => v ?? undefined,
      z.enum(METHOD_FORMS, { message: 'Выберите форму способа закупки из списка' }).default('other'),
    ),
    competitive: z.boolean().default(true),
    sme_only: z.boolean().default(false),
    electronic: z.boolean().default(false),
    closed: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.form === 'single_supplier' && v.competitive)
      ctx.addIssue({
        code: 'custom',
        path: ['competitive'],
        message: 'Закупка у единственного поставщика — неконкурентный способ: снимите отметку «Конкурентный»',
      });
    if (COMPETITIVE_METHOD_FORMS.includes(v.form) && !v.competitive)
      ctx.addIssue({
        code: 'custom',
        path: ['competitive'],
        message: `${METHOD_FORM_TITLES[v.form]} — конкурентный способ (ч. 3 ст. 3 223-ФЗ): отметьте «Конкурентный»`,
      });
    if (v.sme_only && !(v.competitive && v.electronic))
      ctx.addIssue({
        code: 'custom',
        path: ['sme_only'],
        message: 'Закупка только среди МСП проводится конкурентным способом в электронной форме',
      });
  });
export const Okpd2Input = z.object({
  code: okpd2Code,
  title: requiredText(1000),
  description: optionalText(4000),
});
export const EnsuringInput = z
  .object({
    ...base,
    ensuring_type: z.enum(ENSURING_TYPES),
    forms: z.array(z.enum(ENSURING_FORMS)).min(1, 'Выберите хотя бы одну форму обеспечения'),
    percent_min: percent.nullish().transform((v) => v ?? null),
    percent_max: percent.nullish().transform((v) => v ?? null),
  })
  .superRefine((v, ctx) => {
    if (v.percent_min !== null && v.percent_max !== null && Number(v.percent_min) > Number(v.percent_max))
      ctx.addIssue({
        code: 'custom',
        path: ['percent_max'],
        message: 'Максимальный процент не может быть меньше минимального',
      });
  });
export const GoodsInput = z.object({
  ...base,
  subject_kind: z.enum(SUBJECT_KINDS),
  okpd2_code: okpd2Code.nullish().transform((v) => v ?? null),
  unit: optionalText(100),
});
export const SubjectDocumentInput = z.object({
  ...base,
  subject_kind: z.enum(SUBJECT_KINDS),
  required: z.boolean().default(true),
});
export const UserfieldInput = z
  .object({
    ...base,
    code: z
      .string()
      .trim()
      .min(1, 'Обязательное поле')
      .max(50, 'Не более 50 символов')
      .regex(USERFIELD_CODE_RE, 'Код: латинские буквы, цифры и «_», начинается с буквы'),
    field_type: z.enum(USERFIELD_TYPES),
    options: z.array(z.string().trim().min(1, 'Пустой вариант списка').max(500)).default([]),
    required: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.field_type === 'select' && v.options.length === 0)
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'Для списка укажите варианты значений' });
    if (v.field_type !== 'select' && v.options.length > 0)
      ctx.addIssue({
        code: 'custom',
        path: ['options'],
        message: 'Варианты значений задаются только для списка',
      });
    if (new Set(v.options).size !== v.options.length)
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'Варианты значений повторяются' });
  });

// ---------- tariffs ----------

const limit = z
  .number()
  .int('Значение должно быть целым')
  .positive('Значение должно быть больше нуля')
  .nullish()
  .transform((v) => v ?? null);
export const Tariff = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** null: unlimited */
  max_users: z.number().int().nullable(),
  max_companies: z.number().int().nullable(),
  max_contracts_per_year: z.number().int().nullable(),
  price_per_month: z.string(),
  companies_count: z.number().int(),
  archived_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Tariff = z.infer<typeof Tariff>;
/** A tariff as the tariffs catalogue answers it: with the caller's write flag (see CatalogEntry). */
export const TariffItem = Tariff.extend({ can_write: z.boolean() });
export type TariffItem = z.infer<typeof TariffItem>;
export const TariffInput = z.object({
  code: z
    .string()
    .trim()
    .min(1, 'Обязательное поле')
    .max(50, 'Не более 50 символов')
    .regex(/^[a-z][a-z0-9_-]*$/, 'Код: строчные латинские буквы, цифры, «-» и «_»'),
  name: requiredText(200),
  description: optionalText(4000),
  max_users: limit,
  max_companies: limit,
  max_contracts_per_year: limit,
  price_per_month: money.refine((v) => !v.startsWith('-'), 'Цена не может быть отрицательной'),
});
export const TariffUsage = z.object({
  limit: z.enum(TARIFF_LIMITS),
  used: z.number().int(),
  max: z.number().int().nullable(),
});
export const CompanyTariff = z.object({
  company_id: z.number().int(),
  tariff: Tariff.nullable(),
  usage: z.array(TariffUsage),
});
export const CompanyTariffInput = z.object({ tariff_id: z.number().int().positive().nullable() });

export const CatalogImportResult = z.object({
  total: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
});
export type CatalogImportResult = z.infer<typeof CatalogImportResult>;
/** details of a refused import (400 invalid_file) */
export type CatalogImportError = { row: number | null; message: string };
export const CatalogImportErrorSchema = z.object({ row: z.number().int().nullable(), message: z.string() });

/** An XLSX import of a catalogue started as a job (202): follow it at GET /api/catalogs/imports/:id. */
export const CatalogImportStarted = z.object({ import_id: z.number().int() });
export type CatalogImportStarted = z.infer<typeof CatalogImportStarted>;

/** A catalogue import run: all rows or none; a refused file lists its errors by row. */
export const CatalogImportRun = z.object({
  id: z.number().int(),
  catalog: z.string(),
  company_id: z.number().int().nullable(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  progress: z.number().int(),
  file_name: z.string(),
  result: CatalogImportResult.nullable(),
  error: z.string().nullable(),
  errors: z.array(CatalogImportErrorSchema),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type CatalogImportRun = z.infer<typeof CatalogImportRun>;
