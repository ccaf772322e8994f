import { createHash } from 'node:crypto';
import type { DocumentCondition, FieldValue, OutputFormat, ProcurementDocumentState } from '@zakupki/shared';
import { formatRuDate, isIsoDate } from '../calendar/iso-date.js';
import { formatRub } from '../law/deadline-core.js';
import { FIELD_ALIASES } from '../procurement-rules/procurement-rules.policy.js';
import { type FieldDef, fieldCodeOf } from './procurement-fields.policy.js';

/** Pure rules of the documentation: conditions, states, values (validation, hash, rendering). */

export type ConditionFacts = {
  applicationSecurity: string | null;
  contractSecurity: string | null;
  smeOnly: boolean;
  lotsCount: number;
};

const positive = (v: string | null) => v !== null && Number(v) > 0;

/** Whether a documents rule with this condition applies to the procurement (null: always). */
export function conditionHolds(condition: string | null, f: ConditionFacts): boolean {
  switch (condition as DocumentCondition | null) {
    case null:
      return true;
    case 'application_security':
      return positive(f.applicationSecurity);
    case 'contract_security':
      return positive(f.contractSecurity);
    case 'sme_only':
      return f.smeOnly;
    case 'not_sme_only':
      return !f.smeOnly;
    case 'has_lots':
      return f.lotsCount > 1;
    default:
      return true;
  }
}

/** The field codes a template uses (loop columns folded into their table). */
export function codesOfTags(tags: string[]): string[] {
  return [...new Set(tags.map((t) => fieldCodeOf(t.trim())).filter(Boolean))];
}

export const isEmpty = (v: FieldValue | undefined): boolean =>
  v === null || v === undefined || (typeof v === 'string' ? v.trim() === '' : v.length === 0);

/**
 * The hash of what a document is built from: its template and the values of the fields it uses.
 * A later change of any of them makes the generated document outdated.
 */
export function valuesHash(templateFileId: number | null, values: Record<string, FieldValue>): string {
  const keys = Object.keys(values).sort();
  const body = JSON.stringify([templateFileId, keys.map((k) => [k, values[k] ?? null])]);
  return createHash('sha256').update(body).digest('hex');
}

/**
 * The state of a document: no template; not filled while a required field is empty (whatever was
 * generated before); generated when its newest output was built from the current values (failed
 * when that output has no DOCX); otherwise outdated when an earlier output exists, ready when none does.
 */
export function documentState(d: {
  hasTemplate: boolean;
  missingRequired: number;
  latest: { valuesHash: string; docxFileId: number | null } | null;
  currentHash: string;
}): ProcurementDocumentState {
  if (!d.hasTemplate) return 'no_template';
  // an output built while a required value was empty is never shown as generated
  if (d.missingRequired > 0) return 'not_filled';
  if (d.latest && d.latest.valuesHash === d.currentHash) return d.latest.docxFileId ? 'generated' : 'failed';
  if (d.latest) return d.latest.docxFileId ? 'outdated' : 'failed';
  return 'ready';
}

/** Formats a document is made in: the request's, else its rule's setting. */
export function formatsOf(rule: 'docx' | 'pdf' | 'both', asked: OutputFormat[] | null | undefined) {
  const want = asked?.length ? asked : rule === 'both' ? ['docx', 'pdf'] : [rule];
  return { pdf: want.includes('pdf') };
}

// ---------------------------------------------------------------- validation

const MAX_TEXT = 20_000;

