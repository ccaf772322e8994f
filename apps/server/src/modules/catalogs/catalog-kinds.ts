import {
  type CatalogDescriptor,
  type CatalogEntry,
  type CatalogKind,
  catalogOf,
  EnsuringInput,
  ExecInput,
  GenericInput,
  GoodsInput,
  MethodInput,
  Okpd2Input,
  okpd2Level,
  SubjectDocumentInput,
  UserfieldInput,
} from '@zakupki/shared';
import type { z } from 'zod';
import type { catalogEntries } from '../../db/schema/index.js';
import { invalid, notFound } from '../../lib/app-error.js';

export type EntryRow = typeof catalogEntries.$inferSelect;
/** A row as lists return it: with the owner's title and, for ОКПД2, the parent's code. */
export type EntryListRow = EntryRow & {
  companyTitle: string | null;
  parentCode: string | null;
  hasChildren: boolean;
};

/** A catalogue as the API addresses it: storage kind, docs/product.md's type code and subject_type. */
export type View = {
  kind: CatalogKind;
  typeCode: number | null;
  /** exec type 1: the subject_type filter of a list (null: all three) */
  subjectType: number | null;
  descriptor: CatalogDescriptor;
};

export function viewOf(
  kind: CatalogKind,
  typeCode: number | null = null,
  subjectType: number | null = null,
): View {
  const descriptor = catalogOf(kind, typeCode, subjectType);
  if (!descriptor) throw notFound('Справочник не найден');
  return { kind, typeCode, subjectType, descriptor };
}

/** Attributes of a kind kept in `extra`, under their API names, with the values a missing one reads as. */
const EXTRA_DEFAULTS: Record<CatalogKind, Record<string, unknown>> = {
  generic: {},
  exec: {},
  document_kind: {},
  okpd2: {},
  method: { form: 'other', competitive: true, sme_only: false, electronic: false, closed: false },
  ensuring: { ensuring_type: 'application', forms: [], percent_min: null, percent_max: null },
  goods: { subject_kind: 'goods', okpd2_code: null, unit: null },
  subject_document: { subject_kind: 'goods', required: true },
  userfield: { field_type: 'text', options: [], required: false },
};

/** The create/update body of each kind: also validates XLSX rows. */
export const INPUT_SCHEMA: Record<CatalogKind, z.ZodType> = {
  generic: GenericInput,
  exec: ExecInput,
  document_kind: GenericInput,
  okpd2: Okpd2Input,
  method: MethodInput,
  ensuring: EnsuringInput,
  goods: GoodsInput,
  subject_document: SubjectDocumentInput,
  userfield: UserfieldInput,
};

/** What a validated input stores. */
export type EntryValues = {
  code: string | null;
  title: string;
  description: string | null;
  subjectType: number | null;
  extra: Record<string, unknown>;
};

export type ParsedInput = {
  code?: string | null;
  title: string;
  description?: string | null;
  company_id?: number | null;
  subject_type?: number | null;
  [key: string]: unknown;
};

/** Splits a validated body into columns and `extra`; docs/product.md's subject_type rules for exec. */
export function valuesOf(view: View, input: ParsedInput): EntryValues {
  const extra = pickExtra(view.kind, input);
  let subjectType: number | null = null;
  if (view.kind === 'exec' && view.typeCode === 1) {
    subjectType = input.subject_type ?? view.subjectType;
    if (subjectType == null) throw invalid([{ path: 'body.subject_type', message: 'Обязательное поле' }]);
  }
  return {
    code: input.code ?? null,
    title: input.title,
    description: input.description ?? null,
    subjectType,
    extra,
  };
}

/** The wire shape of an entry of any kind; T is the route's item type (its schema checks the shape). */
export function toEntry<T = CatalogEntry>(row: EntryListRow): T {
  const base = {
    id: row.id,
    kind: row.kind,
    type_code: row.typeCode,
    subject_type: row.subjectType,
    code: row.code,
    title: row.title,
    description: row.description,
    company_id: row.companyId,
    company_title: row.companyTitle,
    archived_at: row.archivedAt ? row.archivedAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
  const out =
    row.kind === 'okpd2'
      ? {
          ...base,
          parent_id: row.parentId,
          parent_code: row.parentCode,
          level: okpd2Level(row.code),
          has_children: row.hasChildren,
        }
      : { ...base, ...pickExtra(row.kind, row.extra) };
  return out as unknown as T;
}

/** Stable comparison of what an input would store with what a row holds (XLSX: unchanged rows). */
export function sameValues(row: EntryRow, v: EntryValues): boolean {
  const norm = (o: Record<string, unknown>) =>
    JSON.stringify(
      Object.keys(o)
        .sort()
        .map((k) => [k, o[k]]),
    );
  return (
    row.title === v.title &&
    (row.description ?? null) === v.description &&
    (row.subjectType ?? null) === v.subjectType &&
    norm(pickExtra(row.kind, row.extra)) === norm(v.extra)
  );
}

export function pickExtra(kind: CatalogKind, extra: Record<string, unknown> | null) {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(EXTRA_DEFAULTS[kind])) out[key] = extra?.[key] ?? EXTRA_DEFAULTS[kind][key];
  return out;
}
