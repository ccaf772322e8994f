import { z } from 'zod';
import { MSG_NUMERIC, MSG_REQUIRED } from '../validation-messages.js';

export const IdParam = z.object({ id: z.coerce.number().int().positive() });
export const CompanyParam = z.object({ company_id: z.coerce.number().int().positive() });

/**
 * Paging of every list. Strict, and so is every query built on it with `.extend()`: a parameter
 * the list does not know (a misspelt filter) is a 400 naming it, never silently ignored.
 */
export const PageQuery = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(500).default(10),
  })
  .strict();
export type PageQuery = z.infer<typeof PageQuery>;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  });
}
export type Page<T> = { items: T[]; total: number; page: number; limit: number };

export const Empty = z.null().describe('No content');
export const Ok = z.object({ ok: z.literal(true) });

/** Trimmed non-empty string: «Обязательное поле». */
export const requiredText = (max = 1000) =>
  z.string().trim().min(1, 'Обязательное поле').max(max, `Не более ${max} символов`);
export const optionalText = (max = 1000) =>
  z
    .string()
    .trim()
    .max(max, `Не более ${max} символов`)
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * An update's optional text: absent stays absent (the stored value is kept), null or blank clears.
 * (`optionalText` turns an absent field into null: right for a create, wrong for an update.)
 */
export const keptText = (max = 1000) =>
  z
    .string()
    .trim()
    .max(max, `Не более ${max} символов`)
    .transform((v) => (v ? v : null))
    .nullable()
    .optional();

/** The fields of an update made from a create's: each may be absent (kept), none fills itself in. */
export type KeptFields<T extends Record<string, z.ZodType>> = {
  [K in keyof T]: z.ZodOptional<T[K] extends z.ZodDefault<infer I> ? I : T[K]>;
};

/**
 * An update's fields from the create's (`fields`): an absent field parses to undefined and the
 * server keeps its stored value; a default is dropped (it would overwrite), and a transform that
 * turns absence into null is not run on absence (a field made `.optional()` parses undefined to
 * undefined). A sent value is checked and transformed as on create; null clears where the field
 * takes null.
 */
export function keptFields<T extends Record<string, z.ZodType>>(fields: T): KeptFields<T> {
  const out: Record<string, z.ZodType> = {};
  for (const [k, f] of Object.entries(fields))
    out[k] = (f instanceof z.ZodDefault ? (f.unwrap() as z.ZodType) : f).optional();
  return out as KeptFields<T>;
}

export const email = z.string().trim().toLowerCase().email('Введите корректный email');
/** An empty date is «Обязательное поле» (what a form shows), other text names the API's format. */
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, {
  error: (issue) => (issue.input === '' ? MSG_REQUIRED : 'Дата в формате ГГГГ-ММ-ДД'),
});
export const MONEY_MAX_DIGITS = 15;
export const MSG_MONEY_TOO_LARGE = `Слишком большая сумма: не более ${MONEY_MAX_DIGITS} цифр до запятой`;
/** A sum as a decimal string: a number too long for the database is refused as too large, never rounded. */
export const money = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).replace(/\s/g, '').replace(',', '.'))
  .check((ctx) => {
    const v = ctx.value;
    if (!/^-?\d+(\.\d+)?$/.test(v)) ctx.issues.push({ code: 'custom', input: v, message: MSG_NUMERIC });
    else if (!/^-?\d{1,15}(\.\d+)?$/.test(v))
      ctx.issues.push({ code: 'custom', input: v, message: MSG_MONEY_TOO_LARGE });
    else if (!/^-?\d+(\.\d{1,2})?$/.test(v))
      ctx.issues.push({ code: 'custom', input: v, message: 'Не более двух знаков после запятой' });
  });

/** An EIS registration number (of a Положение, a report, a protocol placed): 5 to 30 digits. */
export const EIS_REGISTRATION_NUMBER = /^\d{5,30}$/;
