import { z } from 'zod';

/** Storage kinds of catalogue entries (one table on the server, `kind` tells them apart). */
export const CATALOG_KINDS = [
  'generic',
  'exec',
  'method',
  'okpd2',
  'ensuring',
  'goods',
  'subject_document',
  'document_kind',
  'userfield',
] as const;
export type CatalogKind = (typeof CATALOG_KINDS)[number];

/** docs/product.md's generic catalogue type codes. */
export const GENERIC_TYPES = [1, 2, 6, 7, 8, 9] as const;

/** docs/product.md's service-execution catalogue: type 1 terms (with subject_type), type 2 places. */
export const EXEC_TYPES = [1, 2] as const;
export const EXEC_SUBJECT_TYPES = [1, 2, 3] as const;

export const SUBJECT_KINDS = ['goods', 'works', 'services'] as const;
export type SubjectKind = (typeof SUBJECT_KINDS)[number];
export const SUBJECT_KIND_TITLES: Record<SubjectKind, string> = {
  goods: 'Товары',
  works: 'Работы',
  services: 'Услуги',
};

/** The procedure form of a procurement method (ст. 3.2–3.4 223-ФЗ); 'other': negotiations, selection, a customer's own. */
export const METHOD_FORMS = [
  'competition',
  'auction',
  'quotation_request',
  'proposal_request',
  'single_supplier',
  'other',
] as const;
export type MethodForm = (typeof METHOD_FORMS)[number];
export const METHOD_FORM_TITLES: Record<MethodForm, string> = {
  competition: 'Конкурс',
  auction: 'Аукцион',
  quotation_request: 'Запрос котировок',
  proposal_request: 'Запрос предложений',
  single_supplier: 'Закупка у единственного поставщика',
  other: 'Иной способ (сроки задаёт Положение)',
};
/** The forms the law counts as competitive procedures (ч. 3 ст. 3 223-ФЗ). */
export const COMPETITIVE_METHOD_FORMS: readonly MethodForm[] = [
  'competition',
  'auction',
  'quotation_request',
  'proposal_request',
];

export const ENSURING_TYPES = ['application', 'contract', 'warranty'] as const;
export type EnsuringType = (typeof ENSURING_TYPES)[number];
export const ENSURING_TYPE_TITLES: Record<EnsuringType, string> = {
  application: 'Обеспечение заявки',
  contract: 'Обеспечение исполнения договора',
  warranty: 'Обеспечение гарантийных обязательств',
};

export const ENSURING_FORMS = ['independent_guarantee', 'cash_deposit'] as const;
export type EnsuringForm = (typeof ENSURING_FORMS)[number];
export const ENSURING_FORM_TITLES: Record<EnsuringForm, string> = {
  independent_guarantee: 'Независимая гарантия',
  cash_deposit: 'Внесение денежных средств',
};

export const USERFIELD_TYPES = ['text', 'number', 'date', 'money', 'select'] as const;
export type UserfieldType = (typeof USERFIELD_TYPES)[number];
export const USERFIELD_TYPE_TITLES: Record<UserfieldType, string> = {
  text: 'Текст',
  number: 'Число',
  date: 'Дата',
  money: 'Сумма',
  select: 'Список',
};

export const CATALOG_SORTS = ['title', 'code', 'created_at'] as const;
export type CatalogSort = (typeof CATALOG_SORTS)[number];
/** Sort keys of the tariffs list (its columns marked sortable, and the default). */
export const TARIFF_SORTS = ['name', 'price_per_month', 'created_at'] as const;
export type TariffSort = (typeof TARIFF_SORTS)[number];

/** Tariff limits that assertTariffAllows checks. */
export const TARIFF_LIMITS = ['users', 'companies', 'contracts'] as const;
export type TariffLimit = (typeof TARIFF_LIMITS)[number];

/** ОКПД2 (ОК 034-2014): section letter, or class/subclass/group/subgroup/type/category digits. */
export const OKPD2_CODE_RE = /^([A-U]|\d{2}(\.\d(\d(\.\d(\d(\.\d{3})?)?)?)?)?)$/;
export const okpd2Code = z
  .string()
  .trim()
  .min(1, 'Обязательное поле')
  .regex(OKPD2_CODE_RE, 'Код ОКПД2 в формате 26.20.11.110 (или буква раздела A–U)');

/** Template user field codes become DOCX placeholders: Latin letters, digits and _. */
export const USERFIELD_CODE_RE = /^[A-Za-z][A-Za-z0-9_]*$/;

