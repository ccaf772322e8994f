import { ERROR_STATUS, type ErrorCode } from '@zakupki/shared';

/** The one error type services throw; the error plugin turns it into `{error: {code, message, details}}`. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details?: unknown;
  constructor(code: ErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.details = details;
  }
}

/**
 * One factory per kind of refusal: services throw `notFound(…)`, `conflict(…)`, `invalid(issues)`
 * and never build an AppError themselves (test/modules.test.ts checks).
 */
export const notFound = (what = 'Запрашиваемый ресурс не найден', details?: unknown) =>
  new AppError('not_found', what, details);
export const forbidden = (what = 'Недостаточно прав', details?: unknown) =>
  new AppError('forbidden', what, details);
export const conflict = (message: string, details?: unknown) => new AppError('conflict', message, details);
/** A refused input: each issue names the field (`body.x`) and what is wrong with it. */
export const invalid = (
  issues: { path: string; message: string }[],
  message = 'Проверьте введённые данные',
) => new AppError('validation_failed', message, { issues });
export const badRequest = (message: string, details?: unknown) =>
  new AppError('bad_request', message, details);
/** An uploaded file that cannot be taken (its format, its content). */
export const invalidFile = (message: string, details?: unknown) =>
  new AppError('invalid_file', message, details);
export const unauthorized = (message: string) => new AppError('unauthorized', message);
export const invalidCredentials = (message: string) => new AppError('invalid_credentials', message);
export const registrationPending = (message: string, details?: unknown) =>
  new AppError('registration_pending', message, details);
export const registrationRejected = (message: string, details?: unknown) =>
  new AppError('registration_rejected', message, details);
export const accountBlocked = (message: string, details?: unknown) =>
  new AppError('account_blocked', message, details);
/** A record still referred to: it may only be archived. */
export const hasDependents = (message: string, details?: unknown) =>
  new AppError('has_dependents', message, details);
/** A value another record already holds (a code, an ИНН, a login). */
export const duplicate = (message: string, details?: unknown) => new AppError('duplicate', message, details);
export const tariffLimit = (message: string, details?: unknown) =>
  new AppError('tariff_limit', message, details);
export const payloadTooLarge = (message: string) => new AppError('payload_too_large', message);
export const unsupportedMediaType = (message: string) => new AppError('unsupported_media_type', message);
export const tooManyRequests = (message: string, details?: unknown) =>
  new AppError('too_many_requests', message, details);
export const serviceUnavailable = (message: string, details?: unknown) =>
  new AppError('service_unavailable', message, details);
export const timedOut = (message: string, details?: unknown) => new AppError('timeout', message, details);
/** A refusal whose kind is known only at run time (an error rebuilt from a worker thread's message). */
export const appError = (code: ErrorCode, message: string, details?: unknown) =>
  new AppError(code, message, details);
