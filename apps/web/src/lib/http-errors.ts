import type { ValidationIssue } from '@zakupki/shared/errors';

/** A failed API call: HTTP status (0 when the server could not be reached) and the error body. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | null;
  readonly details: unknown;
  readonly sentryCode: string | null;
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    const parsed = parseErrorBody(body);
    super(parsed.message ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = parsed.code;
    this.details = parsed.details;
    this.sentryCode = parsed.sentryCode;
    this.body = body;
  }

  /** Issues of a 400 validation_failed answer: `[{ path: 'body.inn', message }]`. */
  get issues(): ValidationIssue[] {
    const d = this.details as { issues?: unknown } | null | undefined;
    if (this.code !== 'validation_failed' || !Array.isArray(d?.issues)) return [];
    return d.issues.filter(
      (i): i is ValidationIssue =>
        !!i && typeof i === 'object' && typeof i.path === 'string' && typeof i.message === 'string',
    );
  }
}

type ParsedBody = {
  code: string | null;
  message: string | null;
  details: unknown;
  sentryCode: string | null;
};

function parseErrorBody(body: unknown): ParsedBody {
  const out: ParsedBody = { code: null, message: null, details: undefined, sentryCode: null };
  if (!body || typeof body !== 'object') return out;
  const b = body as { error?: unknown; sentry_code?: unknown };
  if (typeof b.sentry_code === 'string' && b.sentry_code) out.sentryCode = b.sentry_code;
  if (b.error && typeof b.error === 'object') {
    const e = b.error as { code?: unknown; message?: unknown; details?: unknown };
    if (typeof e.code === 'string') out.code = e.code;
    if (typeof e.message === 'string' && e.message.trim()) out.message = e.message;
    out.details = e.details;
  }
  return out;
}

export const HTTP_ERROR_HEADER = 'Произошла ошибка сервера';
/** The header of a refusal of the user's input shown as a notice (no form or dialog to show it in). */
export const REFUSAL_HEADER = 'Не выполнено';
export const MSG_NOT_FOUND = 'Запрашиваемый ресурс не найден';
export const MSG_TIMEOUT = 'Время ожидания ответа истекло. Попробуйте позже';
export const MSG_UNKNOWN = 'Произошла неизвестная ошибка';
export const MSG_OFFLINE = 'Сервер недоступен. Проверьте подключение к сети и повторите попытку';
export const operatorMessage = (code: string) => `Обратитесь к оператору Код ошибки: ${code}`;

export type HttpErrorAction =
  | { kind: 'logout' }
  | { kind: 'notice'; header: string; message: string; code: string | null };

/**
 * What the user sees for a failed request (docs/product.md §8, docs/product.md): 401 logs out to /login;
 * 404 and 504 have fixed texts; a 5xx carries `sentry_code` → «Обратитесь к оператору Код
 * ошибки: …» with the code to copy. A 4xx whose body carries the server's own Russian message
 * (409 «already exists», 403 «blocked», …) shows that message under «Не выполнено» — a refusal,
 * not a broken system; anything else is «Произошла неизвестная ошибка».
 */
export function mapHttpError(status: number, body: unknown): HttpErrorAction {
  const parsed = parseErrorBody(body);
  const notice = (message: string, code: string | null = null): HttpErrorAction => ({
    kind: 'notice',
    header: HTTP_ERROR_HEADER,
    message,
    code,
  });
  if (status === 401 && parsed.code !== 'invalid_credentials') return { kind: 'logout' };
  if (status === 404) return notice(MSG_NOT_FOUND);
  if (status === 504) return notice(MSG_TIMEOUT);
  if (parsed.sentryCode) return notice(operatorMessage(parsed.sentryCode), parsed.sentryCode);
  if (status === 0) return notice(MSG_OFFLINE);
  if (status >= 400 && status < 500 && parsed.code && parsed.message)
    return { kind: 'notice', header: REFUSAL_HEADER, message: parsed.message, code: null };
  return notice(MSG_UNKNOWN);
}

/**
 * The server refused the user's input (400, 409, 413, 415, 422 with its own message): not a
 * failure of the system, so it is shown where the input is (the form or dialog), not under
 * «Произошла ошибка сервера».
 */
export function isRefusal(err: unknown): err is ApiError {
  return err instanceof ApiError && REFUSAL_STATUSES.has(err.status) && !!err.code && err.message !== '';
}
const REFUSAL_STATUSES = new Set([400, 409, 413, 415, 422]);

/** The mapping for any thrown value (non-API errors are unknown errors). */
export function mapError(err: unknown): HttpErrorAction {
  if (err instanceof ApiError) {
    return mapHttpError(err.status, err.body);
  }
  return { kind: 'notice', header: HTTP_ERROR_HEADER, message: MSG_UNKNOWN, code: null };
}

/** Validation issues by form field: `body.company.inn` → `company.inn`, messages joined by commas. */
export function fieldErrors(issues: ValidationIssue[], prefix = 'body'): Record<string, string> {
  const byField = new Map<string, string[]>();
  for (const i of issues) {
    const path =
      i.path === prefix ? '' : i.path.startsWith(`${prefix}.`) ? i.path.slice(prefix.length + 1) : i.path;
    const list = byField.get(path) ?? [];
    if (!list.includes(i.message)) list.push(i.message);
    byField.set(path, list);
  }
  return Object.fromEntries([...byField].map(([k, v]) => [k, v.join(', ')]));
}
