import { z } from 'zod';

/** Every error code the API can answer with, and its HTTP status. The compiler checks completeness. */
export const ERROR_STATUS = {
  validation_failed: 400,
  bad_request: 400,
  invalid_file: 400,
  unauthorized: 401,
  invalid_credentials: 401,
  registration_pending: 403,
  account_blocked: 403,
  registration_rejected: 403,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  duplicate: 409,
  has_dependents: 409,
  tariff_limit: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  too_many_requests: 429,
  internal_error: 500,
  service_unavailable: 503,
  timeout: 504,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
  sentry_code: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export type ValidationIssue = { path: string; message: string };
