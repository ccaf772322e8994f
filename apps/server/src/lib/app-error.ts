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

export const notFound = (what = 'Запрашиваемый ресурс не найден') => new AppError('not_found', what);
export const forbidden = (what = 'Недостаточно прав') => new AppError('forbidden', what);
export const conflict = (message: string, details?: unknown) => new AppError('conflict', message, details);
/** A refused input: each issue names the field (`body.x`) and what is wrong with it. */
export const invalid = (issues: { path: string; message: string }[]) =>
  new AppError('validation_failed', 'Проверьте введённые данные', { issues });
export const badRequest = (message: string, details?: unknown) =>
  new AppError('bad_request', message, details);
