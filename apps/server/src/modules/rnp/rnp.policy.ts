import { isValidInn } from '@zakupki/shared';
import { ParseError } from '../../lib/parse-error.js';

export type RnpLaw = '44-fz' | '223-fz';

/** One entry of the register as read from a file, checked (`checkRow`). Dates are YYYY-MM-DD. */
export type RnpRow = {
  registryNumber: string;
  law: RnpLaw;
  inn: string;
  kpp: string | null;
  name: string;
  includedOn: string;
  excludedOn: string | null;
  customerName: string | null;
  customerInn: string | null;
  purchaseNumber: string | null;
  reason: string | null;
};

/** The raw values of one record, as a format reader found them (all text, possibly empty). */
export type RawRnpRow = { [K in keyof RnpRow]?: string | null };

/**
 * Is the entry in force on `on` (YYYY-MM-DD)? From its inclusion date on, until the day before its
 * exclusion date: an entry excluded on 2026-03-01 still counts on 2026-02-28, no longer on
 * 2026-03-01. An entry without an exclusion date counts from its inclusion on. The register's own
 * dates decide: no period is computed here (the file states when an entry leaves).
 */
export const inForce = (e: { includedOn: string; excludedOn: string | null }, on: string): boolean =>
  e.includedOn <= on && (e.excludedOn === null || on < e.excludedOn);

/** «44-ФЗ», «44», «fcs» → 44-fz; «223-ФЗ», «223» → 223-fz; anything else null. */
export function lawOf(text: string | null | undefined): RnpLaw | null {
  const t = (text ?? '').trim().toLowerCase();
  if (/^(44(-?фз|-?fz)?|fcs)$/.test(t.replace(/\s+/g, ''))) return '44-fz';
  if (/^223(-?фз|-?fz)?$/.test(t.replace(/\s+/g, ''))) return '223-fz';
  return null;
}

export const LAW_TITLES: Record<RnpLaw, string> = { '44-fz': '44-ФЗ', '223-fz': '223-ФЗ' };

/**
 * A date as the registers write it: `YYYY-MM-DD` (with a time and zone after it in XML, which are
 * dropped: the date as written is the date of the entry) or `DD.MM.YYYY`. Null for an empty value;
 * undefined for one that is not a date.
 */
export function dateOf(text: string | null | undefined): string | null | undefined {
  const t = (text ?? '').trim();
  if (!t) return null;
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T\s+Z-])/.exec(t);
  const ru = /^(\d{2})\.(\d{2})\.(\d{4})(?:$|\s)/.exec(t);
  const ymd = iso ? [iso[1], iso[2], iso[3]] : ru ? [ru[3], ru[2], ru[1]] : null;
  if (!ymd) return undefined;
  const day = `${ymd[0]}-${ymd[1]}-${ymd[2]}`;
  const d = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== day ? undefined : day;
}

const clean = (s: string | null | undefined) => {
  const t = (s ?? '').replace(/\s+/g, ' ').trim();
  return t === '' ? null : t;
};

/** The column (CSV) or element (XML) each field is read from, for the refusal's text. */
export type FieldNames = Record<keyof RnpRow, string>;

/**
 * Checks one raw record and returns the entry, or refuses the whole file naming the record
 * (`where`: «строка 5», «запись 3 (реестровый номер …)») and the column or element at fault.
 */
export function checkRow(
  raw: RawRnpRow,
  where: string,
  names: FieldNames,
  defaultLaw: RnpLaw | null,
): RnpRow {
  const refuse = (field: keyof RnpRow, problem: string): never => {
    throw new ParseError(`${names[field]}: ${problem}`, where);
  };
  const registryNumber = clean(raw.registryNumber) ?? refuse('registryNumber', 'не заполнен');
  const lawText = clean(raw.law);
  const law = lawText
    ? (lawOf(lawText) ?? refuse('law', `«${lawText}» — ожидается 44-ФЗ или 223-ФЗ`))
    : defaultLaw;
  if (!law)
    refuse('law', 'не указан закон (44-ФЗ или 223-ФЗ): добавьте его в файл или выберите при загрузке');
  const inn = clean(raw.inn)?.replace(/\s/g, '') ?? refuse('inn', 'не заполнен');
  if (!/^(\d{10}|\d{12})$/.test(inn)) refuse('inn', `«${inn}» — ожидается 10 или 12 цифр`);
  if (!isValidInn(inn)) refuse('inn', `«${inn}» — неверная контрольная сумма`);
  const kpp = clean(raw.kpp);
  if (kpp !== null && !/^\d{4}[\dA-Z]{2}\d{3}$/.test(kpp)) refuse('kpp', `«${kpp}» — ожидается 9 знаков`);
  const name = clean(raw.name) ?? refuse('name', 'не заполнено');
  const includedText = clean(raw.includedOn) ?? refuse('includedOn', 'не заполнена');
  const includedOn =
    dateOf(includedText) ?? refuse('includedOn', `«${includedText}» — не дата (ДД.ММ.ГГГГ или ГГГГ-ММ-ДД)`);
  const excludedText = clean(raw.excludedOn);
  const excludedOn = dateOf(excludedText);
  if (excludedOn === undefined)
    refuse('excludedOn', `«${excludedText}» — не дата (ДД.ММ.ГГГГ или ГГГГ-ММ-ДД)`);
  if (excludedOn && excludedOn < includedOn)
    refuse('excludedOn', `${excludedOn} раньше даты включения ${includedOn}`);
  const customerInn = clean(raw.customerInn);
  if (customerInn !== null && !/^(\d{10}|\d{12})$/.test(customerInn))
    refuse('customerInn', `«${customerInn}» — ожидается 10 или 12 цифр`);
  return {
    registryNumber,
    law: law as RnpLaw,
    inn,
    kpp,
    name,
    includedOn,
    excludedOn: excludedOn ?? null,
    customerName: clean(raw.customerName),
    customerInn,
    purchaseNumber: clean(raw.purchaseNumber),
    reason: clean(raw.reason),
  };
}

/**
 * The entries of a file, one per registry number of a law: a later record of the same number (an
 * export repeats an entry when it is changed) replaces the earlier one.
 */
export function latestByNumber(rows: RnpRow[]): RnpRow[] {
  const byKey = new Map<string, RnpRow>();
  for (const r of rows) byKey.set(`${r.law}:${r.registryNumber}`, r);
  return [...byKey.values()];
}
