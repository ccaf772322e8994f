import { z } from 'zod';

/**
 * Russian validation messages, one definition for the API (the route schemas' 400 answers) and the
 * web forms (lib/validators.ts takes its texts from here). zod's own customisation: `customError`
 * words the common cases as the forms do, every other issue falls back to zod's Russian locale.
 * A message written on a schema (`z.string().min(1, '…')`) still wins over both.
 */
export const MSG_REQUIRED = 'Обязательное поле';
export const MSG_NUMERIC = 'Значение должно быть числовое';
export const MSG_EMAIL = 'Введите корректный email';
export const MSG_OPTION = 'Недопустимое значение';
export const MSG_TYPE = 'Недопустимый тип значения';

const COUNTED = new Set(['string', 'array']);
const NUMERIC = new Set(['number', 'int']);

/** Names what is unknown (a misspelt filter must not pass as no filter at all). */
export function unknownKeys(keys: readonly string[]): string {
  const named = keys.map((k) => `«${k}»`);
  return named.length > 1 ? `Неизвестные параметры: ${named.join(', ')}` : `Неизвестный параметр ${named[0]}`;
}

export const russianErrors: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return MSG_REQUIRED;
      return NUMERIC.has(issue.expected) ? MSG_NUMERIC : MSG_TYPE;
    case 'too_small': {
      const n = String(issue.minimum);
      if (NUMERIC.has(issue.origin)) return `Значение должно быть не меньше ${n}`;
      if (COUNTED.has(issue.origin)) return `Не менее ${n} символов или элементов`;
      return 'Значение слишком маленькое или короткое';
    }
    case 'too_big': {
      const n = String(issue.maximum);
      if (NUMERIC.has(issue.origin)) return `Значение должно быть не больше ${n}`;
      if (COUNTED.has(issue.origin)) return `Не более ${n} символов или элементов`;
      return 'Значение слишком большое или длинное';
    }
    case 'invalid_format':
      return issue.format === 'email' ? MSG_EMAIL : undefined;
    case 'invalid_value':
      return MSG_OPTION;
    case 'unrecognized_keys':
      return unknownKeys(issue.keys);
    default:
      return undefined;
  }
};

/** zod everywhere this package is loaded speaks Russian (index.ts applies it once). */
export function applyRussianValidationMessages() {
  z.config({ ...z.locales.ru(), customError: russianErrors });
}
