import type { UseFormReturnType } from '@mantine/form';
import { ApiError, fieldErrors } from '../../lib/http-errors';
import { notices } from '../notices/notices.store';

/**
 * A 400 validation_failed answer onto the form: each issue under its field (`body.company.inn`
 * → `company.inn`), several messages joined by commas. Issues without a field of this form are
 * shown as an error notice. Returns true when the error was a validation error.
 */
// biome-ignore lint/suspicious/noExplicitAny: works with any form's values
export function applyServerErrors(form: UseFormReturnType<any>, err: unknown): boolean {
  if (!(err instanceof ApiError) || !err.issues.length) return false;
  const byField = fieldErrors(err.issues);
  const values = form.getValues() as Record<string, unknown>;
  const rest: string[] = [];
  for (const [path, message] of Object.entries(byField)) {
    const top = path.split('.')[0];
    if (path && top in values) form.setFieldError(path, message);
    else rest.push(message);
  }
  if (rest.length) notices.error('Проверьте введённые данные', rest.join(', '));
  return true;
}
