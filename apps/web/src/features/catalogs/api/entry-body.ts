import type { CatalogDescriptor, CatalogField } from '@zakupki/shared/api/catalogs';
import type { ValidationIssue } from '@zakupki/shared/errors';
import { ApiError } from '../../../lib/http-errors';
import {
  type CatalogItem,
  type DescriptorOf,
  type EntryBody,
  type EntryKind,
  entrySchema,
  isEntryBody,
} from './catalogs';

/**
 * The create/edit form of a catalogue screen, built from the descriptor's fields: the values
 * the inputs hold, the client-side rules and the API body.
 */
export type EntryValues = Record<string, unknown>;

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const clean = (v: unknown) => text(v).replace(/[\s\u00a0]/g, '');

function emptyValue(f: CatalogField): unknown {
  switch (f.type) {
    case 'boolean':
      return false;
    case 'select':
      return null;
    case 'multiselect':
    case 'list':
      return [];
    default:
      return '';
  }
}

export const emptyValues = (d: CatalogDescriptor): EntryValues =>
  Object.fromEntries(d.fields.map((f) => [f.key, emptyValue(f)]));

/** An item of the API as the inputs show it (percent with a comma, limits as text). */
export function valuesOf(d: CatalogDescriptor, item: CatalogItem): EntryValues {
  return Object.fromEntries(
    d.fields.map((f) => {
      const v = item[f.key];
      switch (f.type) {
        case 'boolean':
          return [f.key, Boolean(v)];
        case 'select':
          return [f.key, v === null || v === undefined ? null : String(v)];
        case 'multiselect':
        case 'list':
          return [f.key, Array.isArray(v) ? v.map(String) : []];
        case 'percent':
          return [f.key, text(v).replace('.', ',')];
        default:
          return [f.key, text(v)];
      }
    }),
  );
}

/**
 * What the form's check gives the schema: the body without its empty values, so an empty
 * required field is «Обязательное поле» (an empty optional one passes either way).
 */
export const entryCheckBody =
  (d: CatalogDescriptor, companyId: number | null | undefined) => (v: EntryValues) =>
    Object.fromEntries(Object.entries(formBody(d, v, companyId)).filter(([, x]) => x !== null));

/** A list's issue (`options.1`) is shown on its field. */
export const entryFieldOf = (path: string) => path.split('.')[0] ?? path;

function bodyValue(f: CatalogField, v: unknown): unknown {
  switch (f.type) {
    case 'boolean':
      return Boolean(v);
    case 'select':
      return v || null;
    case 'multiselect':
    case 'list':
      return Array.isArray(v) ? v.map((x) => String(x).trim()).filter(Boolean) : [];
    case 'integer':
      return clean(v) === '' ? null : Number(clean(v));
    case 'percent':
    case 'money':
      return clean(v) === '' ? null : clean(v).replace(',', '.');
    case 'okpd2':
      return text(v).trim() === '' ? null : text(v).trim().toUpperCase();
    default:
      return text(v).trim() === '' ? null : text(v).trim();
  }
}

/**
 * The form's values as the fields give them. `companyId`: on creation, the owner (null: a global
 * entry); undefined on update (the owner never changes). Service-execution terms carry the
 * screen's subject_type.
 */
function formBody(d: CatalogDescriptor, values: EntryValues, companyId: number | null | undefined) {
  const body: Record<string, unknown> = Object.fromEntries(
    d.fields.map((f) => [f.key, bodyValue(f, values[f.key])]),
  );
  if (d.company_entries && companyId !== undefined) body.company_id = companyId;
  if (d.subject_type !== null) body.subject_type = d.subject_type;
  return body;
}

/**
 * The JSON body of create/update, checked by the family's shared input schema (the one the API
 * checks): the body typed as the family's, or the issues the server would answer (a field the
 * form's check leaves out when empty, sent as null).
 */
export function entryBody<K extends EntryKind>(
  d: DescriptorOf<K>,
  values: EntryValues,
  companyId: number | null | undefined,
): { body: EntryBody<K> } | { issues: ValidationIssue[] } {
  const body: unknown = formBody(d, values, companyId);
  if (isEntryBody(d, body)) return { body };
  const parsed = entrySchema(d).safeParse(body);
  return {
    issues: (parsed.error?.issues ?? []).map((i) => ({ path: i.path.join('.'), message: i.message })),
  };
}

/** Field issues of a refused write: 400 validation_failed and 409 duplicate both name the field. */
export function issuesOf(err: unknown): ValidationIssue[] {
  if (!(err instanceof ApiError)) return [];
  const d = err.details as { issues?: unknown } | null | undefined;
  if (!Array.isArray(d?.issues)) return [];
  return d.issues.filter(
    (i): i is ValidationIssue =>
      !!i && typeof i === 'object' && typeof i.path === 'string' && typeof i.message === 'string',
  );
}

/** Row errors of a refused XLSX import (400 invalid_file, details.errors). */
export function importErrorsOf(err: unknown): { row: number | null; message: string }[] {
  if (!(err instanceof ApiError) || err.code !== 'invalid_file') return [];
  const d = err.details as { errors?: unknown } | null | undefined;
  if (!Array.isArray(d?.errors)) return [];
  return d.errors.filter(
    (e): e is { row: number | null; message: string } =>
      !!e && typeof e === 'object' && typeof (e as { message?: unknown }).message === 'string',
  );
}