/** A percent with up to two decimals, 0-100, as a canonical decimal string ("0.50" -> "0.5"). */
export const percent = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).replace(/\s/g, '').replace(',', '.'))
  .refine(
    (v) => /^\d{1,3}(\.\d{1,2})?$/.test(v) && Number(v) <= 100,
    'Процент — число от 0 до 100, не более двух знаков после запятой',
  )
  .transform((v) => String(Number(v)));

/** Parent of an ОКПД2 digit code inside the classifier's hierarchy (the section for a class). */
export function okpd2ParentCode(code: string): string | null {
  if (/^[A-U]$/.test(code)) return null;
  if (/^\d{2}$/.test(code)) return okpd2SectionOf(code);
  const parts = code.split('.');
  const last = parts[parts.length - 1];
  if (last.length === 2) return code.slice(0, -1);
  return parts.slice(0, -1).join('.');
}

/** ОКПД2 class ranges of each section. */
export const OKPD2_SECTIONS: readonly [string, number, number][] = [
  ['A', 1, 3],
  ['B', 5, 9],
  ['C', 10, 33],
  ['D', 35, 35],
  ['E', 36, 39],
  ['F', 41, 43],
  ['G', 45, 47],
  ['H', 49, 53],
  ['I', 55, 56],
  ['J', 58, 63],
  ['K', 64, 66],
  ['L', 68, 68],
  ['M', 69, 75],
  ['N', 77, 82],
  ['O', 84, 84],
  ['P', 85, 85],
  ['Q', 86, 88],
  ['R', 90, 93],
  ['S', 94, 96],
  ['T', 97, 98],
  ['U', 99, 99],
];

export function okpd2SectionOf(classCode: string): string | null {
  const n = Number(classCode.slice(0, 2));
  return OKPD2_SECTIONS.find(([, from, to]) => n >= from && n <= to)?.[0] ?? null;
}

/** Depth in the ОКПД2 tree: 0 section, 1 class, 2 subclass, ... 6 category. */
export function okpd2Level(code: string): number {
  if (/^[A-U]$/.test(code)) return 0;
  const digits = code.replace(/\./g, '').length;
  return { 2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 9: 6 }[digits] ?? 1;
}

// ---------- the descriptor of a catalogue screen ----------

/**
 * Who may open a catalogue (docs/product.md §2 and §6): `staff` admin/specialist/operator (a client is
 * refused: 403 in the API, sent to / by the web guard), `login` every logged-in user, `admin` alone.
 */
export type CatalogAccess = 'staff' | 'login' | 'admin';

export type CatalogFieldType =
  | 'text'
  | 'textarea'
  | 'boolean'
  | 'select'
  | 'multiselect'
  | 'list'
  | 'percent'
  | 'money'
  | 'integer'
  | 'okpd2';

export type CatalogOption = { value: string; label: string };

/** A form field; also a column of the XLSX export and import (matched by `title`). */
export type CatalogField = {
  key: string;
  title: string;
  type: CatalogFieldType;
  required: boolean;
  options?: readonly CatalogOption[];
  hint?: string;
  /** integer/limit fields: empty means «без ограничений» */
  emptyLabel?: string;
};

/** A column of the table screen; `key` is a field of the API item. */
export type CatalogColumn = {
  key: string;
  title: string;
  type?: CatalogFieldType | 'owner';
  sortable?: boolean;
  options?: readonly CatalogOption[];
};

export type CatalogDescriptor = {
  /** stable identifier of the screen */
  key: string;
  /** web route of docs/product.md */
  route: string;
  /** screen title */
  title: string;
  /** one entry, for «Добавить …» and messages */
  element: string;
  /** base of the API: list/create at api, items at api/:id, api/export.xlsx, api/import */
  api: string;
  kind: CatalogKind | 'tariff';
  /** docs/product.md's type code (generic and service-execution catalogues) */
  type_code: number | null;
  /** docs/product.md's subject_type: sent as a list filter and in the create body */
  subject_type: number | null;
  access: CatalogAccess;
  /** entries may belong to the selected company (otherwise global only) */
  company_entries: boolean;
  /** a client may add and edit its own company's entries */
  client_writes: boolean;
  /** shown as a tree (children from api/tree?parent_id=) */
  tree: boolean;
  /** in the gear menu */
  menu: boolean;
  default_sort: CatalogSort;
  columns: readonly CatalogColumn[];
  fields: readonly CatalogField[];
};
