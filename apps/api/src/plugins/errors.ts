import { ERROR_MESSAGES, type ErrorBody, type ErrorCode, MESSAGES } from '@skyvault/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import {
  DATABASE_BUSY_RETRY_AFTER_SECONDS,
  DATABASE_RETRY_AFTER_SECONDS,
  isDatabaseBusy,
  isDatabaseUnavailable,
} from '../db/unavailable.js';
import { AppError } from '../lib/errors.js';
import { SealedValueError } from '../platform/secrets/sealed-value-error.js';

/**
 * A stored secret that the configured keys do not open is the operator's to fix (a key missing
 * during a rotation, a wrong SECRETS_KEY): another process may have the key, so 503, and the
 * details (table, row, keys tried) go to the log only.
 */
const SECRET_UNAVAILABLE =
  'A stored secret could not be opened on this server. Please try again later; if it persists, tell your operator.';

/** Fastify's own client errors (bad JSON, wrong content type, too large …) mapped to our codes. */
const CLIENT_CODES: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'INVALID_SESSION_EXCEPTION',
  403: 'INSUFFICIENT_ACCESS',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/** `/data/oauth/authorizedCallbackURLs/0` → `data.oauth.authorizedCallbackURLs.0` (the form's field path). */
const fieldPath = (instancePath: string, missing?: unknown) => {
  const parts = instancePath.split('/').filter(Boolean);
  if (typeof missing === 'string') parts.push(missing);
  return parts.join('.') || '_';
};

function toBody(error: FastifyError | AppError, request: FastifyRequest): ErrorBody {
  if (error instanceof AppError) {
    return {
      statusCode: error.statusCode,
      code: error.code,
      message: error.message,
      ...error.extra,
      requestId: request.id,
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: Record<string, string> = {};
    for (const issue of error.validation) {
      const key = fieldPath(
        issue.instancePath,
        (issue.params as { missingProperty?: unknown })?.missingProperty,
      );
      fields[key] ??= issue.message ?? MESSAGES.invalidValue;
    }
    const first = Object.values(fields)[0];
    return {
      statusCode: 400,
      code: 'VALIDATION_ERROR',
      message: first ?? ERROR_MESSAGES.VALIDATION_ERROR,
      fields,
      requestId: request.id,
    };
  }
  // The database is down or restarting: the same request may succeed shortly, so not a 500.
  if (isDatabaseUnavailable(error)) {
    return {
      statusCode: 503,
      code: 'DATABASE_UNAVAILABLE',
      message: ERROR_MESSAGES.DATABASE_UNAVAILABLE,
      retryAfter: DATABASE_RETRY_AFTER_SECONDS,
      requestId: request.id,
    };
  }
  // Another transaction held what this one needed (a deadlock, a lock time-out): asking again succeeds.
  if (isDatabaseBusy(error)) {
    return {
      statusCode: 503,
      code: 'DATABASE_BUSY',
      message: ERROR_MESSAGES.DATABASE_BUSY,
      retryAfter: DATABASE_BUSY_RETRY_AFTER_SECONDS,
      requestId: request.id,
    };
  }
  if (error instanceof SealedValueError) {
    return {
      statusCode: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: SECRET_UNAVAILABLE,
      requestId: request.id,
    };
  }
  // A unique index caught a race that the service's own check missed: a conflict, not a crash.
  const cause = (error as { cause?: { code?: string } }).cause;
  if (cause?.code === '23505') {
    return { statusCode: 409, code: 'CONFLICT', message: ERROR_MESSAGES.CONFLICT, requestId: request.id };
  }
  const status = error.statusCode ?? 500;
  const code = status < 500 ? (CLIENT_CODES[status] ?? 'BAD_REQUEST') : 'INTERNAL_ERROR';
  // Client errors from Fastify have safe, useful messages; server errors never leave the process.
  const message = status < 500 && error.message ? error.message : ERROR_MESSAGES[code];
  const body: ErrorBody = { statusCode: Math.min(status, 500), code, message, requestId: request.id };
  const retryAfter = status === 429 ? Number((error as { retryAfter?: number }).retryAfter) : Number.NaN;
  if (Number.isFinite(retryAfter)) body.retryAfter = retryAfter;
  return body;
}

/**
 * Errors the router meets before any route or hook runs: a path segment longer than any id (the router
 * stops reading it) or a malformed percent-encoding. Answered in the contract's body like the rest.
 */
export function answerRouterError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const code: ErrorCode = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'URI_TOO_LONG' : 'BAD_REQUEST';
  const statusCode = code === 'URI_TOO_LONG' ? 414 : 400;
  const body: ErrorBody = { statusCode, code, message: ERROR_MESSAGES[code], requestId: request.id };
  return reply
    .code(statusCode)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(body);
}

/** The one error handler: every error leaves as the contract's error body (ARCHITECTURE §4). */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const body = toBody(error, request);
      if (body.code === 'DATABASE_UNAVAILABLE' || body.code === 'DATABASE_BUSY') {
        // An outage or a lock conflict, not a bug: one line without the stack. The driver's own error
        // says which; the ORM's wrapper around it would carry the query's parameters.
        let root: unknown = error;
        while (root instanceof Error && root.cause instanceof Error) root = root.cause;
        const { code, message } = root as { code?: string; message?: string };
        const what = body.code === 'DATABASE_BUSY' ? 'database busy' : 'database unavailable';
        request.log.warn({ cause: { code, message } }, what);
      } else if (error instanceof SealedValueError) {
        // One line that names the value's place and the keys tried (never a key or the value).
        const { table, column, row, tenant, scope, keysTried, form } = error;
        request.log.error(
          { sealedValue: { table, column, row, tenant, scope, keysTried, form } },
          error.message,
        );
      } else if (body.statusCode >= 500) {
        // Log the cause for operators; the response carries only the request id.
        const cause = isResponseSerializationError(error) ? 'response did not match its schema' : undefined;
        request.log.error({ err: error, cause }, 'request failed');
      }
      if (body.retryAfter !== undefined) reply.header('retry-after', String(body.retryAfter));
      return reply.code(body.statusCode).type('application/json; charset=utf-8').send(body);
    });
  },
  { name: 'errors' },
);
