import { ApiError } from '../../../lib/http-errors';

/**
 * A refusal the screen shows itself, as an alert with the server's words: a rule of the law
 * (409 `conflict`: «Срок подачи заявок … не менее 15 дней …») or any other 4xx with a message that
 * is not a list of field issues. Null for validation issues (they go onto the fields) and for
 * failures the usual error notice handles (5xx, offline, 404).
 */
export function refusalOf(err: unknown): string | null {
  if (!(err instanceof ApiError)) return null;
  if (err.issues.length) return null;
  if (err.status >= 400 && err.status < 500 && err.status !== 401 && err.status !== 404 && err.code)
    return err.message;
  return null;
}
