import { applyRussianValidationMessages, type ErrorBody, type ValidationIssue } from '@zakupki/shared';
import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { errorEvents } from '../db/schema/index.js';
import { AppError } from '../lib/app-error.js';
import { shortCode } from '../lib/ids.js';
import { storableText } from '../lib/storable-text.js';
import type { AppDeps } from '../types.js';
import { registerRequestTimeout } from './request-timeout.js';
import { type SpaHolder, spaPage } from './web.js';

const ZOD_PREFIX: Record<string, string> = { body: 'body', querystring: 'query', params: 'params' };

function validationIssues(err: FastifyError): ValidationIssue[] {
  const out: ValidationIssue[] = [];
  if (hasZodFastifySchemaValidationErrors(err)) {
    const where = ZOD_PREFIX[err.validationContext ?? 'body'] ?? 'body';
    for (const v of err.validation) {
      const p = String(v.instancePath ?? '')
        .split('/')
        .filter(Boolean)
        .join('.');
      out.push({ path: p ? `${where}.${p}` : where, message: String(v.message ?? '') });
    }
  }
  return out;
}

export function sendError(reply: FastifyReply, status: number, body: ErrorBody) {
  if (reply.sent) return reply;
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** One error model for every route: `{error: {code, message, details}}`, 5xx with a stored `sentry_code`. */
export function registerErrorHandling(app: FastifyInstance, spa: SpaHolder) {
  // the route schemas' messages (packages/shared/src/validation-messages.ts)
  applyRussianValidationMessages();
  app.setNotFoundHandler((req, reply) => {
    const page = spaPage(spa, req.method, req.url);
    if (page) return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page);
    return sendError(reply, 404, {
      error: { code: 'not_found', message: `Маршрут не найден: ${req.method} ${req.url.split('?')[0]}` },
    });
  });

  app.setErrorHandler(async (err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      return sendError(reply, err.status, {
        error: { code: err.code, message: err.message, details: err.details },
      });
    }
    if (err.validation) {
      const issues = validationIssues(err);
      return sendError(reply, 400, {
        error: { code: 'validation_failed', message: 'Проверьте введённые данные', details: { issues } },
      });
    }
    if (
      err.code === 'FST_REQ_FILE_TOO_LARGE' ||
      err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ||
      err.statusCode === 413
    ) {
      return sendError(reply, 413, {
        error: { code: 'payload_too_large', message: 'Слишком большой запрос или файл' },
      });
    }
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || err.statusCode === 415) {
      return sendError(reply, 415, {
        error: { code: 'unsupported_media_type', message: 'Неподдерживаемый тип содержимого' },
      });
    }
    if (
      err.statusCode &&
      err.statusCode >= 400 &&
      err.statusCode < 500 &&
      !isResponseSerializationError(err)
    ) {
      return sendError(reply, err.statusCode, { error: { code: 'bad_request', message: err.message } });
    }
    if (databaseUnavailable(err)) {
      const code = await recordServerError(app, req, err);
      return sendError(reply, 503, {
        error: {
          code: 'service_unavailable',
          message: 'База данных временно недоступна. Повторите попытку через минуту',
        },
        sentry_code: code,
      });
    }
    const code = await recordServerError(app, req, err);
    return sendError(reply, 500, {
      error: { code: 'internal_error', message: 'Внутренняя ошибка сервера' },
      sentry_code: code,
    });
  });

  registerRequestTimeout(app);
}

/** Network errors of a lost connection, and PostgreSQL's own codes for "not available now". */
const NET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);
// 08: connection exception; 57P01-57P03: shut down, crash, starting; 53300: too many connections
const PG_UNAVAILABLE = /^(08|57P0[123]|53300)/;
const LOST_CONNECTION =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is closed/i;

/**
 * Whether an error (or any error it was caused by: Drizzle wraps the driver's) says the database
 * cannot be reached, rather than that a query was wrong.
 */
export function databaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (NET_CODES.has(code) || PG_UNAVAILABLE.test(code))) return true;
    if (typeof message === 'string' && LOST_CONNECTION.test(message)) return true;
    if (e instanceof AggregateError && e.errors.some((x) => databaseUnavailable(x))) return true;
  }
  return false;
}

export async function recordServerError(
  app: FastifyInstance,
  req: FastifyRequest | null,
  err: Error,
): Promise<string> {
  return storeErrorEvent(app.deps, req?.log ?? app.log, err, {
    method: req?.method ?? null,
    route: req?.routeOptions?.url ?? req?.url ?? null,
    userId: req?.actor?.userId ?? null,
    requestId: req?.id ?? null,
  });
}

type ErrorPlace = {
  method: string | null;
  route: string | null;
  userId: number | null;
  requestId: string | null;
};

/**
 * Logs an unexpected error under a short code and stores it for staff (`error_events`). When the
 * database is what failed, the whole event stays in the log under its code.
 */
export async function storeErrorEvent(
  deps: Pick<AppDeps, 'db'>,
  log: FastifyBaseLogger,
  err: Error,
  place: ErrorPlace,
): Promise<string> {
  const code = shortCode();
  log.error({ err, sentry_code: code, route: place.route }, 'server error');
  try {
    // a message or stack quoting odd bytes (a NUL of a file name) must not fail the store itself
    await deps.db.insert(errorEvents).values({
      code,
      method: place.method,
      route: place.route === null ? null : storableText(place.route),
      userId: place.userId,
      requestId: place.requestId,
      message: storableText(String(err.message ?? '')),
      stack: err.stack ? storableText(err.stack) : null,
    });
  } catch (e) {
    log.error(
      { err: e, sentry_code: code, event: { ...place, message: err.message, stack: err.stack } },
      'could not store error event',
    );
  }
  return code;
}
