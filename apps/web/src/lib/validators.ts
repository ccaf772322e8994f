import { MSG_REQUIRED } from '@zakupki/shared/validation-messages';

/**
 * The few checks only a form can make beside its shared input schema (schemaValidate's `also`):
 * a confirmation field the API never receives, and the phone format the API keeps as free text.
 * Everything else a form refuses comes from the schema the API checks (docs/web.md «Forms»).
 */

export const MSG_PASSWORDS_DIFFER = 'Пароли не совпадают';

/** A repeated password: required, and the same as the first one. */
export const confirmationProblem = (value: string, repeated: string): string | null =>
  repeated === '' ? MSG_REQUIRED : repeated === value ? null : MSG_PASSWORDS_DIFFER;

/** Phone: digits, spaces, brackets, dashes and a leading +, 5 to 20 digits; empty passes. */
export function phoneProblem(value: string): string | null {
  const s = value.trim();
  if (!s) return null;
  const digits = s.replace(/\D/g, '');
  return /^\+?[\d\s()-]+$/.test(s) && digits.length >= 5 && digits.length <= 20
    ? null
    : 'Введите корректный номер телефона';
}
