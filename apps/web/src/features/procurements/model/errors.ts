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

/**
 * The server's message when a 400's issues come from the rules of the law (each issue names its
 * `rule`: notice period, dates in order, НМЦД = the items' sum, …): the issues go onto their fields
 * and the message («Срок подачи заявок … (и ещё замечаний: 1)») is shown as an alert as well.
 */
export function lawRefusalOf(err: unknown): string | null {
  if (!(err instanceof ApiError) || !err.issues.length) return null;
  const d = err.details as { issues?: { rule?: unknown }[] } | null;
  return d?.issues?.some((i) => typeof i?.rule === 'string') ? err.message : null;
}