function realIsoDate(v: string): boolean {
  if (!isIsoDate(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/**
 * A value sent for a field, checked by its type and normalised (decimal point, ISO date); the
 * error is a Russian sentence naming the field.
 */
export function checkValue(f: FieldDef, raw: FieldValue): { value: FieldValue } | { error: string } {
  const name = `Поле «${f.title}»`;
  if (!f.editable)
    return {
      error: `${name} заполняется автоматически (${f.source === 'computed' ? 'вычисляется' : 'берётся из карточки закупки'}): его нельзя изменить здесь`,
    };
  if (raw === null) return { value: null };
  if (typeof raw !== 'string') return { error: `${name}: ожидается значение, а не таблица` };
  const v = raw.trim();
  if (v === '') return { value: '' };
  switch (f.type) {
    case 'number': {
      const n = v.replace(/\s/g, '').replace(',', '.');
      if (!/^-?\d{1,15}(\.\d{1,6})?$/.test(n)) return { error: `${name}: введите число` };
      return { value: n };
    }
    case 'money': {
      const n = v.replace(/[\s\u00a0₽]/g, '').replace(',', '.');
      if (!/^\d{1,15}(\.\d{1,2})?$/.test(n))
        return { error: `${name}: введите сумму в рублях (не больше двух знаков после запятой)` };
      const [whole, frac = ''] = n.split('.');
      return { value: `${whole}.${frac.padEnd(2, '0')}` };
    }
    case 'date': {
      const ru = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(v);
      const iso = ru ? `${ru[3]}-${ru[2]}-${ru[1]}` : v;
      if (!realIsoDate(iso)) return { error: `${name}: введите дату (ДД.ММ.ГГГГ)` };
      return { value: iso };
    }
    case 'select':
      if (!f.options.includes(v))
        return { error: `${name}: выберите одно из значений: ${f.options.join(', ')}` };
      return { value: v };
    default:
      if (v.length > MAX_TEXT) return { error: `${name}: не длиннее ${MAX_TEXT} символов` };
      return { value: raw };
  }
}

// ---------------------------------------------------------------- rendering

/** Marks a value the document needed and did not have, so the blank is visible in the document. */
export const BLANK = '________________';

/** A value as a document shows it: money with spaces and ₽, dates as ДД.ММ.ГГГГ, decimals with a comma. */
export function renderValue(type: string, v: string): string {
  switch (type) {
    case 'money':
      return /^-?\d+(\.\d+)?$/.test(v) ? formatRub(v) : v;
    case 'date':
      return isIsoDate(v) ? formatRuDate(v) : v;
    case 'number':
      return v.replace('.', ',');
    default:
      return v;
  }
}

const money = (v: string | undefined) => (v && /^-?\d+(\.\d+)?$/.test(v) ? formatRub(v) : (v ?? ''));

function itemScope(r: Record<string, string>) {
  return {
    'item.no': r.no ?? '',
    'item.name': r.name ?? '',
    'item.okpd2': r.okpd2 ?? '',
    'item.unit': r.unit ?? '',
    'item.quantity': (r.quantity ?? '').replace('.', ','),
    'item.price': money(r.price),
    'item.sum': money(r.sum),
    'item.vat': r.vat ?? '',
  };
}

/**
 * The data a template is filled with: every field it uses rendered by type, empty ones marked
 * with a blank line and listed in `missing`; `items` (all lots) and `lots` (each with its own
 * `items`) as the loops. No key is ever left undefined.
 */
export function templateData(
  fields: FieldDef[],
  values: Record<string, FieldValue>,
): { data: Record<string, unknown>; missing: string[] } {
  const data: Record<string, unknown> = {};
  const missing: string[] = [];
  const items = Array.isArray(values.items) ? values.items : [];
  for (const f of fields) {
    const v = values[f.code];
    if (f.code === 'items' || f.code === 'lots') {
      if (isEmpty(v)) missing.push(f.code);
      continue;
    }
    if (isEmpty(v) || typeof v !== 'string') {
      missing.push(f.code);
      data[f.code] = BLANK;
    } else data[f.code] = renderValue(f.type, v);
  }
  // an older name in an uploaded template (`customer_name`) reads its system field's value
  for (const [old, tag] of Object.entries(FIELD_ALIASES)) if (Object.hasOwn(data, tag)) data[old] = data[tag];
  data.items = items.map(itemScope);
  const lots = Array.isArray(values.lots) ? values.lots : [];
  data.lots = lots.map((l) => ({
    'lot.number': l.number ?? '',
    'lot.subject': l.subject ?? '',
    'lot.nmcd': money(l.nmcd),
    items: items.filter((i) => i.lot === l.number).map(itemScope),
  }));
  return { data, missing };
}

/** `«Извещение о закупке — З-2026-001.docx»`: the title and the procurement number, Cyrillic kept. */
export function outputFileName(title: string, number: string, ext: 'docx' | 'pdf'): string {
  const clean = (x: string) =>
    x
      // biome-ignore lint/suspicious/noControlCharactersInRegex: file names must not carry control characters
      .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  const base = `${clean(title) || 'Документ'} — ${clean(number) || 'без номера'}`.slice(0, 200);
  return `${base}.${ext}`;
}
