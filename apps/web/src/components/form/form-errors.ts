import type { UseFormReturnType } from '@mantine/form';
import { reportApiError } from '../../lib/error-handler';
import { ApiError, fieldErrors, isRefusal } from '../../lib/http-errors';
import { notices } from '../notices/notices.store';

// biome-ignore lint/suspicious/noExplicitAny: works with any form's values
type AnyForm = UseFormReturnType<any>;

/** Puts a 400's issues on the form's fields; returns the messages of issues that name no field of it. */
function placeIssues(form: AnyForm, err: ApiError): string[] {
  const values = form.getValues() as Record<string, unknown>;
  const rest: string[] = [];
  for (const [path, message] of Object.entries(fieldErrors(err.issues))) {
    const top = path.split('.')[0];
    if (path && top in values) form.setFieldError(path, message);
    else rest.push(message);
  }
  return rest;
}

/**
 * A 400 validation_failed answer onto the form: each issue under its field (`body.company.inn`
 * → `company.inn`), several messages joined by commas. Issues without a field of this form are
 * shown as an error notice. Returns true when the error was a validation error.
 */
export function applyServerErrors(form: AnyForm, err: unknown): boolean {
  if (!(err instanceof ApiError) || !err.issues.length) return false;
  const rest = placeIssues(form, err);
  if (rest.length) notices.error('Проверьте введённые данные', rest.join(', '));
  return true;
}

/**
 * A failed save of a form or dialog whose mutation has `meta: { handled: true }`: a 400's issues
 * go onto the form's fields; a refusal of the input (400, 409, …) that lands on no field is
 * returned, to be shown in the form (`RefusalAlert`); anything else (401, 404, 504, 5xx, no
 * network) is reported as docs/product.md §8 says, and null is returned.
 */
export function formRefusal(form: AnyForm | null, err: unknown): string | null {
  if (!isRefusal(err)) {
    reportApiError(err);
    return null;
  }
  if (!form || !err.issues.length) return err.message;
  const rest = placeIssues(form, err);
  return rest.length ? rest.join(', ') : null;
}
