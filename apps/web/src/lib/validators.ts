import { MSG_EMAIL, MSG_NUMERIC, MSG_REQUIRED } from '@zakupki/shared/validation-messages';
import { passwordProblem } from '@zakupki/shared/validators/password';
import {
  checkBik,
  checkCorrespondentAccount,
  checkInn,
  checkKpp,
  checkOgrn,
  checkSettlementAccount,
} from '@zakupki/shared/validators/requisites';

/**
 * Field rules of docs/product.md §5. A rule returns a Russian message or null; `rules(...)` combines
 * them into a Mantine form validator that shows all of a field's messages joined by commas.
 * Every rule but `required` passes an empty value (combine with `required` when it is needed).
 */
export type Rule = (value: unknown, values?: unknown) => string | null;

const field = (values: unknown, name: string): unknown =>
  values && typeof values === 'object' ? (values as Record<string, unknown>)[name] : undefined;

// the same texts as the API's validation messages (one definition in the shared package)
export { MSG_EMAIL, MSG_NUMERIC, MSG_REQUIRED };

const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
const blank = (v: unknown) => (Array.isArray(v) ? v.length === 0 : text(v).trim() === '');

export const required: Rule = (v) => (blank(v) ? MSG_REQUIRED : null);

/** Digits with an optional decimal part (`.` or `,`), optionally negative. */
export const numeric: Rule = (v) =>
  blank(v) ||
  /^-?\d+([.,]\d+)?$/.test(
    text(v)
      .trim()
      .replace(/[\s\u00a0]/g, ''),
  )
    ? null
    : MSG_NUMERIC;

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
export const email: Rule = (v) => (blank(v) || EMAIL_RE.test(text(v).trim()) ? null : MSG_EMAIL);

const fromCheck =
  (check: (v: string) => string | null): Rule =>
  (v) =>
    blank(v) ? null : check(text(v).trim());

export const inn = fromCheck(checkInn);
export const kpp = fromCheck(checkKpp);
export const ogrn = fromCheck(checkOgrn);
export const bik = fromCheck(checkBik);

/** Phone: digits, spaces, brackets, dashes and a leading +, 5 to 20 digits. */
export const phone: Rule = (v) => {
  if (blank(v)) return null;
  const s = text(v).trim();
  const digits = s.replace(/\D/g, '');
  return /^\+?[\d\s()-]+$/.test(s) && digits.length >= 5 && digits.length <= 20
    ? null
    : 'Введите корректный номер телефона';
};

/** A settlement account checked against the БИК in `bikField` of the same form. */
export const settlementAccount =
  (bikField = 'bik'): Rule =>
  (v, values) =>
    blank(v) ? null : checkSettlementAccount(text(v).trim(), text(field(values, bikField)).trim());

/** A correspondent account checked against the БИК in `bikField` of the same form. */
export const correspondentAccount =
  (bikField = 'bik'): Rule =>
  (v, values) =>
    blank(v) ? null : checkCorrespondentAccount(text(v).trim(), text(field(values, bikField)).trim());

export const maxLength =
  (max: number): Rule =>
  (v) =>
    text(v).length > max ? `Не более ${max} символов` : null;

export const minLength =
  (min: number): Rule =>
  (v) =>
    blank(v) || text(v).length >= min ? null : `Не менее ${min} символов`;

/**
 * A new password by the server's rule (packages/shared validators/password.ts, the same Russian
 * messages): length, not one repeated character or a sequence, not a common password, and not
 * containing the login — the login is read from the form field `loginField`, or given as a function
 * (the profile form: the session's login).
 */
export const newPassword =
  (login: string | (() => string | null | undefined)): Rule =>
  (v, values) =>
    blank(v)
      ? null
      : passwordProblem(text(v), typeof login === 'function' ? login() : text(field(values, login)));

/** Same value as another field (password confirmation). */
export const sameAs =
  (other: string, message: string): Rule =>
  (v, values) =>
    text(v) === text(field(values, other)) ? null : message;

/** Every failing rule's message, joined by commas; null when all pass. */
export function validate(value: unknown, values: unknown, ...list: Rule[]): string | null {
  const messages = list.map((r) => r(value, values)).filter((m): m is string => !!m);
  return messages.length ? [...new Set(messages)].join(', ') : null;
}

/** A Mantine form rule from several rules. */
export function rules(...list: Rule[]) {
  return (value: unknown, values?: unknown) => validate(value, values, ...list);
}
